import DocumentKit

/// HTML `<details>` in a text column: closed at first (open when marked `open`), a summary line
/// with a triangle that a tap, a click or Return opens and closes, and find opens to show a
/// match inside.
extension DocumentLayout: DisclosureLayout {
    public var disclosures: (any DisclosureLayout)? { self }

    public func disclosureSummary(at point: ContentPoint) -> DisclosureSummary? {
        let reach = DocumentLink.minimumHitHeightPixels
        return disclosureSummaries(within: (point.y - reach)...(point.y + reach))
            .filter { $0.hitRect.containsIncludingEdges(point) }
            .min { abs($0.rect.y + $0.rect.height / 2 - point.y) < abs($1.rect.y + $1.rect.height / 2 - point.y) }
    }

    public func disclosureSummaries(within band: ClosedRange<Double>) -> [DisclosureSummary] {
        var summaries: [DisclosureSummary] = []
        forEachShapedBlock(within: band, from: 0, through: Int.max) { index, number, item, sectionTop in
            guard let marker = item.marker else { return }
            // The whole line is the summary's, as a browser's `<summary>` box takes the column.
            let rect = ContentRect(x: item.left - marker.width, y: sectionTop + item.top, width: item.width + marker.width,
                                   height: item.height)
            summaries.append(DisclosureSummary(position: TextPosition(section: index, block: number, utf8Offset: 0),
                                               isOpen: marker.isOpen, rect: rect))
        }
        return summaries
    }

    public func toggleDisclosure(_ summary: DisclosureSummary, keepingTextAt y: Double) -> Double {
        guard let key = disclosureKey(ofSummaryAt: summary.position) else { return y }
        return setDisclosures([key], isOpen: !disclosureState.isOpen(key), keepingTextAt: y)
    }

    public func openDisclosures(hiding position: TextPosition, keepingTextAt y: Double) -> Double {
        guard let place = block(at: position)?.disclosure, !place.enclosingBodies.isEmpty else { return y }
        let scope = document.disclosureScope(ofSection: position.section)
        let closed = place.enclosingBodies.map { place.key(ofDisclosure: $0, scope: scope) }.filter { !disclosureState.isOpen($0) }
        guard !closed.isEmpty else { return y }
        return setDisclosures(closed, isOpen: true, keepingTextAt: y)
    }

    /// Whether the disclosure whose summary starts at `position` is open; nil when no summary
    /// starts there.
    func isDisclosureOpen(ofSummaryAt position: TextPosition) -> Bool? {
        disclosureKey(ofSummaryAt: position).map(disclosureState.isOpen)
    }

    private func disclosureKey(ofSummaryAt position: TextPosition) -> DisclosureKey? {
        guard let place = block(at: position)?.disclosure, let number = place.summaryOf else { return nil }
        return place.key(ofDisclosure: number, scope: document.disclosureScope(ofSection: position.section))
    }

    /// The block at `position`: from its shaped section, else from the document (a parse of
    /// one section at most); nil while a book's chapter that holds it is not read, which is
    /// never read here, on the loop (a jump waits for it: `whenReady(section:then:)`).
    private func block(at position: TextPosition) -> Block? {
        guard position.section >= 0, position.section < document.sectionCount else { return nil }
        if let section = shapedSection(position.section) {
            return section.blocks.indices.contains(position.block) ? section.blocks[position.block].block : nil
        }
        guard let blocks = document.readyBlocks(inSection: position.section) else { return nil }
        return blocks.indices.contains(position.block) ? blocks[position.block] : nil
    }
}
