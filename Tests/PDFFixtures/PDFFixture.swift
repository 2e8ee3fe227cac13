import CPoppler
import Glibc

/// Test and benchmark PDFs written at run time with cairo's own PDF surface (never committed):
/// pages of text in chapters, a coloured image on every third page, a bookmark per chapter
/// (`cairo_pdf_surface_add_outline`), a table of contents on the first page whose entries
/// link to the chapters (`cairo_tag_begin` with `CAIRO_TAG_LINK`), and, on request, a page
/// 200 inches tall or a page of 100,000 vector paths.
public struct PDFFixture {
    public var pageCount: Int
    /// Page size in PDF points (1/72 in): US Letter.
    public var pageWidthPoints = 612.0
    public var pageHeightPoints = 792.0
    /// Lines of body text a page: 56 fills a Letter page as a dense book page does.
    public var linesPerPage = 56
    /// A chapter starts every this many pages, with a bookmark and a table-of-contents link.
    public var pagesPerChapter = 10
    public var hasOutline = true
    public var hasLinks = true
    /// Pages (0-based) drawn 200 inches tall, the largest page PDF allows.
    public var tallPages: Set<Int> = []
    /// Pages (0-based) drawn as 100,000 small filled vector paths.
    public var pathHeavyPages: Set<Int> = []
    /// Pages (0-based) whose body is these lines instead of the generated ones (text to find,
    /// select and copy).
    public var bodyLines: [Int: [String]] = [:]
    /// Pages whose last body line (of `bodyLines`) is a link to this address.
    public var webLinks: [Int: String] = [:]
    /// Page labels (`/PageLabels`, written by `cairo_pdf_surface_set_page_label`) by page
    /// (0-based): `xii` for front matter, `A-3` for an appendix.
    public var pageLabels: [Int: String] = [:]

    public init(pageCount: Int) {
        self.pageCount = pageCount
    }

    /// How many chapters there are (one per `pagesPerChapter` pages).
    public var chapterCount: Int { (pageCount + pagesPerChapter - 1) / pagesPerChapter }

    /// The page (0-based) chapter `chapter` (0-based) starts on.
    public func firstPage(ofChapter chapter: Int) -> Int { chapter * pagesPerChapter }

    /// Where the first page's table of contents draws entry `chapter`: its baseline's
    /// y and the left x, in PDF points from the top-left.
    public func tableOfContentsEntry(_ chapter: Int) -> (x: Double, y: Double) { (72, 150 + Double(chapter) * 28) }

    /// Writes the PDF to a new temporary file and returns its path.
    public func write() -> String {
        let path = PDFFixture.temporaryPath()
        let surface = cairo_pdf_surface_create(path, pageWidthPoints, pageHeightPoints)!
        let cairo = cairo_create(surface)!
        let image = PDFFixture.makeImage()
        for page in 0..<pageCount {
            let height = tallPages.contains(page) ? 14_400 : pageHeightPoints
            cairo_pdf_surface_set_size(surface, pageWidthPoints, height)
            if page % pagesPerChapter == 0 {
                let chapter = page / pagesPerChapter
                if hasOutline {
                    _ = cairo_pdf_surface_add_outline(surface, Int32(CAIRO_PDF_OUTLINE_ROOT), "Chapter \(chapter + 1)",
                                                      "page=\(page + 1) pos=[0 0]", CAIRO_PDF_OUTLINE_FLAG_OPEN)
                }
                if hasLinks {
                    cairo_tag_begin(cairo, CAIRO_TAG_DEST, "name='chapter\(chapter)'")
                    cairo_tag_end(cairo, CAIRO_TAG_DEST)
                }
            }
            if pathHeavyPages.contains(page) {
                drawPaths(on: cairo)
            } else {
                drawText(page: page, height: height, on: cairo)
                if page % 3 == 2 {
                    cairo_set_source_surface(cairo, image, pageWidthPoints - 200, 60)
                    cairo_paint(cairo)
                }
            }
            if page == 0, hasLinks { drawTableOfContents(on: cairo) }
            if let label = pageLabels[page] { cairo_pdf_surface_set_page_label(surface, label) }
            cairo_show_page(cairo)
        }
        cairo_surface_destroy(image)
        cairo_destroy(cairo)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return path
    }

