import CPoppler

/// Letter pages of a paper for night pages (issue 26), written at run time with cairo: black
/// serif text in a column, and a figure of red bars with a caption in the middle of each page.
/// Inverted, the paper turns dark and the text light while the bars stay red.
public enum NightPagesPDF {
    /// The bars' red (0.85, 0.1, 0.1): HSL lightness 0.475, so its night colour is about as
    /// light and as red.
    public static let figureRed = (red: 0.85, green: 0.1, blue: 0.1)
    /// The figure's rectangle in PDF points from the page's top-left.
    public static let figure = (x: 176.0, y: 200.0, width: 260.0, height: 150.0)

    /// Writes `pageCount` pages to a new temporary file and returns its path.
    public static func write(pageCount: Int = 4) -> String {
        let path = PDFFixture.temporaryPath()
        let surface = cairo_pdf_surface_create(path, 612, 792)!
        let cairo = cairo_create(surface)!
        let words = ["lightness", "inverted", "pages", "render", "the", "of", "a", "scroll", "view", "figure", "night", "hue",
                     "kept", "colour", "and", "document", "reader", "with", "on", "paper", "glide"]
        for page in 0..<pageCount {
            cairo_set_source_rgb(cairo, 0, 0, 0)
            cairo_select_font_face(cairo, "Serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cairo, 11)
            for line in 0..<48 {
                let y = 66 + Double(line) * 14
                // The figure and its caption keep the middle of the page.
                if y > figure.y - 10, y < figure.y + figure.height + 34 { continue }
                let text = (0..<11).map { words[(page * 7 + line * 5 + $0 * 3) % words.count] }.joined(separator: " ")
                cairo_move_to(cairo, 72, y)
                cairo_show_text(cairo, text)
            }
            cairo_set_source_rgb(cairo, figureRed.red, figureRed.green, figureRed.blue)
            for bar in 0..<4 {
                let height = figure.height * Double(bar + 1) / 4
                cairo_rectangle(cairo, figure.x + Double(bar) * 68, figure.y + figure.height - height, 56, height)
            }
            cairo_fill(cairo)
            cairo_set_source_rgb(cairo, 0, 0, 0)
            cairo_move_to(cairo, figure.x, figure.y + figure.height + 20)
            cairo_show_text(cairo, "Figure \(page + 1). Red bars stay red at night.")
            cairo_show_page(cairo)
        }
        cairo_destroy(cairo)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return path
    }
}
