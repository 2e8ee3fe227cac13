import CCairo
import DocumentKit

/// Pages drawn for a printout or an exported PDF (a cairo surface that is not an image): each
/// page's sharp pieces become one image of the page, so the output holds one picture a page,
/// without seams between pieces or the preview under them.
extension PageScheduler {
    /// The most pixels one page's image may have when it is put together: 16 megapixels
    /// (64 MB), a Letter page at over 450 dpi, far more than an export asks for
    /// (`PDFExport.imageScale` is 144 dpi).
    static let maximumPrintedPagePixels = 16 << 20

    /// Whether `cairo` draws into something other than pixels (a PDF, a printout).
    static func drawsVectors(_ cairo: OpaquePointer) -> Bool {
        cairo_surface_get_type(cairo_get_target(cairo)) != CAIRO_SURFACE_TYPE_IMAGE
    }

    /// Paints page `page`, upright in `rect`, as one image put together from the sharpest
    /// scale whose pieces cover the whole page; false when no scale does (the caller draws
    /// what it has).
    func drawWholePage(_ page: Int, in rect: ContentRect, size: PagePointSize, on cairo: OpaquePointer) -> Bool {
        guard let scales = pieces.scales(ofPage: page) else { return false }
        for scale in scales.sorted(by: >) {
            let grid = PagePieceGrid(pageWidthPoints: size.width, pageHeightPoints: size.height, scale: scale)
            guard grid.pageWidth * grid.pageHeight <= PageScheduler.maximumPrintedPagePixels else { continue }
            let keys = (0..<grid.rowCount).flatMap { row in
                (0..<grid.columnCount).map { PageRenderJob.piece(PagePieceKey(page: page, scale: scale, column: $0, row: row)) }
            }
            guard keys.allSatisfy(pieces.contains) else { continue }
            guard let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(grid.pageWidth), Int32(grid.pageHeight)) else {
                return false
            }
            defer { cairo_surface_destroy(image) }
            guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS, let assembly = cairo_create(image) else { return false }
            for key in keys {
                guard case .piece(let piece) = key, let pixels = pieces.pixels(key) else { continue }
                let place = grid.rect(column: piece.column, row: piece.row)
                cairo_set_source_surface(assembly, pixels.surface, Double(place.x), Double(place.y))
                cairo_rectangle(assembly, Double(place.x), Double(place.y), Double(pixels.width), Double(pixels.height))
                cairo_fill(assembly)
            }
            cairo_destroy(assembly)
            cairo_save(cairo)
            cairo_translate(cairo, rect.x, rect.y)
            cairo_scale(cairo, rect.width / Double(grid.pageWidth), rect.height / Double(grid.pageHeight))
            cairo_set_source_surface(cairo, image, 0, 0)
            cairo_paint(cairo)
            cairo_restore(cairo)
            return true
        }
        return false
    }
}