    private func drawText(page: Int, height: Double, on cairo: OpaquePointer) {
        cairo_set_source_rgb(cairo, 0, 0, 0)
        cairo_select_font_face(cairo, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cairo, 20)
        cairo_move_to(cairo, 72, 60)
        cairo_show_text(cairo, "Page \(page + 1)")
        guard page != 0 || !hasLinks else { return }
        cairo_select_font_face(cairo, "Serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cairo, 10)
        if let body = bodyLines[page] {
            for (line, text) in body.enumerated() {
                let address = line == body.count - 1 ? webLinks[page] : nil
                if let address { cairo_tag_begin(cairo, CAIRO_TAG_LINK, "uri='\(address)'") }
                cairo_move_to(cairo, 54, 90 + Double(line) * 12.4)
                cairo_show_text(cairo, text)
                if address != nil { cairo_tag_end(cairo, CAIRO_TAG_LINK) }
            }
            return
        }
        let lines = Int(Double(linesPerPage) * height / pageHeightPoints)
        for line in 0..<lines {
            cairo_move_to(cairo, 54, 90 + Double(line) * 12.4)
            cairo_show_text(cairo, "Line \(line + 1) of page \(page + 1): the quick brown fox jumps over the lazy dog, "
                + "a finger moves it at \(line * 37 % 500) px/s.")
        }
    }

    private func drawTableOfContents(on cairo: OpaquePointer) {
        cairo_select_font_face(cairo, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cairo, 14)
        cairo_set_source_rgb(cairo, 0.1, 0.2, 0.7)
        for chapter in 0..<min(chapterCount, 20) {
            let entry = tableOfContentsEntry(chapter)
            cairo_tag_begin(cairo, CAIRO_TAG_LINK, "dest='chapter\(chapter)'")
            cairo_move_to(cairo, entry.x, entry.y)
            cairo_show_text(cairo, "Chapter \(chapter + 1) ........ page \(firstPage(ofChapter: chapter) + 1)")
            cairo_tag_end(cairo, CAIRO_TAG_LINK)
        }
    }

    /// 100,000 filled rectangles, each its own path: a worst case for poppler's time.
    private func drawPaths(on cairo: OpaquePointer) {
        for index in 0..<100_000 {
            let column = Double(index % 400), row = Double(index / 400)
            cairo_set_source_rgb(cairo, column / 400, row / 250, 0.5)
            cairo_rectangle(cairo, 6 + column * 1.5, 20 + row * 3, 1.2, 2.5)
            cairo_fill(cairo)
        }
    }

    /// A 128×96 gradient with a disc, an image poppler must decode.
    private static func makeImage() -> OpaquePointer {
        let image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 128, 96)!
        let cairo = cairo_create(image)!
        let gradient = cairo_pattern_create_linear(0, 0, 128, 96)!
        cairo_pattern_add_color_stop_rgb(gradient, 0, 0.9, 0.3, 0.1)
        cairo_pattern_add_color_stop_rgb(gradient, 1, 0.1, 0.4, 0.9)
        cairo_set_source(cairo, gradient)
        cairo_paint(cairo)
        cairo_set_source_rgb(cairo, 1, 0.9, 0.2)
        cairo_arc(cairo, 64, 48, 30, 0, 2 * .pi)
        cairo_fill(cairo)
        cairo_pattern_destroy(gradient)
        cairo_destroy(cairo)
        return image
    }

    static func temporaryPath(suffix: String = ".pdf") -> String {
        var template = Array("/tmp/glide-pdf-XXXXXX\(suffix)".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(suffix.utf8.count)) }
        precondition(fd >= 0, "cannot create a temporary file")
        close(fd)
        return String(cString: template)
    }
}
