import DocumentKit

/// A DjVu document's pages as a reader names them: by number, or by the titles its
/// directory gives them (printed page numbers such as `xii`), which arrive with the last
/// page size the render worker reads.
extension DjVuLayout: PageNumbering {
    public var pageNumbering: (any PageNumbering)? { self }

    public func label(ofPage page: Int) -> String? {
        pageTitles.indices.contains(page) ? pageTitles[page] : nil
    }

    public func readingAnchor(ofPage page: Int) -> ReadingAnchor { ReadingAnchor(section: page, block: 0, fraction: 0) }
}
