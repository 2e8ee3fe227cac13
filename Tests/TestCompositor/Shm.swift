import CWaylandServer

/// Shared-memory buffers (`wl_shm`, `wl_shm_pool`, `wl_buffer`), as libwayland-server
/// implements them: the same code real compositors use, so pools, strides, formats and
/// resizes are validated as on a desktop, with protocol errors for a misbehaving client.
enum Shm {
    /// Offers `wl_shm` with the two formats every compositor must support (ARGB8888, XRGB8888).
    static func install(on display: OpaquePointer) throws(TestCompositorError) {
        guard wl_display_init_shm(display) == 0 else { throw .cannotStart("wl_display_init_shm failed") }
    }

    /// Copies the pixels of an shm `buffer` (ARGB8888 or XRGB8888, the only formats offered).
    ///
    /// The access is bracketed by `wl_shm_buffer_begin_access`/`end_access`, which turn the
    /// SIGBUS of a pool the client truncated into a protocol error instead of a crash.
    static func copyImage(of buffer: OpaquePointer) -> SurfaceImage? {
        guard let shmBuffer = wl_shm_buffer_get(buffer) else { return nil }
        let width = Int(wl_shm_buffer_get_width(shmBuffer))
        let height = Int(wl_shm_buffer_get_height(shmBuffer))
        let stride = Int(wl_shm_buffer_get_stride(shmBuffer))
        let format = wl_shm_buffer_get_format(shmBuffer)
        wl_shm_buffer_begin_access(shmBuffer)
        defer { wl_shm_buffer_end_access(shmBuffer) }
        guard let data = wl_shm_buffer_get_data(shmBuffer) else { return nil }
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBytes { destination in
            for row in 0..<height {
                let source = UnsafeRawBufferPointer(start: data + row * stride, count: width * 4)
                UnsafeMutableRawBufferPointer(rebasing: destination[(row * width * 4)...]).copyMemory(from: source)
            }
        }
        return SurfaceImage(width: width, height: height,
                            hasAlpha: format == WL_SHM_FORMAT_ARGB8888.rawValue, pixels: pixels)
    }
}
