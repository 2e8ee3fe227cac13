import CWaylandClient

/// One frame's pixels (`wl_buffer`) in a slot of a pool, busy from attach until the
/// compositor releases it.
public final class ShmBuffer: ProxyOwner {
    let proxy: OpaquePointer
    let pool: ShmPool
    /// Which slot of the pool the buffer occupies.
    let slot: Int
    private let offset: Int
    public let width: Int32
    public let height: Int32
    /// Bytes per row.
    public let stride: Int32
    /// Whether the compositor may still read the pixels.
    public internal(set) var isBusy = false

    private static let listener = ListenerTable(wl_buffer_listener(
        release: { data, _ in
            let buffer = owner(data, as: ShmBuffer.self)
            // A frame that found every buffer busy is drawn when the loop next renders.
            buffer.isBusy = false
        }))

    init(pool: ShmPool, slot: Int, width: Int32, height: Int32) {
        self.pool = pool
        self.slot = slot
        self.width = width
        self.height = height
        stride = width * 4
        offset = slot * Int(stride) * Int(height)
        proxy = pool.makeBuffer(offset: offset, width: width, height: height, stride: stride)
        wl_buffer_add_listener(proxy, ShmBuffer.listener.pointer, unretainedPointer)
    }

    deinit {
        wl_buffer_destroy(proxy)
    }

    /// The pixels, premultiplied ARGB in native byte order, row by row.
    public var pixels: UnsafeMutableRawPointer { pool.memory + offset }

    /// The size of one buffer of this shape in bytes.
    static func byteCount(width: Int32, height: Int32) -> Int { Int(width) * 4 * Int(height) }
}
