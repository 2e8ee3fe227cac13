import CCairo
import Foundation

/// Comic pages drawn with cairo at test time (never downloaded): a page of three panels with ink
/// borders, a sky, a sun, hills, a figure and a speech balloon with a line of lettering, each
/// page's sky its own colour. PNG-encoded, as a scanned comic's pages are.
enum DrawnComic {
    /// A page's size in px: a comic page at 100 dpi (6.625 × 10.25 in).
    static let pageWidth = 663, pageHeight = 1025

    /// The sun's colour, which a test looks for on screen (0xRRGGBB).
    static let sunColour: UInt32 = 0xFFCC33

    /// Page `number` (from 1) as PNG bytes.
    static func page(_ number: Int) -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pageWidth), Int32(pageHeight))!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        // Paper.
        cairo_set_source_rgb(cairo, 0.98, 0.97, 0.93)
        cairo_paint(cairo)
        let margin = 30.0, gutter = 16.0
        let width = Double(pageWidth) - 2 * margin
        let top = (x: margin, y: margin, width: width, height: 420.0)
        let left = (x: margin, y: margin + 420 + gutter, width: (width - gutter) / 2, height: Double(pageHeight) - 2 * margin - 420 - gutter)
        let right = (x: margin + (width + gutter) / 2, y: left.y, width: left.width, height: left.height)
        let skies = [(0.55, 0.78, 0.95), (0.95, 0.62, 0.45), (0.45, 0.35, 0.65)]
        let sky = skies[(number - 1) % skies.count]
        for (index, panel) in [top, left, right].enumerated() {
            cairo_save(cairo)
            cairo_rectangle(cairo, panel.x, panel.y, panel.width, panel.height)
            cairo_clip(cairo)
            // Sky, a gradient down to the horizon.
            let gradient = cairo_pattern_create_linear(0, panel.y, 0, panel.y + panel.height)!
            cairo_pattern_add_color_stop_rgb(gradient, 0, sky.0, sky.1, sky.2)
            cairo_pattern_add_color_stop_rgb(gradient, 1, 1, 1, 1)
            cairo_set_source(cairo, gradient)
            cairo_paint(cairo)
            cairo_pattern_destroy(gradient)
            // Hills.
            cairo_set_source_rgb(cairo, 0.35, 0.65, 0.3)
            cairo_move_to(cairo, panel.x, panel.y + panel.height * 0.75)
            cairo_curve_to(cairo, panel.x + panel.width * 0.3, panel.y + panel.height * 0.55,
                           panel.x + panel.width * 0.6, panel.y + panel.height * 0.9, panel.x + panel.width, panel.y + panel.height * 0.65)
            cairo_line_to(cairo, panel.x + panel.width, panel.y + panel.height)
            cairo_line_to(cairo, panel.x, panel.y + panel.height)
            cairo_close_path(cairo)
            cairo_fill(cairo)
            if index == 0 {
                // The sun.
                cairo_set_source_rgb(cairo, 1, 0.8, 0.2)
                cairo_arc(cairo, panel.x + panel.width * 0.8, panel.y + 90, 50, 0, 2 * .pi)
                cairo_fill(cairo)
            }
            // A figure on the hill: a head and a body in ink.
            let figureX = panel.x + panel.width * (index == 2 ? 0.65 : 0.3), groundY = panel.y + panel.height * 0.7
            cairo_set_source_rgb(cairo, 0.1, 0.1, 0.12)
            cairo_set_line_width(cairo, 6)
            cairo_arc(cairo, figureX, groundY - 95, 18, 0, 2 * .pi)
            cairo_stroke(cairo)
            cairo_move_to(cairo, figureX, groundY - 77)
            cairo_line_to(cairo, figureX, groundY - 30)
            cairo_move_to(cairo, figureX - 25, groundY - 60)
            cairo_line_to(cairo, figureX + 25, groundY - 60)
            cairo_move_to(cairo, figureX, groundY - 30)
            cairo_line_to(cairo, figureX - 18, groundY)
            cairo_move_to(cairo, figureX, groundY - 30)
            cairo_line_to(cairo, figureX + 18, groundY)
            cairo_stroke(cairo)
            // A speech balloon with lettering.
            let lines = [["GLIDE OPENS", "COMICS NOW!"], ["PAGE \(number)", "OF THREE"], ["FLICK ON", "TO THE NEXT"]][index]
            let balloonX = figureX + (index == 2 ? -200 : 40), balloonY = panel.y + 30
            cairo_set_source_rgb(cairo, 1, 1, 1)
            cairo_save(cairo)
            cairo_translate(cairo, balloonX + 80, balloonY + 40)
            cairo_scale(cairo, 1, 0.5)
            cairo_arc(cairo, 0, 0, 85, 0, 2 * .pi)
            cairo_restore(cairo)
            cairo_fill_preserve(cairo)
            cairo_set_source_rgb(cairo, 0.1, 0.1, 0.12)
            cairo_set_line_width(cairo, 3)
            cairo_stroke(cairo)
            cairo_select_font_face(cairo, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
            cairo_set_font_size(cairo, 15)
            for (row, line) in lines.enumerated() {
                var extents = cairo_text_extents_t()
                cairo_text_extents(cairo, line, &extents)
                cairo_move_to(cairo, balloonX + 80 - extents.x_advance / 2, balloonY + 36 + Double(row) * 19)
                cairo_show_text(cairo, line)
            }
            cairo_restore(cairo)
            // The panel's ink border.
            cairo_set_source_rgb(cairo, 0.1, 0.1, 0.12)
            cairo_set_line_width(cairo, 5)
            cairo_rectangle(cairo, panel.x, panel.y, panel.width, panel.height)
            cairo_stroke(cairo)
        }
        cairo_destroy(cairo)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue().bytes += UnsafeBufferPointer(start: data, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        precondition(status == CAIRO_STATUS_SUCCESS, "cairo could not write the comic's page")
        return sink.bytes
    }
}
