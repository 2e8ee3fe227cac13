import DocumentKit

/// The laid-out text under a point and where text is drawn: for selection, find highlights
/// and links. Only shaped sections answer (those near the viewport, where a finger or pointer
/// can be); positions are in the document's text, so they outlive reflow and eviction.
extension DocumentLayout {
    /// The text position nearest `point` (content coordinates, zoom 1); nil when no text is
    /// shaped there.
    public func textPosition(at point: ContentPoint) -> TextPosition? {
        guard document.sectionCount > 0 else { return nil }
        let index = section(at: point.y)
        let y = point.y - top(ofSection: index)
        // The block under the point, or the one just above a gap between blocks.
        guard let section = shapedSection(index), let number = section.shownBlockIndex(at: y) else { return nil }
        let block = section.blocks[number]
        let offset = y > block.top + block.height ? block.block.text.utf8.count : block.utf8Offset(nearX: point.x, y: y)
        return TextPosition(section: index, block: number, utf8Offset: offset)
    }

    /// Where `range` is drawn between content y `band` (content coordinates), one rectangle
    /// per line part; parts in sections not shaped now are left out.
    public func rects(of range: TextRange, within band: ClosedRange<Double>) -> [ContentRect] {
        var rects: [ContentRect] = []
        forEachShapedBlock(within: band, from: range.start.section, through: range.end.section) { index, number, item, sectionTop in
            guard let part = range.utf8Range(inSection: index, block: number, length: item.block.text.utf8.count)
            else { return }
            rects += item.rects(of: part).map { ContentRect(x: $0.x, y: $0.y + sectionTop, width: $0.width, height: $0.height) }
        }
        return rects
    }

    /// The caret at `position` (content coordinates), where a selection handle stands; nil
    /// when its section is not shaped.
    public func caretRect(at position: TextPosition) -> ContentRect? {
        guard let item = placedBlock(at: position) else { return nil }
        let caret = item.caretRect(at: position.utf8Offset)
        return ContentRect(x: caret.x, y: caret.y + top(ofSection: position.section), width: 0, height: caret.height)
    }

    /// The word at `position`, by pango's word boundaries; nil when its section is not shaped.
    public func wordRange(at position: TextPosition) -> TextRange? {
        guard let item = placedBlock(at: position) else { return nil }
        let word = item.wordRange(around: position.utf8Offset)
        return range(inBlockOf: position, word)
    }

    /// The paragraph (block) at `position`.
    public func paragraphRange(at position: TextPosition) -> TextRange? {
        guard let item = placedBlock(at: position) else { return nil }
        return range(inBlockOf: position, 0..<item.block.text.utf8.count)
    }

    /// The links drawn between content y `band`, with their hit areas.
    public func links(within band: ClosedRange<Double>) -> [DocumentLink] {
        var links: [DocumentLink] = []
        forEachShapedBlock(within: band, from: 0, through: Int.max) { _, _, item, sectionTop in
            for style in item.block.styles {
                guard case .link(let destination) = style.kind else { continue }
                let rects = item.rects(of: style.utf8Range).map {
                    ContentRect(x: $0.x, y: $0.y + sectionTop, width: $0.width, height: $0.height)
                }
                if !rects.isEmpty { links.append(DocumentLink(destination: destination, rects: rects)) }
            }
        }
        return links
    }

    /// The link whose hit area holds `point`, the nearest when areas overlap.
    public func link(at point: ContentPoint) -> DocumentLink? {
        let reach = DocumentLink.minimumHitHeightPixels
        return links(within: (point.y - reach)...(point.y + reach))
            .filter { link in link.hitRects.contains { $0.containsIncludingEdges(point) } }
            .min { $0.distance(to: point) < $1.distance(to: point) }
    }

    /// The content y where `position`'s line starts, laying its section out first (a few ms
    /// at most) so the answer is exact: where to scroll to show a match or a heading. A
    /// section above `viewportTop` keeps its bottom, so what is on screen stays.
    public func lineTop(of position: TextPosition, viewportTop: Double) -> Double? {
        guard position.section < document.sectionCount else { return nil }
        layOut(position.section, keeping: top(ofSection: position.section + 1) <= viewportTop ? .bottom : .top)
        guard let section = shapedSection(position.section), position.block < section.blocks.count else { return nil }
        let item = section.blocks[position.block]
        let rect = item.rects(of: position.utf8Offset..<position.utf8Offset).first
        return top(ofSection: position.section) + (rect?.y ?? item.top)
    }

    private func placedBlock(at position: TextPosition) -> SectionLayout.PlacedBlock? {
        guard let section = shapedSection(position.section), position.block < section.blocks.count else { return nil }
        return section.blocks[position.block]
    }

    private func range(inBlockOf position: TextPosition, _ utf8: Range<Int>) -> TextRange {
        TextRange(TextPosition(section: position.section, block: position.block, utf8Offset: utf8.lowerBound),
                  TextPosition(section: position.section, block: position.block, utf8Offset: utf8.upperBound))
    }

    /// Calls `body` with each shaped block shown that meets `band`, in sections `first`…`last`, with
    /// its section's index, its number in the section and the section's top.
    func forEachShapedBlock(within band: ClosedRange<Double>, from first: Int, through last: Int,
                                    _ body: (Int, Int, SectionLayout.PlacedBlock, Double) -> Void) {
        guard document.sectionCount > 0 else { return }
        var index = max(section(at: band.lowerBound), first)
        while index < document.sectionCount, index <= last, top(ofSection: index) <= band.upperBound {
            if let section = shapedSection(index) {
                let sectionTop = top(ofSection: index)
                for (number, item) in section.blocks.enumerated()
                where !item.isHidden && sectionTop + item.top <= band.upperBound && sectionTop + item.top + item.height >= band.lowerBound {
                    body(index, number, item, sectionTop)
                }
            }
            index += 1
        }
    }
}
