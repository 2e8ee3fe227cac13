import CCairo
import DocumentKit

/// The content drawn turned by an angle, while two fingers turn the pages: the frame's
/// pixels turned about the buffer's centre over the page colour. A copy of the buffer per
/// frame, whatever the content, and only while the fingers turn.
enum ContentTilt {
    /// Turns what `surface` (drawn on by `cairo`, with no transform) shows by `degrees`
    /// clockwise about its centre; the corners it uncovers take `background`.
    static func turn(_ surface: OpaquePointer, on cairo: OpaquePointer, byDegrees degrees: Double,
                     background: Palette.Color) {
        let width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface)
        guard let copy = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return }
        defer { cairo_surface_destroy(copy) }
        let copier = cairo_create(copy)!
        cairo_set_source_surface(copier, surface, 0, 0)
        cairo_set_operator(copier, CAIRO_OPERATOR_SOURCE)
        cairo_paint(copier)
        cairo_destroy(copier)
        cairo_surface_flush(copy)

        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgb(cairo, background.red, background.green, background.blue)
        cairo_paint(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        let centreX = Double(width) / 2, centreY = Double(height) / 2
        cairo_translate(cairo, centreX, centreY)
        // y points down in cairo, so a positive angle turns clockwise on the screen.
        cairo_rotate(cairo, degrees * Double.pi / 180)
        cairo_translate(cairo, -centreX, -centreY)
        cairo_set_source_surface(cairo, copy, 0, 0)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }
}
