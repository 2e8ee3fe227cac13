import DocumentKit

/// Two pages side by side (`PageFrames.showsSpreads`): the viewer turns them and the cover on
/// and off, and asks which pages a view's page shows. The reading position is a page, not a
/// spread: the page under the reader's fingers or pointer when spreads are turned on or off,
/// and, zoomed into a spread, the page at the middle of the window.
extension PagedLayout: PageSpreads {
    public var pageSpreads: (any PageSpreads)? { self }

    public var showsSpreads: Bool { frames.showsSpreads }

    public var hasCover: Bool { frames.hasCover }

    public var readsRightToLeft: Bool { frames.readsRightToLeft }

    public func arrange(spreads: Bool, cover: Bool, keepingPageAt point: ContentPoint?) {
        guard spreads != frames.showsSpreads || cover != frames.hasCover else { return }
        if let point, let page = page(at: point) {
            anchorPage = page
            anchorFraction = isPaged ? 0 : min(max((point.y - pageRect(page).y) / pageRect(page).height, 0), 1)
        }
        frames.arrange(spreads: spreads, cover: cover, size: pointSize)
        changeLog.record(.everything)
    }

    public func readRightToLeft() {
        guard !frames.readsRightToLeft else { return }
        frames.readsRightToLeft = true
        changeLog.record(.everything)
    }

    public func pages(atSlot slot: Int) -> ClosedRange<Int> {
        guard pageCount > 0 else { return 0...0 }
        return frames.pages(atSlot: min(max(slot, 0), max(frames.slotCount - 1, 0)))
    }

    /// The rectangle of page `page`'s spread, both its pages (the page's own without spreads).
    func spreadRect(ofPage page: Int) -> ContentRect {
        let pages = frames.pages(inSpread: frames.spread(ofPage: page))
        return pages.dropFirst().reduce(pageRect(pages.lowerBound)) { rect, other in
            let next = pageRect(other)
            let left = min(rect.x, next.x), top = min(rect.y, next.y)
            return ContentRect(x: left, y: top, width: max(rect.maxX, next.maxX) - left, height: max(rect.maxY, next.maxY) - top)
        }
    }

    /// The page whose frame holds `point`, if any.
    func page(at point: ContentPoint) -> Int? {
        pages(meeting: ContentRect(x: point.x, y: point.y, width: 0.001, height: 0.001)).first { pageRect($0).contains(point) }
    }

    /// The page at the middle of `visible`, the reading position when paged: in a spread shown
    /// whole (unzoomed) its first page in reading order, else the page under the middle.
    func page(nearestCentreOf visible: ContentRect) -> Int {
        let centre = ContentPoint(x: visible.x + visible.width / 2, y: visible.y + visible.height / 2)
        let shown = pages(meeting: ContentRect(x: centre.x, y: 0, width: 0.001, height: 1))
        guard visible.width < viewportWidth - 1 else { return shown.lowerBound }
        return shown.first { pageRect($0).contains(centre) } ?? shown.lowerBound
    }
}
