import Document
import Render
import ScrollEngine
import WaylandClient

/// The composition root's state: one document in one window, scrolled by the engine.
///
/// Events only change the engine and mark the window; the frame callback (or an immediate
/// draw when none is pending) advances the engine to the frame's time and renders it.
final class Viewer {
    static let appID = "dev.glide.Glide"

    private let window: Window
    private let layout: DocumentLayout
    private var scrollView: ScrollView
    private let renderer = FrameRenderer()
    /// The engine's clock in ms: the latest event or frame time seen. Input and frame
    /// callbacks share the compositor's millisecond clock; taking the maximum keeps the
    /// engine's time monotonic when a compositor stamps events oddly (sway gives time 0 to
    /// `seat cursor press`).
    private var timeMilliseconds = 0.0
    private(set) var isQuitRequested = false
    private let registry: Registry
    private let trace: TraceWriter?
    private var drawnFrameCount = 0
    /// Touch controls to move and close the window, shown only with client-side decorations.
    private let windowControls = WindowControls()
    private var lastTouchMilliseconds = -Double.infinity
    /// Touches that landed on a window control: they are the control's, not the engine's.
    private var controlTouches: [Int32: (target: WindowControls.Target, x: Double, y: Double)] = [:]

    init(document: Document, options: CommandLineOptions, display: Display, registry: Registry, trace: TraceWriter?) {
        self.registry = registry
        self.trace = trace
        layout = DocumentLayout(document: document)
        let initialSize = options.windowSize
        var configuration = ScrollViewConfiguration()
        configuration.decelerationRate = options.decelerationRate
        scrollView = ScrollView(viewportSize: initialSize, contentSize: initialSize, configuration: configuration)
        scrollView.isDirectionalLockEnabled = options.isDirectionalLockEnabled
        if let zoom = options.zoomRange {
            scrollView.minimumZoomScale = zoom.lowerBound
            scrollView.maximumZoomScale = zoom.upperBound
        }
        window = Window(registry: registry, display: display, title: "\(document.title) — Glide", appID: Viewer.appID,
                        width: Int32(initialSize.width), height: Int32(initialSize.height))
        window.onResize = { [unowned self] in resize() }
        window.onDraw = { [unowned self] buffer, scale, timing in
            draw(into: buffer, scale: scale, timing: timing)
        }
        if let trace {
            window.onFrameCommitted = { number, commitTime, presentedTime in
                trace.commit(number: number, commitMilliseconds: commitTime, presentedMilliseconds: presentedTime)
            }
        }
        for seat in registry.seats { seat.delegate = self }
        registry.onSeatAdded = { [unowned self] seat in seat.delegate = self }
    }

    /// Whether the loop should stop: the user quit or the compositor closed the window.
    var isFinished: Bool { isQuitRequested || window.isCloseRequested }

    /// Asks the loop to end, as a quit key does (SIGINT, SIGTERM).
    func quit() {
        isQuitRequested = true
    }

    /// The timers the loop must watch (frame fallback, key repeat), with what to do when one
    /// is readable.
    var pollSources: [EventLoop.Source] {
        let window = self.window
        return [EventLoop.Source(fileDescriptor: window.fallbackTimerFileDescriptor) { window.fallbackTimerFired() }]
            + registry.seats.compactMap { seat in
                seat.keyRepeatFileDescriptor.map { descriptor in
                    EventLoop.Source(fileDescriptor: descriptor) { seat.keyboard?.deliverDueRepeats() }
                }
            }
    }

    private func advanceClock(to milliseconds: UInt32) {
        timeMilliseconds = max(timeMilliseconds, Double(milliseconds))
    }

    private func resize() {
        layout.layout(width: Double(window.width))
        let viewport = LogicalSize(width: Double(window.width), height: Double(window.height))
        scrollView.resize(to: viewport, timeMilliseconds: timeMilliseconds)
        scrollView.setContentSize(LogicalSize(width: viewport.width, height: layout.contentHeight),
                                  timeMilliseconds: timeMilliseconds)
    }

