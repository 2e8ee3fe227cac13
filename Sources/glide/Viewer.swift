import Document
import Render
import ScrollEngine
import WaylandClient

/// The composition root's state: a document in a window, scrolled by the engine.
///
/// Events only change the engine and mark the window; the frame callback (or an immediate
/// draw when none is pending) advances the engine to the frame's time and renders it.
final class Viewer {
    static let appID = "dev.glide.Glide"

    let window: Window
    /// The scroll views; one per pane, in the panes' order.
    var scene = ScrollScene()
    let panes: [Pane]
    /// The engine's clock in ms: the latest event or frame time seen. Input and frame
    /// callbacks share the compositor's millisecond clock; taking the maximum keeps the
    /// engine's time monotonic when a compositor stamps events oddly (sway gives time 0 to
    /// `seat cursor press`).
    var timeMilliseconds = 0.0
    var isQuitRequested = false
    let registry: Registry
    private let trace: TraceWriter?
    private var drawnFrameCount = 0
    private var bufferSize = (width: Int32(0), height: Int32(0))
    /// Touch controls to move and close the window, shown only with client-side decorations.
    let windowControls = WindowControls()
    var lastTouchMilliseconds = -Double.infinity
    /// Touches on a window control or a page control: they are the control's, not the engine's.
    var claimedTouches: [Int32: ClaimedTouch] = [:]
    /// The pointer's position in the window, for pinch focus.
    var pointerLocation = LogicalPoint(x: 0, y: 0)
    /// The file the document came from, whose reading position is remembered (none for
    /// several files at once); another when a link opened one.
    var documentPath: String?
    private let positions: ReadingPositionStore
    private var wasAtRest = true
    private var hasLaidOut = false
    /// Whether the outline sits above the document's pages (`--split`).
    private let isSplit: Bool
    /// Find, selection, links and help (Viewer+ReadingTools.swift).
    lazy var readingTools = ReadingTools(host: self)
    let longPressTimer = LongPressTimer()
    /// The documents a link left, to come back to with Alt+Left.
    var documentHistory: [(path: String?, layout: any ContentLayout, offset: LogicalPoint)] = []
    /// The time of the last drawn frame, for the selection's autoscroll.
    var lastDrawMilliseconds: Double?
    /// An animated scroll the reading tools asked for, started at the next frame callback.
    var pendingReadingScroll: LogicalPoint?

    /// Shows `documents`: one, or several text documents as one strip of pages; `paths` are
    /// their files.
    init(documents: [Document], paths: [String], options: CommandLineOptions, positions: ReadingPositionStore,
         display: Display, registry: Registry, trace: TraceWriter?) {
        self.registry = registry
        self.trace = trace
        self.positions = positions
        documentPath = paths.count == 1 ? paths.first : nil
        let palette = Palette.preferredByDesktop(forcingDark: options.isDark)
        let document = documents[0]
        let isPaged = documents.count > 1 || document.kind == .imageCollection || options.isPagingEnabled || options.isSplit
        let layout = documents.count > 1 ? DocumentCollectionLayout(documents: documents, palette: palette)
            : document.makeLayout(palette: palette, paged: isPaged)
        let saved = documentPath.flatMap(positions.position(forFileAt:))
        // The first resize scrolls to the anchor, so the saved position is where the window opens.
        if let saved { layout.readingAnchor = saved.anchor }
        let size = options.windowSize
        isSplit = options.isSplit
        let rects = Viewer.paneRects(width: size.width, height: size.height, isSplit: isSplit)
        let configuration = ViewerSettings.configuration(options, reducedMotion: ViewerSettings.prefersReducedMotion())
        var panes: [Pane] = []
        if isSplit, let pages = layout as? HorizontalPagesLayout {
            // The outline: a vertical list above the horizontally paged document, so one
            // gesture can never move both.
            var list = ScrollView(viewportSize: rects[0].size, contentSize: rects[0].size, configuration: configuration)
            list.alwaysBounceVertical = true
            // A tinted list sets itself apart from the page below it without a rule to draw.
            var listPalette = palette
            listPalette.page = palette.codeBackground
            let outline = OutlineLayout(pages: pages, palette: listPalette)
            if let index = try? scene.addView(list, in: rects[0]) { panes.append(Pane(view: index, layout: outline)) }
        }
        var view = ScrollView(viewportSize: rects.last!.size, contentSize: rects.last!.size, configuration: configuration)
        view.isDirectionalLockEnabled = options.isDirectionalLockEnabled
        // Zoom suits a scrolling document; pages are read whole, so they zoom only when asked.
        let zoom = options.zoomRange ?? (isPaged ? 1...1 : ScrollView.textZoomScaleRange)
        view.minimumZoomScale = zoom.lowerBound
        view.maximumZoomScale = zoom.upperBound
        if isPaged {
            view.isPagingEnabled = true
            view.showsPageControl = options.showsPageControl
            view.hidesPageControlForSinglePage = true
        } else {
            // A short document rests at the top and still answers a drag, as a text view does.
            view.alwaysBounceVertical = true
        }
        // The views sit side by side (or alone), so adding one cannot fail.
        let index = (try? scene.addView(view, in: rects.last!)) ?? 0
        panes.append(Pane(view: index, layout: layout))
        // Keys page the document, not the outline, until a touch or the pointer picks a view.
        scene.focus(view: index)
        self.panes = panes
        if let saved, saved.zoomScale != 1 {
            scene[index].setZoomScale(saved.zoomScale, animated: false, timeMilliseconds: 0)
        }
        let title = documents.count > 1 ? "\(documents.count) documents" : document.title
        window = Window(registry: registry, display: display, title: "\(title) — Glide", appID: Viewer.appID,
                        width: Int32(size.width), height: Int32(size.height))
        window.onResize = { [unowned self] in resize() }
        window.onDraw = { [unowned self] buffer, scale, timing in
            draw(into: buffer, scale: scale, timing: timing)
        }
        if let trace {
            window.onFrameCommitted = { number, time in trace.committed(number: number, commitMilliseconds: time) }
            window.onFramePresented = { number, time in trace.presented(number: number, presentedMilliseconds: time) }
        }
        for seat in registry.seats { attach(seat) }
        registry.onSeatAdded = { [unowned self] seat in attach(seat) }
    }

