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
    /// Whether the compositor asked the client to close the window.
    public private(set) var isCloseRequested = false

    /// Draws a frame into `buffer`. The time is the frame callback's (ms, compositor clock) or
    /// nil for a frame drawn at once.
    public var onDraw: ((_ buffer: ShmBuffer, _ scale: Int32, _ frameTimeMilliseconds: UInt32?) -> DrawnFrame)?
    /// Called after the size or scale changed, before the next draw.
    public var onResize: (() -> Void)?

    private let surface: Surface
    private let xdgSurface: XdgSurface
    private let toplevel: XdgToplevel
    private let decoration: ToplevelDecoration?
    private let buffers: BufferChain
    private var frameCallback: FrameCallback?
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
        toplevel.setMinimumSize(width: 200, height: 150)
        scale = surface.preferredScale
        xdgSurface.onConfigure = { [unowned self] serial in configure(serial: serial) }
        toplevel.onClose = { [unowned self] in isCloseRequested = true }
        surface.onPreferredScaleChange = { [unowned self] in updateScale() }
        // The first commit has no buffer: it asks the compositor for the first configure.
        surface.commit()
    }

    /// Marks the window's content as changed.
    public func setNeedsDisplay() {
        needsDisplay = true
        if frameCallback == nil && !isDrawing { drawIfNeeded(frameTimeMilliseconds: nil) }
    }

    /// Whether a frame callback is pending, i.e. the window will be asked to draw again.
    public var isWaitingForFrame: Bool { frameCallback != nil }

    private func configure(serial: UInt32) {
        xdgSurface.acknowledgeConfigure(serial: serial)
        let newWidth = toplevel.suggestedWidth > 0 ? toplevel.suggestedWidth : width
        let newHeight = toplevel.suggestedHeight > 0 ? toplevel.suggestedHeight : height
        let resized = newWidth != width || newHeight != height || !isConfigured
        width = newWidth
        height = newHeight
        isConfigured = true
        if resized { onResize?() }
        // Every configure must be answered by a commit; a frame with the new size does that.
        needsDisplay = true
        drawIfNeeded(frameTimeMilliseconds: nil)
    }

    private func updateScale() {
        let newScale = surface.preferredScale
        guard newScale != scale else { return }
        scale = newScale
        onResize?()
        setNeedsDisplay()
    }

    private func drawIfNeeded(frameTimeMilliseconds: UInt32?) {
        guard needsDisplay, isConfigured, let onDraw else { return }
        let bufferWidth = width * scale
        let bufferHeight = height * scale
        let buffer: ShmBuffer?
        do {
            buffer = try buffers.nextBuffer(width: bufferWidth, height: bufferHeight)
        } catch {
            DebugLog.write("\(error)")
            return
        }
        // All buffers busy: the compositor will release one, and the frame callback retries.
        guard let buffer else { return }
        needsDisplay = false
        isDrawing = true
        let drawn = onDraw(buffer, scale, frameTimeMilliseconds)
        isDrawing = false
        // A frame that leaves everything at rest asks for no callback, so an idle window gets
        // no wake-ups. Otherwise the callback paces the next frame: an animation draws again
        // when it fires, and input that arrives before then waits for it (one frame in flight).
        if !drawn.isAtRest {
            needsDisplay = needsDisplay || drawn.isAnimating
            frameCallback = FrameCallback(surface: surface) { [unowned self] time in
                frameCallback = nil
                drawIfNeeded(frameTimeMilliseconds: time)
            }
        }
        surface.attach(buffer, scale: scale, damage: drawn.damage)
        buffer.isBusy = true
        surface.commit()
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
