import Document
import Render
import ScrollEngine

/// Moving the document from outside the seat: a screen reader's caret and focus, a followed
/// link, the outline's and the page control's actions. Each scrolls with the engine's
/// animation from `timeMilliseconds` (such requests carry no event time, so the app gives the
/// compositor's clock now) and marks a frame; none draws.
extension DocumentViewer {
    /// Scrolls the document, animated, so the block at `anchor` is at the top of its pane (in
    /// a paged view, its page is shown).
    public func scrollDocument(to anchor: ReadingAnchor, timeMilliseconds: Double) {
        advanceClock(to: timeMilliseconds)
        let pane = documentPane
        pane.layout.readingAnchor = anchor
        let offset = pane.layout.anchorOffset, zoom = scene[pane.view].zoomScale
        scene[pane.view].scroll(to: LogicalPoint(x: offset.x * zoom, y: offset.y * zoom), animated: true,
                                timeMilliseconds: self.timeMilliseconds)
        needsFrame = true
    }

    /// Shows page `page` (from 0) of a paged document, animated.
    public func showPage(_ page: Int, timeMilliseconds: Double) {
        advanceClock(to: timeMilliseconds)
        scene[documentPane.view].scrollToPage(page, timeMilliseconds: self.timeMilliseconds)
        needsFrame = true
    }

    /// Pages the document to the outline's heading `index` (split mode), animated.
    public func showOutlineHeading(_ index: Int, timeMilliseconds: Double) {
        guard let (_, outline) = outlinePane else { return }
        showPage(outline.page(ofHeading: index), timeMilliseconds: timeMilliseconds)
    }

    /// The outline shown above the pages in split mode.
    public var outline: OutlineLayout? { outlinePane?.outline }

    /// The page shown (from 0) and the page count, in a paged view.
    public var pages: (current: Int, count: Int)? {
        let view = scene[documentPane.view]
        guard view.isPagingEnabled else { return nil }
        return (view.frame.pageControl.currentPage, view.frame.pageControl.numberOfPages)
    }

    /// Whether nothing moves in any pane.
    public var isAtRest: Bool { panes.allSatisfy { scene[$0.view].frame.isAtRest } }

    /// Where `rect` of the document's content (zoom 1) shows in the window, if any of it does.
    public func windowRect(ofDocumentContent rect: ContentRect) -> LogicalRect? {
        windowRect(ofContent: rect, in: documentPane)
    }

    /// Where the outline's row `index` shows in the window, if it does.
    public func windowRect(ofOutlineRow index: Int) -> LogicalRect? {
        guard let (pane, outline) = outlinePane else { return nil }
        return windowRect(ofContent: outline.rowRect(ofHeading: index), in: pane)
    }

    /// Where the document's page control is drawn in the window, if it is shown.
    public var pageControlRect: LogicalRect? {
        guard let control = pageControl(ofPane: panes.count - 1) else { return nil }
        let layout = control.layout
        return LogicalRect(x: control.origin.x + layout.backdropX,
                           y: control.origin.y + layout.centerY - layout.backdropHeight / 2,
                           width: layout.backdropWidth, height: layout.backdropHeight)
    }

    private func windowRect(ofContent content: ContentRect, in pane: Pane) -> LogicalRect? {
        let view = scene[pane.view], pane = scene.rects[pane.view]
        let rect = LogicalRect(x: pane.origin.x + content.x * view.zoomScale - view.contentOffset.x,
                               y: pane.origin.y + content.y * view.zoomScale - view.contentOffset.y,
                               width: content.width * view.zoomScale, height: content.height * view.zoomScale)
        guard rect.origin.x < pane.origin.x + pane.size.width, rect.origin.x + rect.size.width > pane.origin.x,
              rect.origin.y < pane.origin.y + pane.size.height, rect.origin.y + rect.size.height > pane.origin.y
        else { return nil }
        return rect
    }
}
