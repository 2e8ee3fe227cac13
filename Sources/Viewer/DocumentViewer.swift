import DocumentKit
import Render
import ScrollEngine

/// The viewer: a document (and in split mode its outline) in panes of one window, scrolled
/// by the engine and drawn by the renderer. It knows no Wayland and reads no clock.
///
/// Data flows one way. Input arrives as `ViewerInput` (`handle(_:)`) and only changes the
/// engine and marks the viewer; background results and content changes mark it too
/// (`setNeedsFrame()`); the app's loop then asks for one `frame(at:into:)`, which runs
/// advance → layout → corrections → frame → render → damage in that order and says what to
/// commit and whether to come back for another frame.
public final class DocumentViewer {
    /// The scroll views; one per pane, in the panes' order.
    public internal(set) var scene = ScrollScene()
    public let panes: [Pane]
    /// The viewer's clock in ms: the latest input or frame time seen. Input and frame times
    /// share the compositor's millisecond clock; taking the maximum keeps the engine's time
    /// monotonic when a compositor stamps events oddly (sway gives time 0 to
    /// `seat cursor press`). The one clock clamp of the app.
    public internal(set) var timeMilliseconds = 0.0
    /// The window's size in logical px.
    public private(set) var windowSize: LogicalSize
    /// Whether the window shows Glide's own touch controls (client-side decorations).
    public var showsWindowControls = false
    /// Whether the window is fullscreen now (Escape leaves fullscreen before it quits).
    public var isFullscreen = false
    /// Whether something changed that the next frame must show.
    public internal(set) var needsFrame = true
    /// Touch controls to move and close the window, shown only with client-side decorations.
    let windowControls = WindowControls()
    /// When a finger last touched the window: the one fade clock of the window's overlays.
    var lastTouchMilliseconds = -Double.infinity
    /// Touches and clicks that landed on a control: they are the control's, not the engine's.
    var claims = ControlClaims()
    /// The pointer's position in the window, as the scene keeps it (the one record of it).
    public var pointerLocation: LogicalPoint? { scene.pointerLocation }
    /// Where the left button went down off the controls, for a click on a link.
    var pressLocation: LogicalPoint?
    var requests: [ViewerRequest] = []
    private var drawnFrameCount = 0
    private var bufferSize = (width: 0, height: 0)
    private var wasAtRest = true
    private var hasLaidOut = false
    /// Whether the outline sits above the document's pages (`--split`).
    public let isSplit: Bool
    /// Find, selection, links and help (DocumentViewer+ReadingTools.swift).
    lazy var readingTools = ReadingTools(host: self)
    /// The file the document pane shows, whose reading position is remembered (nil for
    /// several files at once); a link to another document changes it.
    public var documentPath: String?
    /// Called before a link replaces the document (and before coming back), so the app can
    /// save the reading position of the one being left.
    public var onWillLeaveDocument: (() -> Void)?
    /// The document in the document pane (its layout, which the pane draws).
    public internal(set) var document: any DocumentContent
    /// The outline list above the pages in split mode.
    public let outline: OutlineListLayout?
    /// Opens the document a link leads to; nil when links to other documents are not followed.
    public var documentOpener: ((String) throws(DocumentError) -> any LoadedDocument)?
    /// The documents a link left, to come back to with Alt+Left.
    var documentHistory: [(path: String?, title: String?, layout: any DocumentContent, offset: LogicalPoint)] = []
    /// What the document in the pane is called, for the window title; a link to another
    /// document changes it, and coming back restores it.
    public var documentTitle: String?
    /// An animated scroll the reading tools asked for, started at the next frame callback.
    var pendingReadingScroll: LogicalPoint?
    /// The time of the last frame, for the selection's autoscroll.
    var lastReadingFrameMilliseconds: Double?
    /// The pointer image last asked for.
    var pointerLook = PointerLook.arrow
    /// Whether a finger rests on the document that may become a long press: the app runs a
    /// timer of `longPressMilliseconds` from the moment this turns true, and calls
    /// `longPressTimerFired()` if it is still true then (the viewer reads no clock).
    public internal(set) var wantsLongPressTimer = false
    /// Whether a zoom of the document, once it settles, becomes its text size (a scrolling
    /// text document with the default zoom range): text zoom reflows rather than magnifies.
    let reflowsTextOnZoom: Bool
    /// Where the left button went down on the outline, for a click on a row.
    var outlinePress: LogicalPoint?
    /// The block a navigation call is scrolling the document to, and the offset last aimed at:
    /// content laid out on the way moves the block, so the scroll follows it until it rests.
    var navigationTarget: (location: BlockLocation, offset: LogicalPoint)?
    /// Whether `--zoom` set the limits, so a magnified document's fit-page minimum does not
    /// follow the window, nor a page's its own maximum.
    let isZoomRangeFixed: Bool

