/// A paged document's pages as a grid of thumbnails (the overview, F9): content of its own,
/// shown in the document pane in place of the pages, in a scroll view of its own on the same
/// axis. A kind gets it from the page scheduler (PageKit's `PageOverviewLayout`); a kind with
/// no pages to show has none (`DocumentContent.makePageOverview()` answers nil).
public protocol PageOverviewContent: DocumentContent {
    /// How many pages the grid holds: one thumbnail each.
    var pageCount: Int { get }

    /// The page (from 0) whose thumbnail or label is at `point` (content coordinates, zoom 1),
    /// if any.
    func page(at point: ContentPoint) -> Int?

    /// Where page `page`'s cell (thumbnail and label) is, in content coordinates at zoom 1.
    func cellRect(ofPage page: Int) -> ContentRect

    /// Where page `page`'s thumbnail is drawn in its cell: the page's shape, as large as the
    /// cell's box allows.
    func thumbnailRect(ofPage page: Int) -> ContentRect

    /// The page the reader was on when the grid opened: its cell is shown, marked.
    var readerPage: Int { get }
}

extension DocumentContent {
    /// Content with no pages to show as thumbnails: no overview.
    public func makePageOverview() -> (any PageOverviewContent)? { nil }
}
