import CCairo
import GlideDriver

/// The shots as labelled thumbnails on one image, in rows of `columns`.
enum ContactSheet {
    static let columns = 3
    static let thumbnailWidth = 400
    static let marginPixels = 16.0
    static let labelHeightPixels = 26.0

    static func write(_ shots: [(label: String, surface: OpaquePointer)], to path: String) throws {
        guard let first = shots.first else { return }
        let aspect = Double(cairo_image_surface_get_height(first.surface)) / Double(cairo_image_surface_get_width(first.surface))
        let cellWidth = Double(thumbnailWidth), cellHeight = (cellWidth * aspect).rounded()
        let rows = (shots.count + columns - 1) / columns
        let width = Double(min(columns, shots.count)) * (cellWidth + marginPixels) + marginPixels
        let height = Double(rows) * (cellHeight + labelHeightPixels + marginPixels) + marginPixels
        let sheet = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(sheet) }
        let cairo = cairo_create(sheet)!
        defer { cairo_destroy(cairo) }
        cairo_set_source_rgb(cairo, 0.85, 0.85, 0.84)
        cairo_paint(cairo)
        cairo_select_font_face(cairo, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cairo, 15)
        for (index, shot) in shots.enumerated() {
            let x = marginPixels + Double(index % columns) * (cellWidth + marginPixels)
            let y = marginPixels + Double(index / columns) * (cellHeight + labelHeightPixels + marginPixels)
            let thumbnail = PNGFile.scaled(shot.surface, toWidth: thumbnailWidth)
            cairo_set_source_surface(cairo, thumbnail, x, y)
            cairo_paint(cairo)
            cairo_surface_destroy(thumbnail)
            // A hairline frame, so a white page stands out from the sheet.
            cairo_set_source_rgb(cairo, 0.6, 0.6, 0.6)
            cairo_set_line_width(cairo, 1)
            cairo_rectangle(cairo, x - 0.5, y - 0.5, cellWidth + 1, cellHeight + 1)
            cairo_stroke(cairo)
            cairo_set_source_rgb(cairo, 0.1, 0.1, 0.1)
            cairo_move_to(cairo, x, y + cellHeight + 19)
            cairo_show_text(cairo, shot.label)
        }
        cairo_surface_flush(sheet)
        try PNGFile.write(sheet, to: path)
    }
}
