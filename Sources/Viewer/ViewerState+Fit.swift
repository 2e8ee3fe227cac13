import DocumentKit
import ScrollEngine

/// What the viewer remembers of the fit between frames: the zoom it last gave the pages and
/// whether a double tap zoomed in from it.
struct PageFitting {
    /// The zoom the document pane rests at while the fit is kept: the fit's, or a double
    /// tap's; nil until the pages are known and the fit is applied.
    var restingZoomScale: Double?
    /// The page shown (paged) when the fit was applied: a turn brings the next page in at
    /// zoom 1, which `w` magnifies again.
    var page = 0
    /// Whether a double tap zoomed in from the fit, so the next returns to it.
    var isDoubleTapZoomed = false
}

/// Fit (issue 26): `w` fits the page's width to the window, `f` the whole page, Ctrl+0 and
/// a second press of the key of the fit shown return to automatic (`PagedLayout`'s
/// `zoomScale(fitting:)` says what each means). The fit is kept as the window changes size;
/// a zoom by hand (a pinch, Ctrl+plus and minus, Ctrl+wheel) leaves it (`PageFit.free`)
/// until one is chosen again. A double tap zooms to the column of text under the finger, and
/// a second returns to the fit. The choice is this document's (`pageModes.fit`).
extension ViewerState {
    /// The fit chosen for this document.
    var pageFit: PageFit { pageModes.fit ?? .automatic }

    /// Whether the document's pages are fitted: paged kinds, magnified or zoomed page by page.
    var fitsPages: Bool {
        switch document.zoomPolicy {
        case .magnify, .perPage: true
        case .reflow, .none: false
        }
    }

    /// `w`, `f` or Ctrl+0 (`fit`): shows that fit; the key of the fit already shown returns
    /// to automatic. False for content that is not fitted (the key is then not used).
    func choosePageFit(_ fit: PageFit) -> Bool {
        guard fitsPages else { return false }
        let isShown = fit == pageFit && pageFitting.restingZoomScale != nil && !pageFitting.isDoubleTapZoomed
        pageModes.fit = isShown && fit != .automatic ? PageFit.automatic : fit
        applyPageFit(animated: true)
        return true
    }

    /// Zooms the document pane to the fit chosen, keeping the top of what is shown (`f` in a
    /// column: the top of the page at the reading position); nothing while the pages are not
    /// known yet (`keepPageFit` applies it once they are) or the zoom is by hand.
    func applyPageFit(animated: Bool) {
        pageFitting = PageFitting()
        let fit = pageFit
        let pane = documentPane
        guard fitsPages, fit != .free, let zoom = document.zoomScale(fitting: fit) else { return }
        // Saved explicitly from now on, so a remembered zoom is told from a remembered fit.
        pageModes.fit = fit
        var view = scene[pane.view]
        let width = view.viewportSize.width
        var anchor = LogicalPoint(x: (view.contentOffset.x + width / 2) / view.zoomScale, y: view.contentOffset.y / view.zoomScale)
        if !view.isPagingEnabled {
            if !zoomRules.isRangeFixed, zoom < view.minimumZoomScale { view.minimumZoomScale = zoom }
            if fit == .page {
                // The whole page at the reading position, from the gap above it.
                let page = document.readingAnchor.section
                document.readingAnchor = ReadingAnchor(section: page, block: 0, fraction: 0)
                anchor.y = max(document.anchorOffset.y - Self.pageGapPixels, 0)
            }
        }
        view.setZoomScale(zoom, keeping: anchor, at: LogicalPoint(x: width / 2, y: 0), animated: animated,
                          timeMilliseconds: timeMilliseconds)
        scene[pane.view] = view
        pageFitting.restingZoomScale = min(max(zoom, view.minimumZoomScale), view.maximumZoomScale)
        pageFitting.page = view.frame.pageControl.currentPage
        needsFrame = true
    }

    /// The room kept above a page fitted whole, in logical px at zoom 1: PageFrames' gap.
    private static let pageGapPixels = 16.0

