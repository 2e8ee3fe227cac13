import CCairo
import TestCompositor

/// Writing pictures with cairo: glide's committed pixels are 0xAARRGGBB words, cairo's
/// image format, so a buffer becomes a PNG without conversion.
public enum PNGFile {
    /// A cairo image surface holding a copy of `image` (opaque: `hasAlpha` is false for glide).
    public static func surface(of image: SurfaceImage) -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(image.width), Int32(image.height))!
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let data = cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: stride * image.height) { $0 }
        for row in 0..<image.height {
            for column in 0..<image.width { data[row * stride + column] = image.pixels[row * image.width + column] }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// `source` drawn `width` px wide (keeping its proportions) into a new surface, smoothed.
    public static func scaled(_ source: OpaquePointer, toWidth width: Int) -> OpaquePointer {
        let factor = Double(width) / Double(cairo_image_surface_get_width(source))
        let height = Int((Double(cairo_image_surface_get_height(source)) * factor).rounded())
        let target = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        let cairo = cairo_create(target)!
        cairo_scale(cairo, factor, factor)
        cairo_set_source_surface(cairo, source, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_BEST)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        return target
    }

    /// Writes `surface` to `path`; throws with cairo's reason if it cannot.
    public static func write(_ surface: OpaquePointer, to path: String) throws {
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw SessionError("cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
        }
    }
}

