import Glibc
import Machinery

/// A desktop window: a surface with the xdg-shell toplevel role, decorations, buffers and
/// frame pacing.
///
/// Listeners only mark the window (`setNeedsDisplay()`, a configure, a frame callback, a
/// released buffer); the event loop calls `drawIfNeeded()` once dispatch has returned, and
/// the owner draws when `onDraw` is called: when a change is marked and no frame callback is
/// pending, or when the callback fired, so at most one frame is in flight and no commit is
/// ever made from inside a Wayland callback (foot's scheme). When nothing is marked, nothing
/// wakes up.
public final class Window {
    /// The window's size in logical px.
    public private(set) var width: Int32
    public private(set) var height: Int32
    /// Device pixels per logical px: the output's integer scale, or the fractional scale when
    /// the compositor offers `wp_fractional_scale_v1` (then the buffer scale is 1 and a
    /// viewport maps the buffer onto the logical size).
    public private(set) var scale = 1.0
    /// The states of the last configure (fullscreen, maximized, activated, resizing).
    public private(set) var states = WindowStates()
    /// Whether the compositor asked the client to close the window.
    public private(set) var isCloseRequested = false
    /// Why the window cannot draw any more (no shared memory for its buffers), if it cannot.
    public private(set) var failure: WaylandError?

    /// Draws a frame into `buffer` at `scale` device pixels per logical px.
    public var onDraw: ((_ buffer: ShmBuffer, _ scale: Double, _ timing: FrameTiming) -> DrawnFrame)?
    /// Called after the size or scale changed, before the next draw.
    public var onResize: (() -> Void)?
    /// Called for each committed frame with its number (counting from 1) and the monotonic
    /// time of the commit in ms.
    public var onFrameCommitted: ((_ number: Int, _ commitMilliseconds: Double) -> Void)?
    /// Called when the compositor reports what became of frame `number`: when it reached the
    /// screen (ms on the presentation clock) or nil when it was discarded. Some compositors
    /// (sway's headless outputs) never report; without `wp_presentation` it is never called.
    public var onFramePresented: ((_ number: Int, _ presentedMilliseconds: Double?) -> Void)?

    private let surface: Surface
    private let role: ToplevelRole
    /// Whether libdecor draws the decorations (no xdg-decoration): touch then needs Glide's own
    /// ways to move and close the window, since libdecor's cairo plugin handles only pointers.
    public let hasClientSideDecorations: Bool
    private let buffers: BufferChain
    private let presentation: Presentation?
    /// Keeps animations finishing when frame callbacks stop, as they do for a hidden window
    /// ("A server should avoid signaling the frame callbacks if the surface is not visible"):
    /// armed with each frame that asks for another; when no callback comes within
    /// `fallbackIntervalMilliseconds` the window draws anyway, at this slow rate, so a fling
    /// still ends without burning CPU.
    private let fallbackTimer = LoopTimer()
    /// SDL waits 50 ms for a callback for the same reason; 100 ms is 10 frames per second.
    static let fallbackIntervalMilliseconds = 100.0
    private let fractionalScale: FractionalScale?
    private let viewport: Viewport?
    private var frameCallback: FrameCallback?
    private var feedbacks: [Int: PresentationFeedback] = [:]
    private var committedFrameCount = 0
    private var isConfigured = false
    private var needsDisplay = false
    /// How the next frame is timed: the frame callback's time or the fallback's elapsed time
    /// when one of those woke it, else immediate.
    private var pendingTiming = FrameTiming.immediate

