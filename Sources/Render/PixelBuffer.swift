/// Memory to draw a frame into: premultiplied ARGB32 in native byte order, as cairo's
/// `CAIRO_FORMAT_ARGB32` and `WL_SHM_FORMAT_ARGB8888` both define it.
public struct PixelBuffer {
    public var pixels: UnsafeMutableRawPointer
    /// Size in device pixels.
    public var width: Int
    public var height: Int
    /// Bytes per row.
    public var stride: Int
    /// Device pixels per logical px.
    public var scale: Double
    /// Bytes of the buffer's own memory just before `pixels` and just after its last row,
    /// over which its pixels may slide: a scrolling frame then moves where the buffer starts
    /// instead of moving its pixels (`BufferBlit.move`).
    public var roomBeforeBytes: Int
    public var roomAfterBytes: Int

    public init(pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, scale: Double,
                roomBeforeBytes: Int = 0, roomAfterBytes: Int = 0) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.stride = stride
        self.scale = scale
        self.roomBeforeBytes = roomBeforeBytes
        self.roomAfterBytes = roomAfterBytes
    }

    /// The pixels' bytes, from the first row's start to the last row's end.
    var byteCount: Int { height * stride }

    /// The same memory with the pixels starting `bytes` later (earlier when negative).
    public func sliding(by bytes: Int) -> PixelBuffer {
        var moved = self
        moved.pixels += bytes
        moved.roomBeforeBytes += bytes
        moved.roomAfterBytes -= bytes
        return moved
    }
}