    private func draw(into buffer: ShmBuffer, scale: Double, timing: FrameTiming) -> DrawnFrame {
        switch timing {
        case .callback(let time): advanceClock(to: time)
        case .immediate: break
        case .fallback(let elapsed): timeMilliseconds += elapsed
        }
        scrollView.advance(to: timeMilliseconds)
        let frame = scrollView.frame
        drawnFrameCount += 1
        trace?.record(frame, number: drawnFrameCount)
        let pixels = PixelBuffer(pixels: buffer.pixels, width: Int(buffer.width), height: Int(buffer.height),
                                 stride: Int(buffer.stride), scale: scale)
        let controlsOpacity = windowControlsOpacity
        renderer.render(layout, frame: frame, into: pixels,
                        windowControls: window.hasClientSideDecorations ? (windowControls, controlsOpacity) : nil)
        return DrawnFrame(damage: [PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)],
                          isAnimating: frame.needsFrames || controlsOpacity > 0,
                          isAtRest: frame.isAtRest && controlsOpacity == 0)
    }

    /// How visible the window controls are now: 0 without client-side decorations.
    private var windowControlsOpacity: Double {
        guard window.hasClientSideDecorations else { return 0 }
        return windowControls.opacity(elapsedMilliseconds: timeMilliseconds - lastTouchMilliseconds)
    }

    /// Whether a touch event is for a window control (and handles it if so).
    private func handleWindowControlTouch(_ event: TouchEvent, seat: Seat) -> Bool {
        switch event {
        case .down(let id, let x, let y, _, let serial):
            guard windowControlsOpacity > 0,
                  let target = windowControls.target(atX: x, y: y, windowWidth: Double(window.width))
            else { return false }
            controlTouches[id] = (target, x, y)
            // The compositor takes over the touch for the move and cancels it for us.
            if target == .moveHandle { window.beginMove(seat: seat, serial: serial) }
            return true
        case .motion(let id, let x, let y, _):
            guard let touch = controlTouches[id] else { return false }
            controlTouches[id] = (touch.target, x, y)
            return true
        case .up(let id, _):
            guard let touch = controlTouches.removeValue(forKey: id) else { return false }
            let releasedOn = windowControls.target(atX: touch.x, y: touch.y, windowWidth: Double(window.width))
            if touch.target == .close, releasedOn == .close { isQuitRequested = true }
            return true
        }
    }
}

extension Viewer: SeatDelegate {
    func seat(_ seat: Seat, didReceiveTouchFrame events: [TouchEvent]) {
        for event in events {
            if handleWindowControlTouch(event, seat: seat) { continue }
            switch event {
            case .down(let id, let x, let y, let time, _):
                advanceClock(to: time)
                scrollView.touchDown(id: Int(id), at: LogicalPoint(x: x, y: y), timeMilliseconds: timeMilliseconds)
            case .motion(let id, let x, let y, let time):
                advanceClock(to: time)
                scrollView.touchMotion(id: Int(id), to: LogicalPoint(x: x, y: y), timeMilliseconds: timeMilliseconds)
            case .up(let id, let time):
                advanceClock(to: time)
                scrollView.touchUp(id: Int(id), timeMilliseconds: timeMilliseconds)
            }
        }
        scrollView.touchFrame()
        // Any touch reveals the window controls (after the hit test above, so a first touch
        // on a hidden control scrolls instead).
        lastTouchMilliseconds = timeMilliseconds
        window.setNeedsDisplay()
    }

    func seatDidCancelTouches(_ seat: Seat) {
        controlTouches.removeAll()
        scrollView.touchCancel(timeMilliseconds: timeMilliseconds)
        window.setNeedsDisplay()
    }

    func seat(_ seat: Seat, didReceivePointerFrame frame: PointerFrame) {}

    func seat(_ seat: Seat, didReceivePinch event: PinchEvent) {}

    func seat(_ seat: Seat, didReceiveHold event: HoldEvent) {}

    func seat(_ seat: Seat, didPressKey key: KeyEvent) {
        advanceClock(to: key.timeMilliseconds)
        switch (key.name, key.modifiers) {
        case ("Escape", _) where window.states.isFullscreen:
            window.setFullscreen(false)
        case ("Escape", _), ("q", []), ("q", .control), ("Q", .control):
            isQuitRequested = true
        case ("F11", []):
            window.setFullscreen(!window.states.isFullscreen)
        default:
            break
        }
    }
}
