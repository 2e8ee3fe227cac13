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

    public init(pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, scale: Double) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.stride = stride
        self.scale = scale
    }
}
