import CPoppler
import Glibc

/// A PDF of numbered Letter pages whose number can be read back from pixels at any size: each
/// page shows its number large, and a black bar across its top whose length is the number in
/// 32nds of the page's width (page 1 a 32nd, page 32 all of it), so a screenshot of a page or
/// of its thumbnail says which page it is.
public enum NumberedPagesPDF {
    /// How many parts of the page's width the bar counts in: a thumbnail 160 px wide still
    /// shows one part as 5 px.
    public static let barUnits = 32
    /// The bar's band, in points from the page's top: the row to read it on is its middle.
    public static let barTopPoints = 36.0
    public static let barHeightPoints = 60.0
    public static let pageWidthPoints = 612.0
    public static let pageHeightPoints = 792.0

    /// Writes `pageCount` numbered pages to a new temporary file and returns its path.
    public static func write(pageCount: Int) -> String {
        let path = PDFFixture.temporaryPath()
        let surface = cairo_pdf_surface_create(path, pageWidthPoints, pageHeightPoints)!
        let cairo = cairo_create(surface)!
        for page in 1...max(pageCount, 1) {
            draw(page: page, of: pageCount, on: cairo)
            cairo_show_page(cairo)
        }
        cairo_destroy(cairo)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return path
    }

    /// The same pages as pictures: a new temporary folder of `pageCount` PNGs of 612×792 px
    /// (a point a px), named so they sort in page order, for the image kinds' overview.
    public static func writeImages(pageCount: Int) -> String {
        let path = PDFFixture.temporaryPath(suffix: "")
        unlink(path)
        mkdir(path, 0o700)
        for page in 1...max(pageCount, 1) {
            let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pageWidthPoints), Int32(pageHeightPoints))!
            let cairo = cairo_create(surface)!
            cairo_set_source_rgb(cairo, 1, 1, 1)
            cairo_paint(cairo)
            draw(page: page, of: pageCount, on: cairo)
            cairo_destroy(cairo)
            let number = String(page)
            cairo_surface_write_to_png(surface, path + "/page-" + String(repeating: "0", count: max(3 - number.count, 0)) + number + ".png")
            cairo_surface_destroy(surface)
        }
        return path
    }

    /// Page `page`'s bar, number and line of text, in points on a page from its top-left.
    private static func draw(page: Int, of pageCount: Int, on cairo: OpaquePointer) {
        cairo_set_source_rgb(cairo, 0, 0, 0)
        let units = Double(min(page, barUnits))
        cairo_rectangle(cairo, 0, barTopPoints, pageWidthPoints * units / Double(barUnits), barHeightPoints)
        cairo_fill(cairo)
        cairo_select_font_face(cairo, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cairo, 220)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cairo, "\(page)", &extents)
        cairo_move_to(cairo, (pageWidthPoints - extents.width) / 2 - extents.x_bearing, 500)
        cairo_show_text(cairo, "\(page)")
        cairo_select_font_face(cairo, "Serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cairo, 14)
        cairo_move_to(cairo, 72, 600)
        cairo_show_text(cairo, "Page \(page) of \(pageCount).")
    }
}
