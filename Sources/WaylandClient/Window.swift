/// A desktop window: a surface with the xdg-shell toplevel role, decorations, buffers and
/// frame pacing.
///
/// The owner draws when `onDraw` is called: at once when a change is marked with
/// `setNeedsDisplay()` and no frame callback is pending, else when the callback fires, so at
/// most one frame is in flight (foot's scheme). When nothing is marked, nothing wakes up.
public final class Window {
    /// The window's size in logical px.
    public private(set) var width: Int32
    public private(set) var height: Int32
    /// The buffer scale the window renders at.
    public private(set) var scale: Int32 = 1
    /// The states of the last configure (fullscreen, maximized, activated, resizing).
    public private(set) var states = WindowStates()
    /// Whether the compositor asked the client to close the window.
    public private(set) var isCloseRequested = false

    /// Draws a frame into `buffer` at buffer scale `scale`.
    public var onDraw: ((_ buffer: ShmBuffer, _ scale: Int32, _ timing: FrameTiming) -> DrawnFrame)?
    /// Called after the size or scale changed, before the next draw.
    public var onResize: (() -> Void)?
    /// Called for each committed frame: its number (counting from 1), the monotonic time of
    /// the commit in ms, and, when the compositor reports it, when it reached the screen
    /// (ms on the presentation clock, nil if discarded or unknown). Without `wp_presentation`
    /// it is called at once with nil.
    public var onFrameCommitted: ((_ number: Int, _ commitMilliseconds: Double, _ presentedMilliseconds: Double?) -> Void)?

    private let surface: Surface
    private let xdgSurface: XdgSurface
    private let toplevel: XdgToplevel
    private let decoration: ToplevelDecoration?
    private let buffers: BufferChain
    private let presentation: Presentation?
    private let fallbackTimer = FallbackTimer()
    private var frameCallback: FrameCallback?
    private var feedbacks: [Int: PresentationFeedback] = [:]
    private var committedFrameCount = 0
    private var isConfigured = false
    private var needsDisplay = false
    private var isDrawing = false

    /// Creates a window of `width`×`height` logical px (the compositor may choose otherwise).
    public init(registry: Registry, title: String, appID: String, width: Int32, height: Int32) {
        self.width = width
        self.height = height
        surface = Surface(registry: registry)
        xdgSurface = XdgSurface(windowManager: registry.windowManager!, surface: surface)
        let toplevel = XdgToplevel(xdgSurface: xdgSurface, title: title, appID: appID)
        self.toplevel = toplevel
        decoration = registry.decorationManager.map { ToplevelDecoration(manager: $0, toplevel: toplevel.proxy) }
        buffers = BufferChain(shm: registry.shm!)
        presentation = registry.presentation
        toplevel.setMinimumSize(width: 200, height: 150)
        scale = surface.preferredScale
        xdgSurface.onConfigure = { [unowned self] serial in configure(serial: serial) }
        toplevel.onClose = { [unowned self] in isCloseRequested = true }
        surface.onPreferredScaleChange = { [unowned self] in updateScale() }
        buffers.onBufferReleased = { [unowned self] in
            if frameCallback == nil && !isDrawing { drawIfNeeded(timing: .immediate) }
        }
        // The first commit has no buffer: it asks the compositor for the first configure.
        surface.commit()
    }

    /// Marks the window's content as changed.
    public func setNeedsDisplay() {
        needsDisplay = true
        if frameCallback == nil && !isDrawing { drawIfNeeded(timing: .immediate) }
    }

    /// Asks for fullscreen, or to leave it (F11); the compositor answers with a configure.
    public func setFullscreen(_ isFullscreen: Bool) {
        toplevel.setFullscreen(isFullscreen)
    }

    /// The fallback timer for the app's poll loop, and what to do when it is readable.
    public var fallbackTimerFileDescriptor: Int32 { fallbackTimer.fileDescriptor }

    /// Draws a frame after frame callbacks stopped coming; called when the fallback timer fires.
    public func fallbackTimerFired() {
        guard let elapsed = fallbackTimer.takeExpiry(), frameCallback != nil else { return }
        // The old callback may still fire when the window is shown again; it is dropped with
        // its proxy, and the new frame asks for a fresh one.
        frameCallback = nil
        drawIfNeeded(timing: .fallback(elapsedMilliseconds: elapsed))
    }

    private func configure(serial: UInt32) {
        xdgSurface.acknowledgeConfigure(serial: serial)
        let newWidth = toplevel.suggestedWidth > 0 ? toplevel.suggestedWidth : width
        let newHeight = toplevel.suggestedHeight > 0 ? toplevel.suggestedHeight : height
        let resized = newWidth != width || newHeight != height || !isConfigured
        width = newWidth
        height = newHeight
        states = toplevel.states
        isConfigured = true
        if resized { onResize?() }
        // Every configure must be answered by a commit; a frame with the new size does that.
        needsDisplay = true
        if !isDrawing { drawIfNeeded(timing: .immediate) }
    }

    private func updateScale() {
        let newScale = surface.preferredScale
        guard newScale != scale else { return }
        scale = newScale
        onResize?()
        setNeedsDisplay()
    }

    private func drawIfNeeded(timing: FrameTiming) {
        guard needsDisplay, isConfigured, let onDraw else { return }
        let buffer: ShmBuffer?
        do {
            buffer = try buffers.nextBuffer(width: width * scale, height: height * scale)
        } catch {
            DebugLog.write("\(error)")
            return
        }
        // All buffers busy: the compositor will release one, and the frame callback retries.
        guard let buffer else { return }
        needsDisplay = false
        isDrawing = true
        let drawn = onDraw(buffer, scale, timing)
        isDrawing = false
        // A frame that leaves everything at rest asks for no callback, so an idle window gets
        // no wake-ups. Otherwise the callback paces the next frame: an animation draws again
        // when it fires, and input that arrives before then waits for it (one frame in flight).
        if drawn.isAtRest {
            fallbackTimer.disarm()
        } else {
            needsDisplay = needsDisplay || drawn.isAnimating
            frameCallback = FrameCallback(surface: surface) { [unowned self] time in
                frameCallback = nil
                fallbackTimer.disarm()
                drawIfNeeded(timing: .callback(timeMilliseconds: time))
            }
            if drawn.isAnimating { fallbackTimer.arm() }
        }
        surface.attach(buffer, scale: scale, damage: drawn.damage)
        buffer.isBusy = true
        commit()
    }

    private func commit() {
        committedFrameCount += 1
        let number = committedFrameCount
        let commitTime = monotonicMilliseconds()
        if let presentation, let onFrameCommitted {
            feedbacks[number] = PresentationFeedback(presentation: presentation, surface: surface) { [unowned self] presented in
                feedbacks[number] = nil
                onFrameCommitted(number, commitTime, presented)
            }
        }
        surface.commit()
        if presentation == nil { onFrameCommitted?(number, commitTime, nil) }
    }
}

/// What a draw produced: the changed rectangles and whether anything is still going on.
public struct DrawnFrame {
    /// Changed rectangles in buffer pixels.
    public var damage: [PixelRect]
    /// Whether the next frame must be drawn without new input (an animation or fade runs).
    public var isAnimating: Bool
    /// Whether nothing will change without new input and no input is in progress.
    public var isAtRest: Bool

    public init(damage: [PixelRect], isAnimating: Bool, isAtRest: Bool) {
        self.damage = damage
        self.isAnimating = isAnimating
        self.isAtRest = isAtRest
    }
}
