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

    /// The block's text as it is read, and its links. An inline image (a heading's logo)
    /// stands in the text as U+FFFC OBJECT REPLACEMENT CHARACTER, which a screen reader looks
    /// up as an embedded object, finds none, and may read out by name; it is read as U+200B
    /// ZERO WIDTH SPACE, which is not read at all. Both are one character of three UTF-8 bytes,
    /// so every offset (the caret, the selection, character boxes, line starts, links) stays
    /// the block's own.
    private static func readable(_ block: Block) -> (text: String, links: [AccessibleLink]) {
        var utf8 = Array(block.text.utf8)
        for style in block.styles {
            guard case .inlineImage = style.kind else { continue }
            var index = style.utf8Range.lowerBound
            while index + 3 <= min(style.utf8Range.upperBound, utf8.count) {
                if utf8[index..<(index + 3)].elementsEqual(AccessibleBlocks.objectReplacement) {
                    utf8.replaceSubrange(index..<(index + 3), with: AccessibleBlocks.zeroWidthSpace)
                }
                index += 1
            }
        }
        let text = String(decoding: utf8, as: UTF8.self)
        return (text, links(in: block.styles, text: text))
    }

    private static let objectReplacement = Array("\u{FFFC}".utf8), zeroWidthSpace = Array("\u{200B}".utf8)

    /// The links of `styles` over `text`, their UTF-8 ranges turned into character offsets.
    private static func links(in styles: [InlineStyle], text: String) -> [AccessibleLink] {
        styles.compactMap { style in
            guard case .link(let destination) = style.kind,
                  let characters = AccessibleBlock.characterRange(ofUTF8: style.utf8Range, in: text) else { return nil }
            return AccessibleLink(characterRange: characters, target: destination)
        }
    }
}