    /// Creates a window of `width`×`height` logical px (the compositor may choose otherwise).
    /// Decorations are server-side where the compositor offers xdg-decoration, else drawn by
    /// libdecor (`GLIDE_DECORATIONS=none` turns libdecor off, e.g. for kiosks).
    /// `bufferRoomHeights` is the room each buffer gets beside its pixels, in heights of the
    /// buffer, for frames that slide the buffer instead of moving its pixels (`DrawnFrame.slideBytes`).
    public init(registry: Registry, display: Display, title: String, appID: String, width: Int32, height: Int32,
                bufferRoomHeights: Int = 0) {
        self.width = width
        self.height = height
        self.title = title
        surface = Surface(registry: registry)
        let minimum: (width: Int32, height: Int32) = (200, 150)
        let wantsLibdecor = registry.decorationManager == nil
            && getenv("GLIDE_DECORATIONS").map { String(cString: $0) } != "none"
        if wantsLibdecor, let frame = LibdecorFrame(
            display: display, surface: surface, title: title, appID: appID, width: width, height: height,
            minimumWidth: minimum.width, minimumHeight: minimum.height) {
            role = frame
            hasClientSideDecorations = true
        } else {
            if wantsLibdecor { DebugLog.write("libdecor is unavailable: the window has no decorations") }
            role = XdgToplevelRole(registry: registry, surface: surface, title: title, appID: appID,
                                   minimumWidth: minimum.width, minimumHeight: minimum.height)
            hasClientSideDecorations = false
        }
        buffers = BufferChain(shm: registry.shm!, roomHeights: bufferRoomHeights)
        presentation = registry.presentation
        if let manager = registry.fractionalScaleManager, let viewporter = registry.viewporter {
            fractionalScale = FractionalScale(manager: manager, surface: surface)
            viewport = Viewport(viewporter: viewporter, surface: surface)
        } else {
            fractionalScale = nil
            viewport = nil
        }
        scale = Double(surface.preferredScale)
        role.onConfigure = { [unowned self] width, height, states in configure(width: width, height: height, states: states) }
        role.onClose = { [unowned self] in isCloseRequested = true }
        surface.onPreferredScaleChange = { [unowned self] in updateScale() }
        fractionalScale?.onChange = { [unowned self] in updateScale() }
        // The first commit has no buffer: it asks the compositor for the first configure.
        // (libdecor makes that commit itself when the frame is mapped.)
        if !hasClientSideDecorations { surface.commit() }
    }

    /// Marks the window's content as changed; the loop draws it after dispatch.
    public func setNeedsDisplay() {
        needsDisplay = true
    }

    /// Whether a frame is due: marked, configured, and no frame callback is pending.
    public var isFrameDue: Bool { needsDisplay && isConfigured && frameCallback == nil }

    /// Draws and commits a frame if one is due. The event loop calls it after dispatching
    /// events, never from a listener.
    public func drawIfNeeded() {
        guard isFrameDue else { return }
        let timing = pendingTiming
        pendingTiming = .immediate
        draw(timing: timing)
    }

    /// The window's name, as the compositor shows it.
    public private(set) var title: String

    /// Names the window anew (with several files open, the one shown); nothing is sent when
    /// the name is the same.
    public func setTitle(_ title: String) {
        guard title != self.title else { return }
        self.title = title
        role.setTitle(title)
    }

    /// Asks for fullscreen, or to leave it (F11); the compositor answers with a configure.
    public func setFullscreen(_ isFullscreen: Bool) {
        role.setFullscreen(isFullscreen)
    }

    /// Lets the user move the window with the pointer or finger that pressed with `serial`.
    public func beginMove(seat: Seat, serial: UInt32) {
        role.move(seat: seat, serial: serial)
    }

    /// The fallback timer for the app's poll loop, and what to do when it is readable.
    public var fallbackTimerFileDescriptor: Int32 { fallbackTimer.fileDescriptor }

    /// Draws a frame after frame callbacks stopped coming; called when the fallback timer fires.
    public func fallbackTimerFired() {
        guard let elapsed = fallbackTimer.takeExpiry(), frameCallback != nil else { return }
        // The old callback may still fire when the window is shown again; it is dropped with
        // its proxy, and the new frame asks for a fresh one.
        frameCallback = nil
        pendingTiming = .fallback(elapsedMilliseconds: elapsed)
    }

    private func configure(width suggestedWidth: Int32?, height suggestedHeight: Int32?, states: WindowStates) {
        let newWidth = suggestedWidth ?? width
        let newHeight = suggestedHeight ?? height
        let resized = newWidth != width || newHeight != height || !isConfigured
        width = newWidth
        height = newHeight
        self.states = states
        isConfigured = true
        if resized { onResize?() }
        // Every configure must be answered by a commit; a frame with the new size does that.
        needsDisplay = true
    }

