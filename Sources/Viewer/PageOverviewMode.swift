import DocumentKit
import Render
import ScrollEngine

/// The overview (F9, a pinch out past the fit, the grid button): the document's pages as a grid
/// of thumbnails in place of the document, in a scroll view of its own on the same axis (the
/// pane's view is swapped, never nested), with the same physics, indicators and page control.
/// A tap on a thumbnail, or a pinch in on one, zooms the grid into it and then shows that page
/// (a jump the history records); Escape or F9 again gives the document back where the reader
/// left it.
final class PageOverviewMode: ViewerPart {
    unowned let state: ViewerState
    unowned let navigation: Navigation

    /// What the document pane showed before the grid replaced it: given back as it was.
    private struct Left {
        var layout: any DocumentContent
        var view: ScrollView
        var renderer: FrameRenderer
        var anchor: ReadingAnchor
    }
    private var left: Left?
    /// The grid shown, while it is.
    private(set) var overview: (any PageOverviewContent)?
    /// The page a tap or a pinch in chose: shown once the grid's zoom into it settles.
    private(set) var chosenPage: Int?
    /// Whether the pinch under way has taken the document past its smallest zoom.
    private var isPinchedPastFit = false
    /// Where the reader was when the pinch under way began: the grid opens there, and Escape
    /// returns there, not to wherever the pinch's rubber band left the pages.
    private var anchorBeforePinch: ReadingAnchor?

    /// How far below its smallest zoom a pinch must take the document to open the grid: the
    /// rubber band shows 10 % less, a pinch meant as more than a wobble at the fit.
    static let pinchOutFraction = 0.9
    /// How far a pinch must spread the grid to open the page under it: twice the thumbnails'
    /// size, more than a wobble, well short of the zoom a tap animates to.
    static let pinchInZoomScale = 2.0

    init(state: ViewerState, navigation: Navigation) {
        self.state = state
        self.navigation = navigation
    }

    var isOpen: Bool { overview != nil }

    /// Where the reader is in the document the grid covers, as it will be given back.
    var readingAnchorLeft: ReadingAnchor? { left?.anchor }
    var zoomScaleLeft: Double? { left?.view.zoomScale }

    // MARK: Opening and closing

    /// Shows the grid in place of the document; false when the document has no pages to show.
    @discardableResult
    func open(at anchor: ReadingAnchor? = nil) -> Bool {
        guard left == nil else { return false }
        let pane = documentPane
        if let anchor {
            // The pinch's rubber band is given up: the document rests at its zoom, at `anchor`.
            let view = scene[pane.view]
            scene[pane.view].setZoomScale(view.restingZoomScale, animated: false, timeMilliseconds: timeMilliseconds)
            document.readingAnchor = anchor
            scroll(to: document.anchorOffset, animated: false)
        }
        guard let overview = document.makePageOverview() else { return false }
        let rect = scene.rects[pane.view]
        let documentView = scene[pane.view]
        left = Left(layout: document, view: documentView, renderer: pane.renderer, anchor: document.readingAnchor)
        var view = ScrollView(viewportSize: rect.size, contentSize: rect.size, configuration: documentView.configuration)
        view.isDirectionalLockEnabled = documentView.isDirectionalLockEnabled
        if documentView.isPagingEnabled {
            view.isPagingEnabled = true
            view.showsPageControl = documentView.showsPageControl
            view.hidesPageControlForSinglePage = true
            overview.pageBottomInsetPixels = document.pageBottomInsetPixels
        } else {
            view.alwaysBounceVertical = true
        }
        overview.setViewportSize(width: rect.size.width, height: rect.size.height)
        // Zoom serves only to go into a page: as far as a thumbnail as wide as the window.
        let thumbnail = overview.thumbnailRect(ofPage: overview.readerPage)
        view.minimumZoomScale = 1
        view.maximumZoomScale = max(PageOverviewMode.pinchInZoomScale * 1.5, rect.size.width / max(thumbnail.width, 1))
        scene[pane.view] = view
        self.overview = overview
        chosenPage = nil
        show(overview, in: pane)
        state.updateContentSize(of: pane, to: overview.contentSize)
        let offset = overview.anchorOffset
        scene[pane.view].scroll(to: LogicalPoint(x: offset.x, y: offset.y), animated: false, timeMilliseconds: timeMilliseconds)
        scene[pane.view].flashScrollIndicators(timeMilliseconds: timeMilliseconds)
        needsFrame = true
        return true
    }

