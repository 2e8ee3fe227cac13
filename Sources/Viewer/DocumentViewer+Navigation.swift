import DocumentKit
import Render
import ScrollEngine

/// Moving the document from outside the seat: a screen reader's caret and focus, a followed
/// link, the outline's and the page control's actions. Each scrolls with the engine's
/// animation from `timeMilliseconds` (such requests carry no event time, so the app gives the
/// compositor's clock now) and marks a frame; none draws.
extension DocumentViewer {
    /// Scrolls the document, animated, so the block at `location` is at the top of its pane
    /// (in a paged view, its page is shown). The scroll follows the block while the content
    /// on the way is laid out and moves it.
    public func scrollDocument(to location: BlockLocation, timeMilliseconds: Double) {
        advanceClock(to: timeMilliseconds)
        let pane = documentPane
        // Setting the anchor lays the block's section out, so where it is starts out exact.
        pane.layout.readingAnchor = ReadingAnchor(section: location.section, block: location.block, fraction: 0)
        let anchor = pane.layout.anchorOffset, zoom = scene[pane.view].zoomScale
        let offset = LogicalPoint(x: anchor.x * zoom, y: anchor.y * zoom)
        scene[pane.view].scroll(to: offset, animated: true, timeMilliseconds: self.timeMilliseconds)
        navigationTarget = (location, offset)
        needsFrame = true
    }

    /// Aims the running navigation scroll at where its block is now, once the content was
    /// laid out for this frame; forgets it once the scroll ends or a gesture takes over.
    func followNavigationTarget() {
        guard let target = navigationTarget else { return }
        let view = scene[documentPane.view]
        guard view.frame.phase == .animating, let offset = contentOffset(of: target.location) else {
            navigationTarget = nil
            return
        }
        guard abs(offset.x - target.offset.x) >= 0.5 || abs(offset.y - target.offset.y) >= 0.5 else { return }
        scene[documentPane.view].scroll(to: offset, animated: true, timeMilliseconds: timeMilliseconds)
        navigationTarget = (target.location, offset)
    }

    /// The document's offset that shows the block at `location` at the top (its page, when
    /// paged), as the content is laid out now.
    private func contentOffset(of location: BlockLocation) -> LogicalPoint? {
        let zoom = scene[documentPane.view].zoomScale
        return document.contentOffset(of: location).map { LogicalPoint(x: $0.x * zoom, y: $0.y * zoom) }
    }

    /// Shows page `page` (from 0) of a paged document, animated.
    public func showPage(_ page: Int, timeMilliseconds: Double) {
        advanceClock(to: timeMilliseconds)
        scene[documentPane.view].scrollToPage(page, timeMilliseconds: self.timeMilliseconds)
        needsFrame = true
    }

    /// Pages the document to the outline's heading `index` (split mode), animated; the page
    /// follows the heading while the pages on the way are laid out.
    public func showOutlineHeading(_ index: Int, timeMilliseconds: Double) {
        guard let (_, list) = outlinePane, list.entries.indices.contains(index) else { return }
        switch list.target(ofHeading: index) {
        case .block(let location):
            scrollDocument(to: location, timeMilliseconds: timeMilliseconds)
        case .page(let page):
            // A page's position is known.
            scene[documentPane.view].scrollToPage(page, timeMilliseconds: timeMilliseconds)
        }
    }

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