    private func updateScale() {
        let newScale = fractionalScale?.scale ?? Double(surface.preferredScale)
        guard newScale != scale else { return }
        scale = newScale
        onResize?()
        setNeedsDisplay()
    }

    private func draw(timing: FrameTiming) {
        guard let onDraw else { return }
        let buffer: ShmBuffer?
        let drawScale = drawScale
        do {
            buffer = try buffers.nextBuffer(width: bufferSize(width, scale: drawScale),
                                            height: bufferSize(height, scale: drawScale))
        } catch {
            failure = error
            return
        }
        // All buffers busy: the compositor will release one, and the frame callback retries.
        guard let buffer else { return }
        needsDisplay = false
        let drawn = onDraw(buffer, drawScale, timing)
        buffer.slide(by: drawn.slideBytes)
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
                pendingTiming = .callback(timeMilliseconds: time)
            }
            if drawn.isAnimating { fallbackTimer.arm(afterMilliseconds: Window.fallbackIntervalMilliseconds) }
        }
        if let viewport {
            viewport.setDestination(width: width, height: height)
            surface.attach(buffer, scale: 1, damage: drawn.damage)
        } else {
            surface.attach(buffer, scale: Int32(drawScale), damage: drawn.damage)
        }
        buffer.isBusy = true
        commit()
    }

    /// A logical length in buffer pixels: ×scale, and for a fractional scale rounded half
    /// away from zero, as fractional-scale-v1 specifies.
    private func bufferSize(_ logical: Int32, scale: Double) -> Int32 {
        Int32((Double(logical) * scale).rounded(.toNearestOrAwayFromZero))
    }

    /// The longest side of a buffer, in device px: at 16384×16384 px a buffer is 1 GiB, which
    /// a wl_shm pool (32-bit sizes, at most 2 GiB) holds once, and GL compositors cannot show
    /// a buffer larger than their largest texture (`GL_MAX_TEXTURE_SIZE`, 16384 px with the
    /// common Mesa drivers).
    public static let maximumBufferSidePixels = 16_384

    /// The scale frames are drawn at: `scale`, lowered when the buffer would be longer than
    /// `maximumBufferSidePixels` a side (a 16384 px window on a scale-2 output is drawn at
    /// scale 1 and magnified by the compositor). A buffer scale is an integer; a viewport
    /// takes any scale.
    private var drawScale: Double {
        let largest = Double(Window.maximumBufferSidePixels) / Double(max(width, height, 1))
        guard scale > largest else { return scale }
        return viewport == nil ? max(1, largest.rounded(.down)) : largest
    }

    /// How many frames may wait for the compositor's presentation report.
    static let maximumPendingFeedbacks = 8

    private func commit() {
        committedFrameCount += 1
        let number = committedFrameCount
        if let presentation, let onFramePresented {
            // Some compositors never report (sway's headless outputs): keep a few, not one per frame.
            if feedbacks.count >= Window.maximumPendingFeedbacks, let oldest = feedbacks.keys.min() {
                feedbacks[oldest] = nil
            }
            feedbacks[number] = PresentationFeedback(presentation: presentation, surface: surface) { [unowned self] presented in
                feedbacks[number] = nil
                onFramePresented(number, presented)
            }
        }
        surface.commit()
        onFrameCommitted?(number, MonotonicClock.milliseconds())
    }
}

/// What a draw produced: the changed rectangles and whether anything is still going on.
public struct DrawnFrame {
    /// Changed rectangles in buffer pixels.
    public var damage: [any BufferDamage]
    /// Whether the next frame must be drawn without new input (an animation or fade runs).
    public var isAnimating: Bool
    /// Whether nothing will change without new input and no input is in progress.
    public var isAtRest: Bool
    /// How many bytes further on in its room the drawing moved the buffer's start (back when
    /// negative): the buffer is shown from there.
    public var slideBytes: Int

    public init(damage: [any BufferDamage], isAnimating: Bool, isAtRest: Bool, slideBytes: Int = 0) {
        self.damage = damage
        self.isAnimating = isAnimating
        self.isAtRest = isAtRest
        self.slideBytes = slideBytes
    }
}
