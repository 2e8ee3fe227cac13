/// The double-buffered state of a surface as of its last commit (or, for a synchronized
/// subsurface, as of its parent's last commit): what the screen would show.
public struct SurfaceState: Sendable, Equatable {
    /// The pixels of the attached buffer; nil before the first buffer or after a null attach.
    public internal(set) var image: SurfaceImage?
    /// The buffer scale (`wl_surface.set_buffer_scale`): buffer px per logical px.
    public internal(set) var bufferScale: Int32 = 1
    /// The buffer transform (`wl_output_transform` value).
    public internal(set) var bufferTransform: Int32 = 0
    /// The damage of this commit alone, in surface-local logical px (`wl_surface.damage`).
    public internal(set) var damage: [Rect] = []
    /// The damage of this commit alone, in buffer px (`wl_surface.damage_buffer`).
    public internal(set) var bufferDamage: [Rect] = []
    /// The opaque and input regions; nil means unset (the default: nothing opaque, all input).
    public internal(set) var opaqueRegion: RegionShape?
    public internal(set) var inputRegion: RegionShape?
    /// The viewport's source rectangle in buffer coordinates and destination size in logical
    /// px (`wp_viewport`); nil when unset.
    public internal(set) var viewportSource: ViewportSource?
    public internal(set) var viewportDestination: Size?

    /// The surface's size in logical px, as the protocol derives it: the viewport's
    /// destination if set, else the buffer size divided by the buffer scale.
    public var logicalSize: Size? {
        if let viewportDestination { return viewportDestination }
        guard let image else { return nil }
        return Size(width: Int32(image.width) / bufferScale, height: Int32(image.height) / bufferScale)
    }
}

/// A size in logical px.
public struct Size: Sendable, Equatable, CustomStringConvertible {
    public var width: Int32
    public var height: Int32

    public init(width: Int32, height: Int32) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}

/// A viewport's source rectangle, in buffer coordinates after scale and transform.
public struct ViewportSource: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
}

/// What the client changed since the last commit; a commit applies it (or, for a synchronized
/// subsurface, caches it until the parent commits).
struct PendingSurfaceState {
    /// A `wl_surface.attach`: the buffer's id, nil inside for a null attach. The buffer is
    /// looked up again at commit, since the client may destroy it in between.
    var attachedBuffer: UInt32??
    var bufferScale: Int32?
    var bufferTransform: Int32?
    var damage: [Rect] = []
    var bufferDamage: [Rect] = []
    var opaqueRegion: RegionShape??
    var inputRegion: RegionShape??
    var viewportSource: ViewportSource??
    var viewportDestination: Size??
    var frameCallbacks: [FrameCallback] = []
    var feedbacks: [PresentationFeedback] = []

    /// Adds `newer` on top: its settings win, damage and callbacks accumulate.
    mutating func merge(_ newer: PendingSurfaceState) {
        attachedBuffer = newer.attachedBuffer ?? attachedBuffer
        bufferScale = newer.bufferScale ?? bufferScale
        bufferTransform = newer.bufferTransform ?? bufferTransform
        damage += newer.damage
        bufferDamage += newer.bufferDamage
        opaqueRegion = newer.opaqueRegion ?? opaqueRegion
        inputRegion = newer.inputRegion ?? inputRegion
        viewportSource = newer.viewportSource ?? viewportSource
        viewportDestination = newer.viewportDestination ?? viewportDestination
        frameCallbacks += newer.frameCallbacks
        feedbacks += newer.feedbacks
    }
}
