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

    /// Finds the place on a worker (a large Markdown file is parsed whole, a book's chapter read
    /// to find it), then waits for its section's text to be ready, so revealing it reads nothing
    /// on the loop: the worker's read may have left a book's cache by the time the answer
    /// arrives (a 50 MB chapter fills it, and the view's next chapter pushes it out).
    public func findAnchor(_ fragment: String, then deliver: @escaping (TextPosition?) -> Void) {
        anchorsBeingFound += 1
        document.findHeading(anchor: fragment) { [weak self] position in
            guard let self else { return }
            guard let position else {
                anchorsBeingFound -= 1
                return deliver(nil)
            }
            whenReady(section: position.section) { [weak self] in
                self?.anchorsBeingFound -= 1
                deliver(position)
            }
        }
    }

    public func textForCopying(in range: TextRange) -> @Sendable () -> String {
        let document = self.document, disclosures = disclosureState
        return { document.text(in: range, shown: disclosures) }
    }
}
