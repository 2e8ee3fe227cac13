import CCairo

/// A size in image px.
public struct ImageSize: Equatable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// Decoded pixels in a cairo image surface (premultiplied ARGB32).
///
/// Made on a decoder thread and handed whole to the frame loop, which alone uses it after.
public final class DecodedImage: @unchecked Sendable {
    let surface: OpaquePointer
    /// Size in pixels, upright.
    public let width: Int
    public let height: Int
    /// The image's own size in px (upright), which a layout gives it at zoom 1: a raster
    /// may be decoded smaller, a vector image larger.
    public internal(set) var naturalSize: ImageSize
    /// Told (on the loop's thread) the device px the image is drawn at when that is far from
    /// what it has: the store decodes it again at that size (see `ImageStore`), sharp when
    /// zoomed, cheap to draw when shown small.
    var onShownAtOtherSize: ((ImageSize) -> Void)?

    /// A surface holding `argb` (rows of `width` premultiplied ARGB32 pixels, no padding);
    /// nil if cairo cannot allocate it.
    init?(width: Int, height: Int, argb: ArraySlice<UInt8>) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else { return nil }
        self.surface = surface
        self.width = width
        self.height = height
        naturalSize = ImageSize(width: width, height: height)
        let stride = Int(cairo_image_surface_get_stride(surface))
        cairo_surface_flush(surface)
        argb.withUnsafeBytes { source in
            for row in 0..<height {
                UnsafeMutableRawPointer(data + row * stride)
                    .copyMemory(from: source.baseAddress! + row * width * 4, byteCount: width * 4)
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// How many more device px than image px an image may be drawn at before it is decoded
    /// again: a quarter more is where softened edges start to show at text sizes.
    static let resharpenRatio = 1.25
    /// How many times more image px than device px an image may have before it is decoded
    /// again smaller: beyond 2, cairo's good filter averages every source pixel, which for
    /// a 2560 px photo in a 700 px column costs tens of ms a tile.
    static let reductionRatio = 2.0

    /// Notes that the image is about to be shown `width`×`height` logical px at `drawScale`
    /// device px per logical px: far from its decoded size, it is decoded again at the shown
    /// size (sharper, or smaller and cheaper to draw). Called while a frame is prepared, so
    /// drawing asks for nothing.
    public func noteShown(width: Double, height: Double, drawScale: Double) {
        let shown = ImageSize(width: Int((width * drawScale).rounded()), height: Int((height * drawScale).rounded()))
        let isReduced = Double(self.width) > Double(shown.width) * DecodedImage.reductionRatio
        if let onShownAtOtherSize, isReduced || Double(shown.width) > Double(self.width) * DecodedImage.resharpenRatio {
            onShownAtOtherSize(shown)
        }
    }

    /// Draws the image scaled into the rectangle at `x`, `y` of `width`×`height` logical px.
    public func draw(x: Double, y: Double, width: Double, height: Double, on cairo: OpaquePointer) {
        var deviceWidth = width, deviceHeight = height
        cairo_user_to_device_distance(cairo, &deviceWidth, &deviceHeight)
        let isReduced = Double(self.width) > abs(deviceWidth).rounded() * DecodedImage.reductionRatio
        cairo_save(cairo)
        cairo_rectangle(cairo, x, y, width, height)
        cairo_clip(cairo)
        cairo_translate(cairo, x, y)
        cairo_scale(cairo, width / Double(self.width), height / Double(self.height))
        cairo_set_source_surface(cairo, surface, 0, 0)
        // Padding, not transparency, beyond the edges: the filter would fade the border pixels.
        cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
        // Until the smaller decode arrives, bilinear: its cost does not grow with the reduction.
        cairo_pattern_set_filter(cairo_get_source(cairo), isReduced ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_GOOD)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }
}
