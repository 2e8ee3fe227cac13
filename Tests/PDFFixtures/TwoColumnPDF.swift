import CPoppler

/// Letter pages of a paper set in two columns, written at run time with cairo, for the double
/// tap that zooms to the column under the finger (issue 26): a title across both columns,
/// then 11 pt lines in a left and a right column with a gutter between them.
public enum TwoColumnPDF {
    /// Each column's left edge and width in PDF points, and the gutter between them: a paper's
    /// 1 in margins and 0.25 in gutter on a Letter page.
    public static let leftColumn = (x: 72.0, width: 225.0)
    public static let rightColumn = (x: 315.0, width: 225.0)

    /// Writes `pageCount` pages to a new temporary file and returns its path.
    public static func write(pageCount: Int = 2) -> String {
        let path = PDFFixture.temporaryPath()
        let surface = cairo_pdf_surface_create(path, 612, 792)!
        let cairo = cairo_create(surface)!
        let words = ["column", "zoom", "double", "tap", "the", "of", "a", "page", "text", "fits", "window", "width",
                     "reader", "finger", "under", "and", "gutter", "paper", "two", "glide"]
        for page in 0..<pageCount {
            cairo_set_source_rgb(cairo, 0, 0, 0)
            cairo_select_font_face(cairo, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
            cairo_set_font_size(cairo, 18)
            cairo_move_to(cairo, leftColumn.x, 80)
            cairo_show_text(cairo, "A paper in two columns, its title across both of them")
            cairo_select_font_face(cairo, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cairo, 11)
            for column in [leftColumn, rightColumn] {
                for line in 0..<44 {
                    var text = ""
                    var index = page * 3 + line * 7 + Int(column.x)
                    // Words until the line fills its column, as a justified paper's lines do.
                    while true {
                        let next = (text.isEmpty ? "" : text + " ") + words[index % words.count]
                        var extents = cairo_text_extents_t()
                        cairo_text_extents(cairo, next, &extents)
                        if extents.x_advance > column.width { break }
                        text = next
                        index += 1
                    }
                    cairo_move_to(cairo, column.x, 120 + Double(line) * 14)
                    cairo_show_text(cairo, text)
                }
            }
            cairo_show_page(cairo)
        }
        cairo_destroy(cairo)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return path
    }
}
