import CCairo
import TestSupport

/// A decoded picture (a screenshot), with its pixels as 8-bit red, green and blue.
struct RGBImage {
    let width: Int
    let height: Int
    private let pixels: [UInt32]

    /// Decodes a PNG file with cairo.
    init(pngFile path: String) throws {
        let surface = cairo_image_surface_create_from_png(path)
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw HarnessError("cannot decode PNG \(path)")
        }
        try self.init(surface: surface!)
    }

    /// Copies an ARGB32 or RGB24 cairo image surface.
    init(surface: OpaquePointer) throws {
        cairo_surface_flush(surface)
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { throw HarnessError("image has no pixels") }
        var copy = [UInt32](repeating: 0, count: width * height)
        for row in 0..<height {
            let source = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width { copy[row * width + column] = source[column] }
        }
        pixels = copy
    }

    /// The pixel's luminance in 0…255 (Rec. 601 weights).
    func luminance(x: Int, y: Int) -> Double {
        let value = pixels[y * width + x]
        let red = Double((value >> 16) & 0xff), green = Double((value >> 8) & 0xff), blue = Double(value & 0xff)
        return 0.299 * red + 0.587 * green + 0.114 * blue
    }

    /// The pixel as 0xRRGGBB.
    func rgb(x: Int, y: Int) -> UInt32 {
        pixels[y * width + x] & 0xff_ffff
    }
}

extension RGBImage: RGBPixels {}

extension RGBImage: InkCounting {
    /// Darker than a luminance of 100: text on the light page.
    func isInk(x: Int, y: Int) -> Bool { luminance(x: x, y: y) < 100 }
}
