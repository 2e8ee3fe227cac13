import DocumentKit
import Render
import ScrollEngine

/// What every part of the viewer shares: the panes and their scroll views, the one clock, the
/// window, what the next frame must show and what the window is asked for. The parts
/// (`FramePipeline`, `Navigation`, `InputRouter`) each keep their own state beside it.
public final class ViewerState {
    /// The scroll views; one per pane, in the panes' order.
    public internal(set) var scene = ScrollScene()
    public let panes: [Pane]
    /// The viewer's clock in ms: the latest input or frame time seen. Input and frame times
    /// share the compositor's millisecond clock; taking the maximum keeps the engine's time
    /// monotonic when a compositor stamps events oddly (sway gives time 0 to
    /// `seat cursor press`). The one clock clamp of the app.
    public internal(set) var timeMilliseconds = 0.0
    /// The window's size in logical px.
    public internal(set) var windowSize: LogicalSize
    /// Whether something changed that the next frame must show.
    public internal(set) var needsFrame = true
    /// What was asked of the window since the app last took the requests.
    var requests: [ViewerRequest] = []
    /// The document in the document pane (its layout, which the pane draws).
    public internal(set) var document: any DocumentContent
    /// The outline list above the pages in split mode.
    public let outline: OutlineListLayout?
    /// Whether the window shows Glide's own touch controls (client-side decorations).
    public var showsWindowControls = false
    /// Whether the window is fullscreen now (Escape leaves fullscreen before it quits).
    public var isFullscreen = false
    /// How the reader chose to show this document's pages, to remember beside the reading
    /// position (`ViewerState+NightPages`).
    public internal(set) var pageModes = PageModes()
    /// The zoom the fit gave the pages (`ViewerState+Fit`).
    var pageFitting = PageFitting()
    /// What a document with no choice of its own is shown with (`ViewerState+RememberedModes`).
    var documentDefaults = DocumentDefaults()
    /// The notice a failure put up (`DocumentViewer.failureReporter`), which the next key,
    /// click or touch takes away.
    var failureNotice: String?
    /// How the document answers zoom.
    let zoomRules: ZoomRules

    /// How the document pane's zoom behaves beyond the engine's magnification.
    struct ZoomRules {
        /// Whether a zoom of the document, once it settles, becomes its text size (a scrolling
        /// text document with the default zoom range): text zoom reflows rather than magnifies.
        var reflowsText: Bool
        /// Whether `--zoom` set the limits, so a magnified document's fit-page minimum does not
        /// follow the window, nor a page's its own maximum.
        var isRangeFixed: Bool
    }

    init(panes: [Pane], scene: ScrollScene, windowSize: LogicalSize, document: any DocumentContent,
         outline: OutlineListLayout?, zoomRules: ZoomRules) {
        self.panes = panes
        self.scene = scene
        self.windowSize = windowSize
        self.document = document
        self.outline = outline
        self.zoomRules = zoomRules
    }

    /// Whether the outline sits above the document's pages (`--split`).
    public var isSplit: Bool { outline != nil }

    /// The pane showing the document (the last one).
    public var documentPane: Pane { panes[panes.count - 1] }

    /// The outline pane, in split mode.
    var outlinePane: (pane: Pane, outline: OutlineListLayout)? {
        guard let outline, let first = panes.first, first !== documentPane else { return nil }
        return (first, outline)
    }

    /// The rectangle of each pane in the window, in logical px.
    public var paneRects: [LogicalRect] { PaneGeometry.rects(in: windowSize, isSplit: isSplit) }

    /// Moves the clock to `milliseconds` unless it is already later.
    func advanceClock(to milliseconds: Double) {
        timeMilliseconds = max(timeMilliseconds, milliseconds)
    }

    /// Tells the engine the content's size; content shorter than its pane counts as the pane's
    /// height, so a short document rests at the top instead of being centred.
    func updateContentSize(of pane: Pane, to size: ContentSize) {
        let height = max(size.height, scene.rects[pane.view].size.height)
        let current = scene[pane.view].contentSize
        guard size.width != current.width || height != current.height else { return }
        scene[pane.view].setContentSize(LogicalSize(width: size.width, height: height), timeMilliseconds: timeMilliseconds)
    }

    /// Where `content` (zoom 1) of `pane` shows in the window, if any of it does.
    func windowRect(ofContent content: ContentRect, in pane: Pane) -> LogicalRect? {
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

extension ViewerState {
    /// The page control of pane `index` as drawn, in window coordinates, if it is shown:
    /// Render's `PageControlLayout` is the one rule for where it is and what a tap means.
    func pageControl(ofPane index: Int) -> (layout: PageControlLayout, origin: LogicalPoint)? {
        let pane = panes[index]
        let frame = scene[pane.view].frame
        guard !frame.pageControl.isHidden, frame.pageControl.numberOfPages > 0 else { return nil }
        let rect = scene.rects[pane.view]
        let layout = PageControlLayout(frame.pageControl, viewportWidth: rect.size.width,
                                       viewportHeight: rect.size.height, style: pane.renderer.overlayStyle)
        return (layout, rect.origin)
    }
}

/// A part of the viewer: it reaches the shared state by name, as if it were its own.
protocol ViewerPart: AnyObject {
    var state: ViewerState { get }
}

extension ViewerPart {
    var scene: ScrollScene {
        get { state.scene }
        _modify { yield &state.scene }
    }
    var panes: [Pane] { state.panes }
    var documentPane: Pane { state.documentPane }
    var outlinePane: (pane: Pane, outline: OutlineListLayout)? { state.outlinePane }
    var document: any DocumentContent { state.document }
    var windowSize: LogicalSize { state.windowSize }
    var timeMilliseconds: Double {
        get { state.timeMilliseconds }
        set { state.timeMilliseconds = newValue }
    }
    var needsFrame: Bool {
        get { state.needsFrame }
        set { state.needsFrame = newValue }
    }
    var requests: [ViewerRequest] {
        get { state.requests }
        _modify { yield &state.requests }
    }
    func advanceClock(to milliseconds: Double) { state.advanceClock(to: milliseconds) }
}
