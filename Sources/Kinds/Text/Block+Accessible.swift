import DocumentKit
import Machinery

/// A section's blocks as the accessible tree reads them: list paragraphs grouped into lists
/// and items (an item starts at its marker, `• ` or `3. `, as the parser writes it), quoted
/// blocks into a quote, links found in the text's styles; blocks inside closed disclosures
/// left out, and summaries marked expanded or not.
enum AccessibleBlocks {
    /// A block shown, with its index in its section (where the view scrolls to show it).
    private struct Entry {
        let index: Int
        let block: Block
    }

    /// The accessible blocks of `blocks`, the blocks of section `section`, as `disclosures`
    /// shows them (all of them without).
    static func blocks(_ blocks: [Block], inSection section: Int, disclosures: SectionDisclosures? = nil) -> [AccessibleBlock] {
        let entries = blocks.enumerated().compactMap { index, block in
            disclosures?.isShown(block) ?? true ? Entry(index: index, block: block) : nil
        }
        var result: [AccessibleBlock] = []
        var index = 0
        while index < entries.count {
            let block = entries[index].block
            if block.listDepth > 0 {
                result.append(list(entries, at: &index, depth: 1, section: section, disclosures))
            } else if case .tableRow = block.kind {
                result.append(table(entries, at: &index, section: section))
            } else if block.quoteDepth > 0 {
                let start = entries[index].index
                var quoted: [AccessibleBlock] = []
                while index < entries.count, entries[index].block.quoteDepth > 0, entries[index].block.listDepth == 0 {
                    quoted.append(leaf(entries[index], section: section, disclosures))
                    index += 1
                }
                result.append(AccessibleBlock(role: .blockQuote, text: "", children: quoted,
                                              location: AccessibleBlockLocation(section: section, block: start)))
            } else {
                result.append(leaf(entries[index], section: section, disclosures))
                index += 1
            }
        }
        return result
    }

    /// The list of nesting `depth` that starts at `index`, with the lists nested in it.
    private static func list(_ entries: [Entry], at index: inout Int, depth: Int, section: Int,
                             _ disclosures: SectionDisclosures?) -> AccessibleBlock {
        let location = AccessibleBlockLocation(section: section, block: entries[index].index)
        let isOrdered = entries[index].block.text.first?.isNumber == true
        var items: [AccessibleBlock] = []
        while index < entries.count, entries[index].block.listDepth >= depth {
            if entries[index].block.listDepth > depth {
                let nested = list(entries, at: &index, depth: depth + 1, section: section, disclosures)
                if items.isEmpty {
                    items.append(AccessibleBlock(role: .listItem, text: "", location: nested.location))
                }
                items[items.count - 1].children.append(nested)
                continue
            }
            var block = leaf(entries[index], section: section, disclosures)
            if items.isEmpty || startsWithMarker(entries[index].block.text) {
                block.role = .listItem
                items.append(block)
            } else {
                // A further paragraph of the same item.
                items[items.count - 1].children.append(block)
            }
            index += 1
        }
        return AccessibleBlock(role: .list(isOrdered: isOrdered), text: "", children: items, location: location)
    }

    /// The table whose first row is at `index`: its consecutive row blocks, each row's cells
    /// as children (a header row's cells as column headers).
    private static func table(_ entries: [Entry], at index: inout Int, section: Int) -> AccessibleBlock {
        let location = AccessibleBlockLocation(section: section, block: entries[index].index)
        var rows: [AccessibleBlock] = []
        while index < entries.count, case .tableRow(let row) = entries[index].block.kind {
            let rowLocation = AccessibleBlockLocation(section: section, block: entries[index].index)
            let cells = row.cells.map { cell in
                AccessibleBlock(role: .tableCell(isHeader: row.isHeader), text: cell.text, location: rowLocation)
            }
            rows.append(AccessibleBlock(role: .tableRow, text: "", children: cells, location: rowLocation))
            index += 1
        }
        return AccessibleBlock(role: .table, text: "", children: rows, location: location)
    }

    /// Whether a list paragraph begins an item: the parser starts an item's first paragraph
    /// with its marker.
    static func startsWithMarker(_ text: String) -> Bool {
        if text.hasPrefix("• ") { return true }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        return !digits.isEmpty && text.dropFirst(digits.count).hasPrefix(". ")
    }

    private static func leaf(_ entry: Entry, section: Int, _ disclosures: SectionDisclosures?) -> AccessibleBlock {
        let block = entry.block
        let location = AccessibleBlockLocation(section: section, block: entry.index)
        let role: AccessibleBlock.Role
        let read = readable(block)
        var text = read.text
        switch block.kind {
        case .heading(let level): role = .heading(level: level)
        case .paragraph, .plainText, .note, .caption: role = .paragraph
        case .tableRow: role = .tableRow
        case .code: role = .codeBlock
        case .rule, .noteRule, .chapterBreak: role = .separator
        case .image(let source, _):
            role = .image
            // Without alt text the file's name is what a reader can be told.
            if text.isEmpty { text = FilePath.name(of: source) }
        }
        return AccessibleBlock(role: role, text: text, links: read.links, location: location,
                               isExpanded: disclosures?.summaryIsOpen(block))
    }

    /// The block's text as it is read, and its links: an inline image (a heading's logo), which
    /// stands in the text as U+FFFC, is left out with the space after it, as copying leaves it
    /// out; a reader is told nothing rather than "object replacement character".
    private static func readable(_ block: Block) -> (text: String, links: [AccessibleLink]) {
        let utf8 = Array(block.text.utf8)
        var removed: [Range<Int>] = block.styles.compactMap { style in
            guard case .inlineImage = style.kind, style.utf8Range.upperBound <= utf8.count else { return nil }
            let range = style.utf8Range
            let spaceAfter = range.upperBound < utf8.count && utf8[range.upperBound] == UInt8(ascii: " ")
            return range.lowerBound..<(range.upperBound + (spaceAfter ? 1 : 0))
        }
        removed.sort { $0.lowerBound < $1.lowerBound }
        guard !removed.isEmpty else { return (block.text, links(in: block.styles, text: block.text)) }
        var kept: [UInt8] = []
        var start = 0
        for range in removed where range.lowerBound >= start {
            kept += utf8[start..<range.lowerBound]
            start = range.upperBound
        }
        kept += utf8[min(start, utf8.count)...]
        /// Where UTF-8 offset `offset` of the block's text is in the text read.
        func shifted(_ offset: Int) -> Int {
            offset - removed.reduce(0) { total, range in
                total + max(0, min(offset, range.upperBound) - range.lowerBound)
            }
        }
        let text = String(decoding: kept, as: UTF8.self)
        let styles = block.styles.map { InlineStyle($0.kind, utf8Range: shifted($0.utf8Range.lowerBound)..<shifted($0.utf8Range.upperBound)) }
        return (text, links(in: styles, text: text))
    }

    /// The links of `styles` over `text`, their UTF-8 ranges turned into character offsets.
    private static func links(in styles: [InlineStyle], text: String) -> [AccessibleLink] {
        styles.compactMap { style in
            guard case .link(let destination) = style.kind,
                  let characters = AccessibleBlock.characterRange(ofUTF8: style.utf8Range, in: text) else { return nil }
            return AccessibleLink(characterRange: characters, target: destination)
        }
    }
}
