import DocumentKit
import Render
import ScrollEngine

/// The viewer: a document (and in split mode its outline) in panes of one window, scrolled
/// by the engine and drawn by the renderer. It knows no Wayland and reads no clock.
///
/// Data flows one way. Input arrives as `ViewerInput` (`handle(_:)`) and only changes the
/// engine and marks the viewer; background results and content changes mark it too
/// (`setNeedsFrame()`); the app's loop then asks for one `frame(at:into:bufferID:)`, which runs
/// advance → layout → corrections → frame → render → damage in that order and says what to
/// commit and whether to come back for another frame.
///
/// It is made of parts, each with its own concern, around the state they share
/// (`ViewerState`): the frame pipeline (`FramePipeline`), navigation (`Navigation`: history,
/// path and title, targets) and input routing (`InputRouter`: claims, the reading tools).
public final class DocumentViewer {
    /// The panes, the scene, the clock, the window: what the parts share.
    public let state: ViewerState
    /// Where the document is and which document it is.
    public let navigation: Navigation
    let input: InputRouter
    let frames: FramePipeline

    /// Shows `layout` in a window of `windowSize` logical px; in split mode (pages only) its
    /// outline sits above it. `position` is where the reader was last time, `quarterTurns`
    /// how the pages were turned then.
    public init(layout: any DocumentContent, options: ViewerOptions, windowSize: LogicalSize,
                position: (anchor: ReadingAnchor, zoomScale: Double)? = nil, quarterTurns: Int = 0) {
        let modes = RememberedModes(pageModes: options.pageModes, quarterTurns: quarterTurns, zoomScale: position?.zoomScale ?? 1)
        let defaults = DocumentDefaults(readsRightToLeft: options.readsRightToLeft, forcesNightPages: options.forcesNightPages,
                                        desktopPrefersDark: options.desktopPrefersDark)
        ViewerState.arrange(layout, as: modes, defaults: defaults)
        if let position { layout.readingAnchor = position.anchor }
        let listPalette = ViewerState.outlinePalette(for: layout.palette)
        let outline = options.isSplit ? layout.outline.map { OutlineListLayout(source: $0, palette: listPalette) } : nil
        let rects = PaneGeometry.rects(in: windowSize, isSplit: outline != nil)
        var panes: [Pane] = []
        var scene = ScrollScene()
        if let outline {
            // The outline: a vertical list above the horizontally paged document, so one
            // gesture can never move both.
            var list = ScrollView(viewportSize: rects[0].size, contentSize: rects[0].size, configuration: options.configuration)
            list.alwaysBounceVertical = true
            panes.append(Pane(view: DocumentViewer.addPaneView(list, in: rects[0], to: &scene), layout: outline))
        }
        var view = ScrollView(viewportSize: rects.last!.size, contentSize: rects.last!.size, configuration: options.configuration)
        view.isDirectionalLockEnabled = options.isDirectionalLockEnabled
        view.isPagingEnabled = options.isPaged
        var policy = layout.zoomPolicy
        if case .magnify = policy {
            // A magnified document's range starts at its whole page, which the viewport decides.
            layout.setViewportSize(width: rects.last!.size.width, height: rects.last!.size.height)
            policy = layout.zoomPolicy
        }
        // Zoom suits a scrolling document; pages are read whole, so they zoom only when asked.
        ViewerState.configureZoom(of: &view, for: policy, zoomRange: options.zoomRange)
        var text: (any TextScalableLayout)?
        if case .reflow(let scalable) = policy, !options.isPaged, options.zoomRange == nil { text = scalable }
        if let text {
            if let position, position.zoomScale != 1 { _ = text.setTextScale(position.zoomScale, keeping: .zero) }
            ViewerState.limitTextZoom(of: &view, at: text)
        }
        if options.isPaged {
            view.isPagingEnabled = true
            view.showsPageControl = options.showsPageControl
            view.hidesPageControlForSinglePage = true
        } else {
            // A short document rests at the top and still answers a drag, as a text view does.
            view.alwaysBounceVertical = true
        }
        ViewerState.keepPageControlBand(of: layout, in: view)
        let index = DocumentViewer.addPaneView(view, in: rects.last!, to: &scene)
        panes.append(Pane(view: index, layout: layout))
        // Keys page the document, not the outline, until a touch or the pointer picks a view.
        scene.focus(view: index)
        if let position, position.zoomScale != 1, text == nil {
            scene[index].setZoomScale(position.zoomScale, animated: false, timeMilliseconds: 0)
        }
        state = ViewerState(panes: panes, scene: scene, windowSize: windowSize, document: layout, outline: outline,
                            zoomRules: ViewerState.ZoomRules(reflowsText: text != nil, isRangeFixed: options.zoomRange != nil))
        state.documentDefaults = defaults
        state.adoptModes(modes)
        navigation = Navigation(state: state)
        input = InputRouter(state: state, navigation: navigation)
        frames = FramePipeline(state: state, navigation: navigation, input: input)
        navigation.onReopenedDocumentShown = { [unowned input] in input.forgetReadingTools() }
    }