    /// Whether the loop should stop: the user quit, the compositor closed the window, or the
    /// window cannot draw (see `Window.failure`).
    var isFinished: Bool { isQuitRequested || window.isCloseRequested || window.failure != nil }

    /// Why the window had to stop, if it did not end normally.
    var failure: WaylandError? { window.failure }

    /// Asks the loop to end, as a quit key does (SIGINT, SIGTERM).
    func quit() {
        isQuitRequested = true
    }

    /// Remembers where the reader is (at rest and at exit, never per frame).
    func saveReadingPosition() {
        guard let main = panes.last, let documentPath else { return }
        let frame = scene[main.view].frame
        positions.save(ReadingPosition(anchor: main.layout.readingAnchor, zoomScale: frame.zoomScale),
                       forFileAt: documentPath)
    }

    /// The descriptors the loop must watch besides the display's (frame fallback, background
    /// results, key repeat), with what to do when one is readable.
    var pollSources: [EventLoop.Source] {
        let window = self.window
        let mailbox = MainThreadMailbox.shared
        return [EventLoop.Source(fileDescriptor: window.fallbackTimerFileDescriptor) { window.fallbackTimerFired() },
                // Background results land between frames and show in the next one.
                EventLoop.Source(fileDescriptor: mailbox.fileDescriptor) {
                    if mailbox.deliverPending() > 0 { window.setNeedsDisplay() }
                },
                EventLoop.Source(fileDescriptor: longPressTimer.fileDescriptor) { [unowned self] in longPressTimerFired() }]
            + registry.seats.compactMap { seat in
                seat.keyRepeatFileDescriptor.map { descriptor in
                    EventLoop.Source(fileDescriptor: descriptor) { seat.keyboard?.deliverDueRepeats() }
                }
            }
    }

    func advanceClock(to milliseconds: UInt32) {
        timeMilliseconds = max(timeMilliseconds, Double(milliseconds))
    }

    /// The rectangle of each pane in the window, in logical px.
    private var paneRects: [LogicalRect] {
        Viewer.paneRects(width: Double(window.width), height: Double(window.height), isSplit: isSplit)
    }

    /// The outline's share of a split window's height: a list of a few headings above pages
    /// that stay large enough to read, as a master list sits above its detail.
    static let outlineHeightFraction = 0.35

    /// The panes of a window `width`×`height`: the whole window, or the outline's band at the
    /// top (whole logical px) and the pages below it.
    static func paneRects(width: Double, height: Double, isSplit: Bool) -> [LogicalRect] {
        guard isSplit else { return [LogicalRect(x: 0, y: 0, width: width, height: height)] }
        let outlineHeight = (height * outlineHeightFraction).rounded()
        return [LogicalRect(x: 0, y: 0, width: width, height: outlineHeight),
                LogicalRect(x: 0, y: outlineHeight, width: width, height: height - outlineHeight)]
    }

    /// Follows a new window size or scale. Only a new size reflows and re-anchors (which ends
    /// a running fling); a new scale just draws the same layout with more pixels.
    private func resize() {
        for (pane, rect) in zip(panes, paneRects) where scene.rects[pane.view] != rect || !hasLaidOut {
            pane.layout.setViewportSize(width: rect.size.width, height: rect.size.height)
            scene.setRect(rect, ofView: pane.view, timeMilliseconds: timeMilliseconds)
            updateContentSize(of: pane, to: pane.layout.contentSize)
            // Reflow keeps the block that was at the top of the pane there.
            let anchor = pane.layout.anchorOffset
            let zoom = scene[pane.view].zoomScale
            scene[pane.view].scroll(to: LogicalPoint(x: anchor.x * zoom, y: anchor.y * zoom),
                                    animated: false, timeMilliseconds: timeMilliseconds)
        }
        hasLaidOut = true
    }

