/// Two pages side by side (issue 26), as the paged kinds show them: the viewer turns spreads
/// and the cover on and off (`d`, Shift+D), reads pages right to left (`--right-to-left`), and
/// asks which of the document's pages a view's page shows (the page control's `12–13 / 245`,
/// going to a page). Content without pages of its own answers nil
/// (`DocumentContent.pageSpreads`).
public protocol PageSpreads: AnyObject {
    /// Whether pages are shown two side by side.
    var showsSpreads: Bool { get }
    /// Whether the first page is shown alone in spreads, as a book's cover.
    var hasCover: Bool { get }
    /// Whether the first page is at the right, the next to its left (a manga's).
    var readsRightToLeft: Bool { get }
    /// The document's own page count (a spread's pages counted one by one).
    var pageCount: Int { get }
    /// Shows pages two side by side (the first alone when `cover`) or one by one; the page at
    /// `point` (content, zoom 1), else the page at the reading position, becomes the reading
    /// position, so the view can show it again (`anchorOffset`).
    func arrange(spreads: Bool, cover: Bool, keepingPageAt point: ContentPoint?)
    /// Reads the pages right to left from now on (`--right-to-left`), the first at the right.
    func readRightToLeft()
    /// The document's pages that the view's page `slot` (from the left) shows, first to last
    /// in reading order.
    func pages(atSlot slot: Int) -> ClosedRange<Int>
    /// The view's page (from the left) that shows the document's page `page`.
    func slot(ofPage page: Int) -> Int
}

extension DocumentContent {
    /// Content without pages of its own shows no spreads.
    public var pageSpreads: (any PageSpreads)? { nil }
}
