import CWaylandClient

/// One frame's pixels (`wl_buffer`), busy from attach until the compositor releases it.
public final class ShmBuffer: ProxyOwner {
    let proxy: OpaquePointer
    private let pool: ShmPool
    public let width: Int32
    public let height: Int32
    /// Bytes per row.
    public let stride: Int32
    /// Whether the compositor may still read the pixels.
    public internal(set) var isBusy = false

    private static let listener = ListenerTable(wl_buffer_listener(
        release: { data, _ in owner(data, as: ShmBuffer.self).isBusy = false }))

    init(shm: Shm, width: Int32, height: Int32) throws(WaylandError) {
        self.width = width
        self.height = height
        stride = width * 4
        pool = try ShmPool(shm: shm, byteCount: Int(stride) * Int(height))
        proxy = pool.makeBuffer(offset: 0, width: width, height: height, stride: stride)
        wl_buffer_add_listener(proxy, ShmBuffer.listener.pointer, unretainedPointer)
    }

    deinit {
        wl_buffer_destroy(proxy)
    }

    /// The pixels, premultiplied ARGB in native byte order, row by row.
    public var pixels: UnsafeMutableRawPointer { pool.memory }
}