    /// Once a frame has advanced: applies a fit that waited for the pages; in paging mode
    /// fits each page turned to, as `w` did the first; and leaves the fit when the pane came
    /// to rest at a zoom the fit did not give (a pinch, the zoom keys).
    func keepPageFit() {
        guard fitsPages, pageFit != .free else { return }
        let view = scene[documentPane.view]
        guard view.phase == .idle else { return }
        guard let resting = pageFitting.restingZoomScale else { return applyPageFit(animated: false) }
        if view.isPagingEnabled, view.frame.pageControl.currentPage != pageFitting.page {
            pageFitting.page = view.frame.pageControl.currentPage
            // The turn brought the page in unzoomed.
            if abs(view.zoomScale - 1) < 1e-6 {
                if pageFit == .width { applyPageFit(animated: false) } else { pageFitting = PageFitting(restingZoomScale: 1, page: pageFitting.page) }
                return
            }
        }
        // 1 %, as the engine's own double tap tells zoomed from resting.
        if abs(view.zoomScale / resting - 1) > 0.01 {
            pageModes.fit = .free
            pageFitting = PageFitting()
        }
    }

    /// A double tap on the document at `location` (viewport px): back to the fit when zoomed
    /// in from it (by a double tap, or by hand); otherwise in to the column of text under the
    /// finger, its edges a margin from the window's (as iOS zooms a column), or, with no text
    /// there, to twice the fit about the finger. False for content that is not fitted (the
    /// engine's own double tap zoom answers it).
    func doubleTapZoom(at location: LogicalPoint) -> Bool {
        guard fitsPages else { return false }
        let pane = documentPane
        let view = scene[pane.view]
        let fit = pageFit == .free ? PageFit.automatic : pageFit
        guard let fitZoom = document.zoomScale(fitting: fit) else { return true }
        if pageFitting.isDoubleTapZoomed || view.zoomScale > fitZoom * 1.01 {
            pageModes.fit = fit
            scene[pane.view].setZoomScale(fitZoom, about: location, animated: true, timeMilliseconds: timeMilliseconds)
            pageFitting = PageFitting(restingZoomScale: fitZoom, page: view.frame.pageControl.currentPage)
            needsFrame = true
            return true
        }
        let point = ContentPoint(x: (view.contentOffset.x + location.x) / view.zoomScale,
                                 y: (view.contentOffset.y + location.y) / view.zoomScale)
        let width = view.viewportSize.width
        let margin = Self.columnMarginPixels
        if let column = document.textColumn(at: point), column.upperBound > column.lowerBound {
            let zoom = (width - 2 * margin) / (column.upperBound - column.lowerBound)
            if zoom > view.zoomScale * 1.05 {
                zoomIn(to: zoom, keeping: LogicalPoint(x: column.lowerBound - margin / zoom, y: point.y),
                       at: LogicalPoint(x: 0, y: location.y))
                return true
            }
        }
        let zoom = view.zoomScale * view.configuration.doubleTapZoomScale
        zoomIn(to: zoom, keeping: LogicalPoint(x: point.x, y: point.y), at: location)
        return true
    }

    /// A first tap on the pages at `location` (viewport px): asks for the text of the page
    /// under it, so a second tap that makes it a double tap finds the column there (a page's
    /// text is read on a worker, in a few ms).
    func prepareDoubleTap(at location: LogicalPoint) {
        guard fitsPages else { return }
        let view = scene[documentPane.view]
        _ = document.textColumn(at: ContentPoint(x: (view.contentOffset.x + location.x) / view.zoomScale,
                                                 y: (view.contentOffset.y + location.y) / view.zoomScale))
    }

    /// The margin a double tap leaves between a column of text and the window's edges, in
    /// logical px: PageFrames' side margin, the room a page fitted to the width keeps.
    static let columnMarginPixels = 16.0

    private func zoomIn(to zoom: Double, keeping anchor: LogicalPoint, at focus: LogicalPoint) {
        let pane = documentPane
        scene[pane.view].setZoomScale(zoom, keeping: anchor, at: focus, animated: true, timeMilliseconds: timeMilliseconds)
        let view = scene[pane.view]
        pageFitting.restingZoomScale = min(max(zoom, view.minimumZoomScale), view.maximumZoomScale)
        pageFitting.isDoubleTapZoomed = true
        needsFrame = true
    }
}
