import CCairo
import DocumentKit

/// The content drawn turned by an angle while two fingers turn the pages: the frame's pixels
/// turned about the buffer's centre over the page colour. Whatever the content, it costs a
/// copy of the buffer and one turned paint, and only while the fingers turn.
///
/// A turned paint costs pixman several times an upright one per pixel, so on a buffer of more
/// than one device px per logical px the turn is painted at one (the frame shrunk, turned,
/// stretched back, each without filtering): a moving page drawn at half resolution for as long
/// as the fingers move, sharp again when they lift. `glide-bench pages tilt` measures it.
enum ContentTilt {
    /// Turns what `surface` (drawn on by `cairo`, with no transform) shows by `degrees`
    /// clockwise about its centre; the corners it uncovers take `background`. `scale` is the
    /// buffer's device px per logical px.
    static func turn(_ surface: OpaquePointer, on cairo: OpaquePointer, byDegrees degrees: Double,
                     background: Palette.Color, scale: Double) {
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let reduction = max(1, Int(scale))
        let smallWidth = Int32((width + reduction - 1) / reduction), smallHeight = Int32((height + reduction - 1) / reduction)
        // The frame as it was drawn, at one device px per logical px.
        guard let upright = cairo_image_surface_create(CAIRO_FORMAT_RGB24, smallWidth, smallHeight) else { return }
        defer { cairo_surface_destroy(upright) }
        paint(surface, on: upright, scaledBy: 1 / Double(reduction))
        guard reduction > 1 else {
            paintTurned(upright, on: cairo, width: width, height: height, byDegrees: degrees, background: background)
            return
        }
        guard let turned = cairo_image_surface_create(CAIRO_FORMAT_RGB24, smallWidth, smallHeight) else { return }
        defer { cairo_surface_destroy(turned) }
        let turning = cairo_create(turned)!
        paintTurned(upright, on: turning, width: Int(smallWidth), height: Int(smallHeight), byDegrees: degrees,
                    background: background)
        cairo_destroy(turning)
        cairo_surface_flush(turned)
        cairo_save(cairo)
        cairo_scale(cairo, Double(reduction), Double(reduction))
        cairo_set_source_surface(cairo, turned, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_FAST)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    /// Paints `source` on `target` scaled by `factor`, unfiltered.
    private static func paint(_ source: OpaquePointer, on target: OpaquePointer, scaledBy factor: Double) {
        let copier = cairo_create(target)!
        cairo_scale(copier, factor, factor)
        cairo_set_source_surface(copier, source, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(copier), CAIRO_FILTER_FAST)
        cairo_set_operator(copier, CAIRO_OPERATOR_SOURCE)
        cairo_paint(copier)
        cairo_destroy(copier)
        cairo_surface_flush(target)
    }

    /// Fills `width`×`height` of `cairo` with `background` and paints `source` on it turned by
    /// `degrees` clockwise about the centre, unfiltered.
    private static func paintTurned(_ source: OpaquePointer, on cairo: OpaquePointer, width: Int, height: Int,
                                    byDegrees degrees: Double, background: Palette.Color) {
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgb(cairo, background.red, background.green, background.blue)
        cairo_paint(cairo)
        let centreX = Double(width) / 2, centreY = Double(height) / 2
        cairo_translate(cairo, centreX, centreY)
        // y points down in cairo, so a positive angle turns clockwise on the screen.
        cairo_rotate(cairo, degrees * Double.pi / 180)
        cairo_translate(cairo, -centreX, -centreY)
        cairo_set_source_surface(cairo, source, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_FAST)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }
}
