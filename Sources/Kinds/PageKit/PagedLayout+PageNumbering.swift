import DocumentKit

/// A document's pages as a reader names them: by number, or by the labels its source gives
/// (a PDF's `/PageLabels`, read off the loop with the outline the first time one is asked for;
/// a DjVu document's page titles, which arrive with the last page size). Pictures (comics,
/// images) are named by their numbers in the page control and have no entry.
extension PagedLayout: PageNumbering {
    public var pageNumbering: (any PageNumbering)? { source.style == .document ? self : nil }

    public func label(ofPage page: Int) -> String? {
        pageLabels.indices.contains(page) ? pageLabels[page] : readLabels.label(ofPage: page)
    }

    public func readingAnchor(ofPage page: Int) -> ReadingAnchor { ReadingAnchor(section: page, block: 0, fraction: 0) }
}