    /// Shows `layout` in a window of `windowSize` logical px; in split mode (pages only) its
    /// outline sits above it. `position` is where the reader was last time.
    public init(layout: any DocumentContent, options: ViewerOptions, windowSize: LogicalSize,
                position: (anchor: ReadingAnchor, zoomScale: Double)? = nil) {
        self.windowSize = windowSize
        document = layout
        isZoomRangeFixed = options.zoomRange != nil
        if let position { layout.readingAnchor = position.anchor }
        // A tinted list sets itself apart from the page below it without a rule to draw.
        var listPalette = layout.palette
        listPalette.page = layout.palette.codeBackground
        let outline = options.isSplit ? layout.outline.map { OutlineListLayout(source: $0, palette: listPalette) } : nil
        self.outline = outline
        isSplit = outline != nil
        let rects = PaneGeometry.rects(in: windowSize, isSplit: isSplit)
        var panes: [Pane] = []
        if let outline {
            // The outline: a vertical list above the horizontally paged document, so one
            // gesture can never move both.
            var list = ScrollView(viewportSize: rects[0].size, contentSize: rects[0].size, configuration: options.configuration)
            list.alwaysBounceVertical = true
            panes.append(Pane(view: DocumentViewer.addPaneView(list, in: rects[0], to: &scene), layout: outline))
        }
        var view = ScrollView(viewportSize: rects.last!.size, contentSize: rects.last!.size, configuration: options.configuration)
        view.isDirectionalLockEnabled = options.isDirectionalLockEnabled
        var policy = layout.zoomPolicy
        if case .magnify = policy {
            // A magnified document's range starts at its whole page, which the viewport decides.
            layout.setViewportSize(width: rects.last!.size.width, height: rects.last!.size.height)
            policy = layout.zoomPolicy
        }
        // Zoom suits a scrolling document; pages are read whole, so they zoom only when asked.
        let zoom: ClosedRange<Double>
        switch policy {
        case .magnify(let range), .perPage(let range): zoom = options.zoomRange ?? range
        case .reflow, .none: zoom = options.zoomRange ?? (options.isPaged ? 1...1 : ScrollView.textZoomScaleRange)
        }
        view.minimumZoomScale = zoom.lowerBound
        view.maximumZoomScale = zoom.upperBound
        var text: (any TextScalableLayout)?
        if case .reflow(let scalable) = policy, !options.isPaged, options.zoomRange == nil { text = scalable }
        reflowsTextOnZoom = text != nil
        if let text {
            if let position, position.zoomScale != 1 { _ = text.setTextScale(position.zoomScale, keeping: .zero) }
            DocumentViewer.limitTextZoom(of: &view, at: text)
        }
        if case .perPage = policy {
            // Images zoom like Photos, one at a time, from fit-to-window to the page's own
            // limit (set as it is shown); a paged PDF too: a zoomed page pans, then a drag on
            // past its edge turns to the next page, which opens unzoomed.
            view.zoomsPagesIndividually = true
        }
        if options.isPaged, options.showsPageControl {
            // The page control's band is kept clear: at rest it covers no content.
            layout.pageBottomInsetPixels = OverlayStyle().pageControlReservedHeightPixels
        }
        if options.isPaged {
            view.isPagingEnabled = true
            view.showsPageControl = options.showsPageControl
            view.hidesPageControlForSinglePage = true
        } else {
            // A short document rests at the top and still answers a drag, as a text view does.
            view.alwaysBounceVertical = true
        }
        let index = DocumentViewer.addPaneView(view, in: rects.last!, to: &scene)
        panes.append(Pane(view: index, layout: layout))
        // Keys page the document, not the outline, until a touch or the pointer picks a view.
        scene.focus(view: index)
        self.panes = panes
        if let position, position.zoomScale != 1, !reflowsTextOnZoom {
            scene[index].setZoomScale(position.zoomScale, animated: false, timeMilliseconds: 0)
        }
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

    /// The pane showing the document (the last one).
    public var documentPane: Pane { panes[panes.count - 1] }

    /// Where the reader is now, to remember between runs: for text that reflows on zoom, the
    /// zoom is its text size.
    public var readingPosition: (anchor: ReadingAnchor, zoomScale: Double) {
        let zoom = scene[documentPane.view].frame.zoomScale
        let textScale = reflowsTextOnZoom ? textScaling?.textScale ?? 1 : 1
        return (documentPane.layout.readingAnchor, zoom * textScale)
    }

    /// The name of what is shown, for the window title: the file on the page shown when
    /// several files are open, else the document's (`documentTitle`).
    public var shownFileName: String? {
        documentPane.layout.title(ofPage: scene[documentPane.view].frame.pageControl.currentPage) ?? documentTitle
    }

    /// Says that content changed (a page rendered, an image decoded, a file reloaded, a search
    /// hit found): the next frame redraws it. Background work calls this from its
    /// `MainThreadMailbox` delivery, which runs on the loop thread between frames.
    public func setNeedsFrame() {
        needsFrame = true
    }

    /// The requests made since the last call (quit, fullscreen, move), oldest first.
    public func takeRequests() -> [ViewerRequest] {
        defer { requests.removeAll() }
        return requests
    }

    /// Moves the viewer's clock to `milliseconds` unless it is already later.
    func advanceClock(to milliseconds: Double) {
        timeMilliseconds = max(timeMilliseconds, milliseconds)
    }

    /// The rectangle of each pane in the window, in logical px.
    public var paneRects: [LogicalRect] { PaneGeometry.rects(in: windowSize, isSplit: isSplit) }

    /// Follows a new window size. Only a new size reflows and re-anchors (which ends a running
    /// fling); a new scale just draws the same layout with more pixels.
    public func resize(to size: LogicalSize) {
        windowSize = size
        for (pane, rect) in zip(panes, paneRects) where scene.rects[pane.view] != rect || !hasLaidOut {
            pane.layout.setViewportSize(width: rect.size.width, height: rect.size.height)
            scene.setRect(rect, ofView: pane.view, timeMilliseconds: timeMilliseconds)
            updateContentSize(of: pane, to: pane.layout.contentSize)
            if pane === documentPane, !isZoomRangeFixed, case .magnify(let range) = document.zoomPolicy {
                scene[pane.view].minimumZoomScale = range.lowerBound
            }
            // Reflow keeps the block that was at the top of the pane there.
            let anchor = pane.layout.anchorOffset
            let zoom = scene[pane.view].zoomScale
            scene[pane.view].scroll(to: LogicalPoint(x: anchor.x * zoom, y: anchor.y * zoom),
                                    animated: false, timeMilliseconds: timeMilliseconds)
        }
        hasLaidOut = true
        needsFrame = true
    }

    /// Tells the engine the content's size; content shorter than its pane counts as the pane's
    /// height, so a short document rests at the top instead of being centred.
    func updateContentSize(of pane: Pane, to size: ContentSize) {
        let height = max(size.height, scene.rects[pane.view].size.height)
        let current = scene[pane.view].contentSize
        guard size.width != current.width || height != current.height else { return }
        scene[pane.view].setContentSize(LogicalSize(width: size.width, height: height), timeMilliseconds: timeMilliseconds)
    }

    /// Draws the next frame into `buffer` (whose identity `bufferID` says what it holds from
    /// earlier frames) at `time`, in one fixed order: advance the engine to the frame's time;
    /// lay out what each pane shows and apply the corrections to the engine's offsets; take
    /// the engine's frame (the one traced); render it; collect the damage.
    public func frame(at time: FrameTime, into buffer: PixelBuffer, bufferID: ObjectIdentifier) -> ViewerFrame {
        switch time {
        case .callback(let milliseconds): advanceClock(to: milliseconds)
        case .immediate: break
        case .fallback(let elapsed): timeMilliseconds += elapsed
        }
        needsFrame = false
        let isCallback: Bool
        if case .callback = time { isCallback = true } else { isCallback = false }
        advanceReadingTools(atFrameCallback: isCallback)
        scene.advance(to: timeMilliseconds)
        foldSettledTextZoom()
        limitPageZoomToThePageShown()
        highlightCurrentHeading()
        if bufferSize != (buffer.width, buffer.height) {
            for pane in panes { pane.bufferContents.removeAll() }
            bufferSize = (buffer.width, buffer.height)
        }
        let controlsOpacity = windowControlsOpacity
        var damage: [DeviceRect] = []
        let readingAnimates = readingToolsAnimate
        var isAnimating = controlsOpacity > 0 || readingAnimates
        var isAtRest = controlsOpacity == 0 && !readingAnimates
        var traced: ScrollFrame?
        var slideBytes = 0
        for (pane, rect) in zip(panes, paneRects) {
            let band = PaneGeometry.band(of: buffer, for: rect)
            layOut(pane, viewportWidth: rect.size.width, viewportHeight: rect.size.height, scale: buffer.scale)
            if pane === documentPane { followNavigationTarget() }
            let frame = scene[pane.view].frame
            if pane === documentPane { traced = frame }
            let rendered = pane.renderer.render(
                pane.layout, frame: frame, into: band.pixels, showing: pane.bufferContents[bufferID],
                windowControls: showsWindowControls && band.top == 0 ? (windowControls, controlsOpacity) : nil,
                reading: pane === documentPane ? readingOverlay : ReadingOverlay())
            pane.bufferContents[bufferID] = rendered.contents
            slideBytes += rendered.slideBytes
            damage += rendered.damage.map { $0.offsetBy(dx: 0, dy: band.top) }
            isAnimating = isAnimating || frame.needsFrames
            isAtRest = isAtRest && frame.isAtRest
        }
        drawnFrameCount += 1
        let comesToRest = isAtRest && !wasAtRest
        wasAtRest = isAtRest
        return ViewerFrame(number: drawnFrameCount, traced: traced!, damage: damage, isAnimating: isAnimating,
                           isAtRest: isAtRest, savesReadingPosition: comesToRest, slideBytes: slideBytes)
    }

    /// Lays out what `pane` shows and moves the engine by the corrections, before anything
    /// is drawn, so the frame taken next is the one the pixels show.
    private func layOut(_ pane: Pane, viewportWidth: Double, viewportHeight: Double, scale: Double) {
        let view = scene[pane.view]
        let correction = pane.renderer.layOut(pane.layout, frame: view.frame, viewportWidth: viewportWidth,
                                              viewportHeight: viewportHeight, scale: scale)
        // Estimates corrected as the content was laid out: keep the engine in step, and a
        // running animation (End heading for the end) going.
        updateContentSize(of: pane, to: pane.layout.contentSize)
        if correction != .zero {
            scene[pane.view].shiftContent(by: LogicalPoint(x: correction.x, y: correction.y),
                                          timeMilliseconds: timeMilliseconds)
        }
    }

    /// The outline pane, in split mode.
    var outlinePane: (pane: Pane, outline: OutlineListLayout)? {
        guard let outline, let first = panes.first, first !== documentPane else { return nil }
        return (first, outline)
    }

    /// Highlights the heading of the page shown below the outline.
    private func highlightCurrentHeading() {
        guard let (_, outline) = outlinePane else { return }
        let heading = outline.heading(onPage: scene[documentPane.view].frame.pageControl.currentPage)
        if outline.highlightedHeading != heading { outline.highlightedHeading = heading }
    }

    /// How visible the window controls are now: 0 when the window does not show them.
    var windowControlsOpacity: Double {
        guard showsWindowControls else { return 0 }
        return windowControls.opacity(elapsedMilliseconds: timeMilliseconds - lastTouchMilliseconds)
    }
}
