import CCairo
import Document

/// Draws one frame of the document: the page, then the text visible at the scroll offset.
public struct FrameRenderer {
    public init() {}

    /// Fills `buffer` with the part of `layout` whose top-left is at `offsetY` logical px.
    public func render(_ layout: DocumentLayout, offsetY: Double, into buffer: PixelBuffer) {
        let surface = cairo_image_surface_create_for_data(
            buffer.pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(buffer.width), Int32(buffer.height), Int32(buffer.stride))
        defer { cairo_surface_destroy(surface) }
        // User space in logical px: text is shaped once and rasterised at the device's scale.
        cairo_surface_set_device_scale(surface, buffer.scale, buffer.scale)
        let cairo = cairo_create(surface)!
        defer { cairo_destroy(cairo) }

        let page = layout.palette.page
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cairo, page.red, page.green, page.blue, page.alpha)
        cairo_paint(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)

        let viewportHeight = Double(buffer.height) / buffer.scale
        // Whole device pixels keep glyph edges sharp between frames.
        let snappedOffset = (offsetY * buffer.scale).rounded() / buffer.scale
        cairo_translate(cairo, 0, -snappedOffset)
        layout.draw(on: cairo, top: snappedOffset, bottom: snappedOffset + viewportHeight)
        cairo_surface_flush(surface)
    }
}