    /// Tells the engine the content's size; content shorter than its pane counts as the pane's
    /// height, so a short document rests at the top instead of being centred.
    private func updateContentSize(of pane: Pane, to size: ContentSize) {
        let height = max(size.height, scene.rects[pane.view].size.height)
        let current = scene[pane.view].contentSize
        guard size.width != current.width || height != current.height else { return }
        scene[pane.view].setContentSize(LogicalSize(width: size.width, height: height), timeMilliseconds: timeMilliseconds)
    }

    private func draw(into buffer: ShmBuffer, scale: Double, timing: FrameTiming) -> DrawnFrame {
        switch timing {
        case .callback(let time): advanceClock(to: time)
        case .immediate: break
        case .fallback(let elapsed): timeMilliseconds += elapsed
        }
        let isCallback: Bool
        if case .callback = timing { isCallback = true } else { isCallback = false }
        advanceReadingTools(atFrameCallback: isCallback)
        scene.advance(to: timeMilliseconds)
        highlightCurrentHeading()
        if bufferSize != (buffer.width, buffer.height) {
            for pane in panes { pane.bufferContents.removeAll() }
            bufferSize = (buffer.width, buffer.height)
        }
        let controlsOpacity = windowControlsOpacity
        var damage: [PixelRect] = []
        let readingAnimates = readingTools.needsFrames || findButtonOpacity > 0 || pendingReadingScroll != nil
        var isAnimating = controlsOpacity > 0 || readingAnimates
        var isAtRest = controlsOpacity == 0 && !readingAnimates
        for (pane, rect) in zip(panes, paneRects) {
            let frame = scene[pane.view].frame
            if pane === panes.last {
                drawnFrameCount += 1
                trace?.record(frame, number: drawnFrameCount)
            }
            // A pane is a band of whole buffer rows, so its pixels are the buffer's from its top.
            let top = Int((rect.origin.y * scale).rounded())
            let bottom = Int(((rect.origin.y + rect.size.height) * scale).rounded())
            let band = PixelBuffer(pixels: buffer.pixels + top * Int(buffer.stride), width: Int(buffer.width),
                                   height: bottom - top, stride: Int(buffer.stride), scale: scale)
            let rendered = pane.renderer.render(
                pane.layout, frame: frame, into: band, showing: pane.bufferContents[ObjectIdentifier(buffer)],
                windowControls: window.hasClientSideDecorations && top == 0 ? (windowControls, controlsOpacity) : nil,
                reading: pane === panes.last ? readingOverlay : ReadingOverlay())
            pane.bufferContents[ObjectIdentifier(buffer)] = rendered.contents
            // Estimates corrected as the content was laid out: keep the engine in step.
            updateContentSize(of: pane, to: rendered.contentSize)
            if rendered.contentOffsetCorrection != 0 || rendered.horizontalContentOffsetCorrection != 0 {
                let offset = scene[pane.view].contentOffset
                scene[pane.view].scroll(to: LogicalPoint(x: offset.x + rendered.horizontalContentOffsetCorrection,
                                                         y: offset.y + rendered.contentOffsetCorrection),
                                        animated: false, timeMilliseconds: timeMilliseconds)
            }
            damage += rendered.damage.map {
                PixelRect(x: Int32($0.x), y: Int32($0.y + top), width: Int32($0.width), height: Int32($0.height))
            }
            isAnimating = isAnimating || frame.needsFrames
            isAtRest = isAtRest && frame.isAtRest
        }
        if isAtRest && !wasAtRest { saveReadingPosition() }
        wasAtRest = isAtRest
        return DrawnFrame(damage: damage, isAnimating: isAnimating, isAtRest: isAtRest)
    }

    /// The outline pane, in split mode.
    var outlinePane: (pane: Pane, outline: OutlineLayout)? {
        guard let first = panes.first, let outline = first.layout as? OutlineLayout else { return nil }
        return (first, outline)
    }

    /// Highlights the heading of the page shown below the outline.
    private func highlightCurrentHeading() {
        guard let (_, outline) = outlinePane, let pages = panes.last else { return }
        let heading = outline.heading(onPage: scene[pages.view].frame.pageControl.currentPage)
        if outline.highlightedHeading != heading { outline.highlightedHeading = heading }
    }

    /// A tap on a heading of the outline pages the document to it.
    func handleTap(_ tap: Tap, inView view: Int) {
        if let main = panes.last, main.view == view {
            let origin = scene.rects[view].origin
            if readingTools.tap(x: tap.location.x + origin.x, y: tap.location.y + origin.y) { return }
        }
        guard let (pane, outline) = outlinePane, pane.view == view, let pages = panes.last else { return }
        let list = scene[view]
        let y = (tap.location.y + list.contentOffset.y) / list.zoomScale
        guard let heading = outline.heading(atY: y) else { return }
        scene[pages.view].scrollToPage(outline.page(ofHeading: heading), timeMilliseconds: timeMilliseconds)
    }

    /// How visible the window controls are now: 0 without client-side decorations.
    var windowControlsOpacity: Double {
        guard window.hasClientSideDecorations else { return 0 }
        return windowControls.opacity(elapsedMilliseconds: timeMilliseconds - lastTouchMilliseconds)
    }
}
