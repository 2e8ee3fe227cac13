/// The pixels of a committed buffer, copied at commit so that the client may reuse its buffer.
public struct SurfaceImage: Sendable, Equatable {
    /// The buffer's size in buffer px (logical size × buffer scale).
    public let width: Int
    public let height: Int
    /// Whether the alpha byte counts (`WL_SHM_FORMAT_ARGB8888`) or not (`XRGB8888`).
    public let hasAlpha: Bool
    /// Rows top to bottom, each pixel 0xAARRGGBB (native-endian 32-bit words, as wl_shm's
    /// 8888 formats are defined).
    public let pixels: [UInt32]

    /// An image of `width`×`height` pixels, rows top to bottom (for a test's reference images).
    public init(width: Int, height: Int, hasAlpha: Bool, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "\(pixels.count) pixels for \(width)×\(height)")
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.pixels = pixels
    }

    /// The pixel as 0xRRGGBB.
    public func rgb(x: Int, y: Int) -> UInt32 {
        pixels[y * width + x] & 0xff_ffff
    }

    /// The pixel's luminance in 0…255 (Rec. 601 weights).
    public func luminance(x: Int, y: Int) -> Double {
        let value = rgb(x: x, y: y)
        let red = Double(value >> 16), green = Double((value >> 8) & 0xff), blue = Double(value & 0xff)
        return 0.299 * red + 0.587 * green + 0.114 * blue
    }

    /// How many pixels have a luminance below `threshold`: dark glyph strokes on a light page.
    public func countPixels(darkerThan threshold: Double) -> Int {
        var count = 0
        for y in 0..<height {
            for x in 0..<width where luminance(x: x, y: y) < threshold {
                count += 1
            }
        }
        return count
    }
}
