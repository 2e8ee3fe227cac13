import DocumentKit

extension DocumentLayout: ReadableLayout {
    public func sections(meeting band: ClosedRange<Double>) -> ClosedRange<Int> {
        let first = textPosition(at: ContentPoint(x: 0, y: band.lowerBound))?.section ?? 0
        let last = textPosition(at: ContentPoint(x: 0, y: band.upperBound))?.section ?? first
        return first...max(first, last)
    }

    public func search(for query: String) -> DocumentSearch {
        DocumentSearch(document: document, query: query)
    }

    public var linkBaseDirectory: String? { document.baseDirectory }

    public func findAnchor(_ fragment: String, then deliver: @escaping (TextPosition?) -> Void) {
        document.findHeading(anchor: fragment, then: deliver)
    }

    public func textForCopying(in range: TextRange) -> @Sendable () -> String {
        let document = self.document, disclosures = disclosureState
        return { document.text(in: range, shown: disclosures) }
    }
}