    /// Gives the document back: where the reader left it, or at `page` (from 0), which the
    /// history records as a jump from there.
    func close(showingPage page: Int? = nil) {
        guard let left else { return }
        // The document comes back at its fit (its zoom was given up for the grid).
        defer { state.applyPageFit(animated: false) }
        self.left = nil
        overview = nil
        chosenPage = nil
        let pane = documentPane
        scene[pane.view] = left.view
        show(left.layout, in: pane)
        pane.renderer = left.renderer
        left.layout.readingAnchor = left.anchor
        let rect = scene.rects[pane.view]
        if left.view.viewportSize != rect.size {
            // The window changed size under the grid: the document follows, as on a resize.
            left.layout.setViewportSize(width: rect.size.width, height: rect.size.height)
            scene.setRect(rect, ofView: pane.view, timeMilliseconds: timeMilliseconds)
            state.updateContentSize(of: pane, to: left.layout.contentSize)
            scroll(to: left.layout.anchorOffset, animated: false)
        }
        needsFrame = true
        guard let page else { return }
        navigation.recordJump()
        left.layout.readingAnchor = ReadingAnchor(section: page, block: 0, fraction: 0)
        let view = scene[pane.view]
        if view.isZoomEnabled, view.zoomScale != view.restingZoomScale {
            scene[pane.view].setZoomScale(view.restingZoomScale, animated: false, timeMilliseconds: timeMilliseconds)
        }
        scroll(to: left.layout.anchorOffset, animated: false)
    }

    private func show(_ layout: any DocumentContent, in pane: Pane) {
        state.document = layout
        pane.layout = layout
        pane.renderer = FrameRenderer()
        pane.bufferContents.removeAll()
    }

    private func scroll(to anchor: ContentPoint, animated: Bool) {
        let zoom = scene[documentPane.view].zoomScale
        scene[documentPane.view].scroll(to: LogicalPoint(x: anchor.x * zoom, y: anchor.y * zoom), animated: animated,
                                        timeMilliseconds: timeMilliseconds)
    }

    // MARK: Input

    /// Shows the grid, or gives the document back where the reader left it.
    func toggle() {
        if isOpen { close() } else { open() }
    }

    /// Whether `point` (window px) is on the grid button beside the page control `control`.
    func isButtonOn(_ control: (layout: PageControlLayout, origin: LogicalPoint), at point: LogicalPoint) -> Bool {
        documentPane.renderer.overlayStyle.showsOverviewButton
            && control.layout.overviewButtonContains(x: point.x - control.origin.x, y: point.y - control.origin.y)
    }

    /// Whether the document shown has an overview, as last found (see `showButtonIfAny`).
    private var documentWithOverview: ObjectIdentifier?

    /// Shows the grid button beside the page control when the document has pages to show
    /// as thumbnails: found once a document has them (a PDF still opening has none yet).
    private func showButtonIfAny() {
        let identity = ObjectIdentifier(document)
        if !isOpen, documentWithOverview != identity, document.makePageOverview() != nil { documentWithOverview = identity }
        let shows = isOpen || documentWithOverview == identity
        if documentPane.renderer.overlayStyle.showsOverviewButton != shows {
            documentPane.renderer.overlayStyle.showsOverviewButton = shows
        }
    }

    /// F9 opens or closes the grid; Escape closes it (back and forward leave it too, in
    /// `InputRouter.goBack`). True when the key was the grid's.
    func key(_ name: String, modifiers: InputModifiers) -> Bool {
        switch (name, modifiers) {
        case ("F9", []):
            if isOpen { close() } else if !open() { return false }
            return true
        case ("Escape", []) where isOpen:
            close()
            return true
        default:
            return false
        }
    }

    /// A tap at `point` (in the pane's viewport) while the grid shows: on a thumbnail it zooms
    /// into it, and the page opens once the zoom settles. True when the grid is shown (a tap
    /// on it is never the document's).
    func tap(at point: LogicalPoint) -> Bool {
        guard let overview else { return false }
        guard chosenPage == nil else { return true }
        let view = scene[documentPane.view]
        let zoom = view.zoomScale
        let content = ContentPoint(x: (view.contentOffset.x + point.x) / zoom, y: (view.contentOffset.y + point.y) / zoom)
        guard let page = overview.page(at: content) else { return true }
        zoomIn(to: page)
        return true
    }

