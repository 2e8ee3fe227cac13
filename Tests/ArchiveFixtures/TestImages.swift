import CCairo

/// Pictures the test archives hold, encoded in memory.
public enum TestImages {
    /// A `width`×`height` PNG of one colour (red by default).
    public static func redPNG(width: Int32, height: Int32, red: Double = 1, green: Double = 0, blue: Double = 0) -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, red, green, blue)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue().bytes += UnsafeBufferPointer(start: data, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        // A test given no picture would test nothing: stop it here, as its own assertion did.
        precondition(status == CAIRO_STATUS_SUCCESS, "cairo could not write the test's PNG")
        return sink.bytes
    }
}
