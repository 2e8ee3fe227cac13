import CCairo
import Document
import ScrollEngine

/// Draws one frame: the page, the document at the engine's offset and zoom, then the
/// indicators and the page control.
public struct FrameRenderer {
    public var overlayStyle = OverlayStyle()

    public init() {}

    /// Fills `buffer` with the frame the engine describes; `windowControls` are drawn on top at
    /// the given opacity when the window needs them (client-side decorations).
    public func render(_ layout: DocumentLayout, frame: ScrollFrame, into buffer: PixelBuffer,
                       windowControls: (controls: WindowControls, opacity: Double)? = nil) {
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

        let viewportWidth = Double(buffer.width) / buffer.scale
        let viewportHeight = Double(buffer.height) / buffer.scale
        let zoom = frame.zoomScale
        // Whole device pixels keep glyph edges sharp between frames.
        let offsetX = (frame.contentOffset.x * buffer.scale).rounded() / buffer.scale
        let offsetY = (frame.contentOffset.y * buffer.scale).rounded() / buffer.scale
        cairo_save(cairo)
        cairo_translate(cairo, -offsetX, -offsetY)
        cairo_scale(cairo, zoom, zoom)
        layout.draw(on: cairo, top: offsetY / zoom, bottom: (offsetY + viewportHeight) / zoom)
        cairo_restore(cairo)

        let overlay = OverlayRenderer(style: overlayStyle)
        overlay.draw(frame, viewportWidth: viewportWidth, viewportHeight: viewportHeight, on: cairo)
        if let windowControls {
            overlay.drawWindowControls(windowControls.controls, opacity: windowControls.opacity,
                                       viewportWidth: viewportWidth, on: cairo)
        }
        cairo_surface_flush(surface)
    }
}
