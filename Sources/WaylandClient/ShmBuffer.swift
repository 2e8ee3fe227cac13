import CWaylandClient

/// One frame's pixels (`wl_buffer`) in a slot of a pool, busy from attach until the
/// compositor releases it. The slot may hold room beside the pixels: the buffer can then
/// slide over it, a new `wl_buffer` at a new offset into the same memory.
public final class ShmBuffer: ProxyOwner {
    private(set) var proxy: OpaquePointer
    let pool: ShmPool
    /// Which slot of the pool the buffer occupies.
    let slot: Int
    /// Where the slot starts in the pool and how long it is, in bytes.
    private let slotOffset: Int
    private let slotBytes: Int
    /// Where the pixels start in the pool, in bytes.
    private var offset: Int
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

    init(pool: ShmPool, slot: Int, slotBytes: Int, width: Int32, height: Int32) {
        self.pool = pool
        self.slot = slot
        self.slotBytes = slotBytes
        self.width = width
        self.height = height
        stride = width * 4
        slotOffset = slot * slotBytes
        offset = slotOffset
        proxy = pool.makeBuffer(offset: offset, width: width, height: height, stride: stride)
        wl_buffer_add_listener(proxy, ShmBuffer.listener.pointer, unretainedPointer)
    }

    deinit {
        wl_buffer_destroy(proxy)
    }

    /// The pixels, premultiplied ARGB in native byte order, row by row.
    public var pixels: UnsafeMutableRawPointer { pool.memory + offset }

    /// Bytes of the slot before the pixels and after their last row.
    public var roomBeforeBytes: Int { offset - slotOffset }
    public var roomAfterBytes: Int { slotOffset + slotBytes - offset - ShmBuffer.byteCount(width: width, height: height) }

    /// Moves the buffer's start `bytes` further on in its slot (back when negative), while
    /// the compositor holds none of it: a buffer's offset is fixed, so a new `wl_buffer`
    /// replaces the old one.
    func slide(by bytes: Int) {
        guard bytes != 0 else { return }
        precondition(!isBusy && -roomBeforeBytes <= bytes && bytes <= roomAfterBytes, "a buffer slid out of its slot")
        offset += bytes
        wl_buffer_destroy(proxy)
        proxy = pool.makeBuffer(offset: offset, width: width, height: height, stride: stride)
        wl_buffer_add_listener(proxy, ShmBuffer.listener.pointer, unretainedPointer)
    }

    /// The size of one buffer of this shape in bytes.
    static func byteCount(width: Int32, height: Int32) -> Int { Int(width) * 4 * Int(height) }
}