    /// A click of the left button from `press` to `release` (window px) is the grid's tap;
    /// true when the grid is shown.
    func click(from press: LogicalPoint, to release: LogicalPoint) -> Bool {
        guard isOpen else { return false }
        let origin = scene.rects[documentPane.view].origin
        guard abs(release.x - press.x) <= Navigation.clickSlopPixels, abs(release.y - press.y) <= Navigation.clickSlopPixels
        else { return true }
        return tap(at: LogicalPoint(x: release.x - origin.x, y: release.y - origin.y))
    }

    /// Starts the zoom into page `page`'s thumbnail, which ends with the thumbnail where the
    /// page will show (as wide as the window at its top, or whole in the middle of a paged
    /// view), so the page takes its place.
    private func zoomIn(to page: Int) {
        guard let overview else { return }
        chosenPage = page
        let view = scene[documentPane.view]
        let thumbnail = overview.thumbnailRect(ofPage: page)
        let width = view.viewportSize.width, height = view.viewportSize.height - overview.pageBottomInsetPixels
        let scale: Double, target: LogicalPoint
        if view.isPagingEnabled {
            scale = min(width / thumbnail.width, height / thumbnail.height)
            target = LogicalPoint(x: thumbnail.x * scale - (width - thumbnail.width * scale) / 2,
                                  y: thumbnail.y * scale - (height - thumbnail.height * scale) / 2)
        } else {
            scale = width / thumbnail.width
            target = LogicalPoint(x: thumbnail.x * scale, y: thumbnail.y * scale)
        }
        // The zoom keeps the content under its focus still: the one focus that ends at `target`.
        let ratio = scale / view.zoomScale
        guard ratio > 1.01 else { return }
        let focus = LogicalPoint(x: (target.x - view.contentOffset.x * ratio) / (ratio - 1),
                                 y: (target.y - view.contentOffset.y * ratio) / (ratio - 1))
        if scale > view.maximumZoomScale { scene[documentPane.view].maximumZoomScale = scale }
        scene[documentPane.view].setZoomScale(scale, about: focus, animated: true, timeMilliseconds: timeMilliseconds)
        needsFrame = true
    }

    /// Around each input the scene takes: a pinch of the document that went past its smallest
    /// zoom opens the grid when it ends.
    func watchPinch(_ apply: () -> Bool) -> Bool {
        guard !isOpen else { return apply() }
        let before = scene[documentPane.view]
        if before.phase == .zooming, before.zoomScale < before.minimumZoomScale * PageOverviewMode.pinchOutFraction {
            isPinchedPastFit = true
        }
        if before.phase != .zooming { anchorBeforePinch = document.readingAnchor }
        let isUsed = apply()
        let after = scene[documentPane.view]
        if after.phase == .zooming, after.zoomScale < after.minimumZoomScale * PageOverviewMode.pinchOutFraction {
            isPinchedPastFit = true
        } else if after.phase != .zooming, isPinchedPastFit {
            isPinchedPastFit = false
            open(at: anchorBeforePinch)
        }
        return isUsed
    }

    /// The pinch under way is no longer a zoom (two fingers turning the pages took it): its
    /// trip past the fit opens nothing.
    func forgetPinch() {
        isPinchedPastFit = false
    }

    /// At each frame, once the engine has moved: a zoom into a thumbnail that has settled
    /// shows its page; a pinch that spread the grid past `pinchInZoomScale` chooses the page
    /// under its focus, and one that did not settles back.
    func advance() {
        showButtonIfAny()
        guard let overview else { return }
        let view = scene[documentPane.view]
        guard view.phase == .idle else { return }
        if let page = chosenPage {
            close(showingPage: page)
            return
        }
        guard view.zoomScale > 1 else { return }
        let focus = view.zoomFocus, zoom = view.zoomScale
        let content = ContentPoint(x: (view.contentOffset.x + focus.x) / zoom, y: (view.contentOffset.y + focus.y) / zoom)
        if view.zoomScale >= PageOverviewMode.pinchInZoomScale, let page = overview.page(at: content) {
            zoomIn(to: page)
        } else {
            scene[documentPane.view].setZoomScale(1, about: focus, animated: true, timeMilliseconds: timeMilliseconds)
        }
    }
}
