import DocumentKit

/// Going to a page by its number or its label: the go-to-page entry's and the overview's way
/// to a page, a jump the history records.
extension Navigation {
    /// How many pages the reader can go to: the document's own (a PDF's, a DjVu's), else the
    /// paged view's; nil for content that scrolls without pages (text).
    public var pageCount: Int? {
        if let numbering = document.pageNumbering { return numbering.pageCount }
        return pages?.count
    }

    /// The label printed on page `page` (from 0), where it has one (`xii`); nil otherwise.
    public func label(ofPage page: Int) -> String? { document.pageNumbering?.label(ofPage: page) }

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
            // Pages of the view's own (images, paged text): its page control's.
            scene[documentPane.view].scrollToPage(page, timeMilliseconds: self.timeMilliseconds)
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
