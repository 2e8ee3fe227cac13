import DocumentKit
import Render

/// Going to a page by its number or its label: the go-to-page entry's and the overview's way
/// to a page, a jump the history records.
extension Navigation {
    /// How many pages the reader can go to: the document's own (a PDF's, a DjVu's, a comic's
    /// in spreads), else the paged view's; nil for content that scrolls without pages (text).
    public var pageCount: Int? {
        if let numbering = document.pageNumbering { return numbering.pageCount }
        if let spreads = document.pageSpreads, pages != nil { return spreads.pageCount }
        return pages?.count
    }

    /// The label printed on page `page` (from 0), where it has one (`xii`); nil otherwise.
    public func label(ofPage page: Int) -> String? { document.pageNumbering?.label(ofPage: page) }

    /// The paged view's page that shows the document's page `page`: its spread's, counted from
    /// the left; the same number where the view's pages are the document's.
    func viewPage(ofDocumentPage page: Int) -> Int { document.pageSpreads?.slot(ofPage: page) ?? page }

    /// The document's first page (in reading order) that the paged view's page `viewPage`
    /// shows.
    func documentPage(ofViewPage viewPage: Int) -> Int { document.pageSpreads?.pages(atSlot: viewPage).lowerBound ?? viewPage }

    /// The document's pages that the paged view's page `viewPage` shows, where they are not
    /// that page itself (a spread's two, pages read right to left); nil otherwise.
    public func shownPages(ofViewPage viewPage: Int) -> ShownPages? {
        guard let spreads = document.pageSpreads, spreads.showsSpreads || spreads.readsRightToLeft else { return nil }
        return ShownPages(pages: spreads.pages(atSlot: viewPage), pageCount: spreads.pageCount)
    }

    /// The labels printed on the pages the paged view's page `viewPage` shows (`xii–xiii` for
    /// a spread), where they have them.
    public func label(ofViewPage viewPage: Int) -> String? {
        guard let pages = shownPages(ofViewPage: viewPage)?.pages else { return label(ofPage: viewPage) }
        guard let first = label(ofPage: pages.lowerBound) else { return nil }
        guard pages.count > 1, let last = label(ofPage: pages.upperBound) else { return first }
        return first + "–" + last
    }

    /// Starts reading the page labels, which come from a worker, so that they are there by the
    /// time the reader has typed one.
    func startReadingPageLabels() {
        _ = label(ofPage: 0)
    }

    /// Goes to page `page` (from 0), animated, as a jump: where the reader was goes into the
    /// history, so Alt+Left returns there. The one call for anything that leads to a page (the
    /// go-to-page entry, a tap in the overview).
    public func goToPage(_ page: Int, timeMilliseconds: Double) {
        advanceClock(to: timeMilliseconds)
        guard let count = pageCount, count > 0 else { return }
        let page = min(max(page, 0), count - 1)
        recordJump()
        guard let numbering = document.pageNumbering else {
            // Pages of the view's own (images, paged text): its page control's, a spread's.
            scene[documentPane.view].scrollToPage(viewPage(ofDocumentPage: page), timeMilliseconds: self.timeMilliseconds)
            needsFrame = true
            return
        }
        var place = currentPlace
        place.anchor = numbering.readingAnchor(ofPage: page)
        place.x = 0
        place.yRemainder = 0
        go(to: place)
    }
}