    /// Adds a pane's scroll view. Panes lie apart (one above the other), so the scene's
    /// nesting rules cannot refuse it; if they did, that is a bug to report, not to hide.
    private static func addPaneView(_ view: ScrollView, in rect: LogicalRect, to scene: inout ScrollScene) -> Int {
        do {
            return try scene.addView(view, in: rect)
        } catch {
            preconditionFailure("a pane's view was refused: \(error)")
        }
    }

    /// Gives back what a view at rest does not show: each pane's tiles outside its last frame.
    /// For the app to call once a frame comes to rest (`ViewerFrame.savesReadingPosition`),
    /// before it gives the heap's free memory back to the system.
    public func releaseMemoryAtRest() {
        for pane in panes { pane.renderer.tiles.releaseTilesNotShown() }
    }

    /// The scroll views; one per pane, in the panes' order.
    public var scene: ScrollScene { state.scene }
    public var panes: [Pane] { state.panes }
    /// The pane showing the document (the last one).
    public var documentPane: Pane { state.documentPane }
    /// The document in the document pane.
    public var document: any DocumentContent { state.document }
    /// The outline list above the pages in split mode.
    public var outline: OutlineListLayout? { state.outline }
    /// The window's size in logical px.
    public var windowSize: LogicalSize { state.windowSize }
    /// The rectangle of each pane in the window, in logical px.
    public var paneRects: [LogicalRect] { state.paneRects }
    /// Whether something changed that the next frame must show.
    public var needsFrame: Bool { state.needsFrame }
    /// Whether the window shows Glide's own touch controls (client-side decorations).
    public var showsWindowControls: Bool {
        get { state.showsWindowControls }
        set { state.showsWindowControls = newValue }
    }
    /// Whether the window is fullscreen now (Escape leaves fullscreen before it quits).
    public var isFullscreen: Bool {
        get { state.isFullscreen }
        set { state.isFullscreen = newValue }
    }

    /// Where the reader is now, to remember between runs: for text that reflows on zoom, the
    /// zoom is its text size.
    public var readingPosition: (anchor: ReadingAnchor, zoomScale: Double) {
        let zoom = input.overview.zoomScaleLeft ?? scene[documentPane.view].frame.zoomScale
        let textScale = state.textScaling?.textScale ?? 1
        return (input.overview.readingAnchorLeft ?? documentPane.layout.readingAnchor, zoom * textScale)
    }

    /// How far through the document the reader is, from 0 at its start to 1 at its end (the
    /// page shown of paged content): the home's progress under each document.
    public var readingProgress: Double {
        let view = scene[documentPane.view]
        if view.isPagingEnabled {
            let pages = view.frame.pageControl
            return pages.numberOfPages > 1 ? Double(pages.currentPage) / Double(pages.numberOfPages - 1) : 1
        }
        let bounds = view.offsetBounds(.vertical)
        guard bounds.upperBound > bounds.lowerBound else { return 1 }
        return min(max((view.contentOffset.y - bounds.lowerBound) / (bounds.upperBound - bounds.lowerBound), 0), 1)
    }

    /// Quarter turns clockwise the document's pages are shown at (Ctrl+Right, Ctrl+Left), to
    /// remember with the reading position.
    public var quarterTurns: Int { state.document.quarterTurns }

    /// The name of what is shown, for the window title: the file on the page shown when
    /// several files are open, else the document's (`documentTitle`).
    public var shownFileName: String? {
        documentPane.layout.title(ofPage: scene[documentPane.view].frame.pageControl.currentPage) ?? navigation.documentTitle
    }

    /// The requests made since the last call (quit, fullscreen, move), oldest first.
    public func takeRequests() -> [ViewerRequest] {
        defer { state.requests.removeAll() }
        return state.requests
    }

    /// Says that content changed (a page rendered, an image decoded, a file reloaded, a search
    /// hit found): the next frame redraws it. Background work calls this from its
    /// `MainThreadMailbox` delivery, which runs on the loop thread between frames.
    public func setNeedsFrame() {
        state.needsFrame = true
    }

    /// Follows a new window size. Only a new size reflows and re-anchors (which ends a running
    /// fling); a new scale just draws the same layout with more pixels.
    public func resize(to size: LogicalSize) { frames.resize(to: size) }

    /// Draws the next frame into `buffer` (whose identity `bufferID` says what it holds from
    /// earlier frames) at `time` (see `FramePipeline`).
    public func frame(at time: FrameTime, into buffer: PixelBuffer, bufferID: ObjectIdentifier) -> ViewerFrame {
        frames.frame(at: time, into: buffer, bufferID: bufferID)
    }

    /// Hands one input to the viewer (see `InputRouter`).
    public func handle(_ event: ViewerInput) { input.handle(event) }
}
