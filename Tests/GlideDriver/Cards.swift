import CCairo
import Foundation

/// Images for paging tests and the demo: coloured cards with big numbers, so a picture shows at a
/// glance which page is current.
public enum Cards {
    /// The cards' colours, red, green and blue in 0…1, repeating after the last.
    public static let colours: [(Double, Double, Double)] = [
        (0.86, 0.33, 0.27), (0.20, 0.55, 0.80), (0.30, 0.65, 0.38), (0.93, 0.68, 0.20), (0.55, 0.38, 0.72),
    ]

    /// Writes `count` card PNGs of `width`×`height` px into a new directory and returns its path.
    public static func writeDirectory(count: Int, width: Int32, height: Int32) throws -> String {
        var template = Array((NSTemporaryDirectory() + "glide-cards-XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else { throw SessionError("mkdtemp failed") }
        let directory = String(cString: created)
        for number in 1...count {
            let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)!
            let cairo = cairo_create(surface)!
            let (red, green, blue) = colours[(number - 1) % colours.count]
            cairo_set_source_rgb(cairo, red, green, blue)
            cairo_paint(cairo)
            cairo_select_font_face(cairo, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
            cairo_set_font_size(cairo, Double(height) * 0.5)
            var extents = cairo_text_extents_t()
            let label = "\(number)"
            cairo_text_extents(cairo, label, &extents)
            cairo_move_to(cairo, (Double(width) - extents.width) / 2 - extents.x_bearing,
                          (Double(height) - extents.height) / 2 - extents.y_bearing)
            cairo_set_source_rgb(cairo, 1, 1, 1)
            cairo_show_text(cairo, label)
            cairo_destroy(cairo)
            defer { cairo_surface_destroy(surface) }
            try PNGFile.write(surface, to: directory + "/card-\(number).png")
        }
        return directory
    }
}
