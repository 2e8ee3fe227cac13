import CCairo
import CPoppler
import DocumentKit
import Localization

/// Draws one job's pixels with poppler, on the worker's thread and document.
struct PDFPageRenderer {
    let document: PopplerDocumentHandle

    func render(_ job: PDFRenderJob) -> PDFRenderResult {
        document.withPage(job.page) { render(job, page: $0) }
            ?? PDFRenderResult(job: job, failure: localized("poppler cannot read this page"))
    }

    private func render(_ job: PDFRenderJob, page: OpaquePointer) -> PDFRenderResult {
        var result = PDFRenderResult(job: job)
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1 else {
            result.failure = localized("the page has no size")
            return result
        }
        result.pageSize = (width, height)
        let scale: Double
        let rect: (x: Int, y: Int, width: Int, height: Int)
        switch job {
        case .preview(let index):
            scale = PDFPreviewScale.scale(pageWidthPoints: width, pageHeightPoints: height)
            let grid = PDFPieceGrid(pageWidthPoints: width, pageHeightPoints: height, scale: scale)
            rect = (0, 0, grid.pageWidth, grid.pageHeight)
            result.links = document.links(onPage: index)
        case .piece(let key):
            scale = key.scale
            rect = PDFPieceGrid(pageWidthPoints: width, pageHeightPoints: height, scale: scale)
                .rect(column: key.column, row: key.row)
        }
        guard rect.width > 0, rect.height > 0 else {
            result.failure = localized("the piece is outside the page")
            return result
        }
        // Opaque pixels (the page is paper): drawn onto a tile, pixman copies or scales them
        // without blending each pixel, several times faster than from ARGB.
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(rect.width), Int32(rect.height))!
        let pixels = PDFPixels(surface: surface, width: rect.width, height: rect.height)
        let cairo = cairo_create(surface)!
        // PDF pages are paper: white under whatever the page draws.
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        cairo_translate(cairo, -Double(rect.x), -Double(rect.y))
        cairo_scale(cairo, scale, scale)
        poppler_page_render(page, cairo)
        let status = cairo_status(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        guard status == CAIRO_STATUS_SUCCESS, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            result.failure = localized("rendering failed: %s", String(cString: cairo_status_to_string(status)))
            return result
        }
        result.pixels = pixels
        return result
    }
}
