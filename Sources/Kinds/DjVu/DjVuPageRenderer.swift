import CCairo
import DocumentKit
import Localization
import PageKit

/// Makes one job's pixels on the worker's thread and handle: a cairo image surface the
/// render writes into (`DjVuPageRendering`), inverted there for night pages, and a preview's
/// links.
struct DjVuPageRenderer {
    let handle: DjVuHandle
    let file: DjVuFile

    func render(_ ticket: PageRenderTicket) -> PageRenderResult {
        let job = ticket.job
        var result = PageRenderResult(job: job)
        guard let size = handle.pageSize(job.page) else {
            result.failure = localized("DjVuLibre cannot read this page")
            return result
        }
        let points = size.points
        result.pageSize = points
        let scale: Double
        let rect: (x: Int, y: Int, width: Int, height: Int)
        switch job {
        case .preview(let index):
            scale = PagePreviewScale.scale(pageWidthPoints: points.width, pageHeightPoints: points.height)
            let grid = PagePieceGrid(pageWidthPoints: points.width, pageHeightPoints: points.height, scale: scale)
            rect = (0, 0, grid.pageWidth, grid.pageHeight)
            result.links = DjVuLinks.links(handle.hyperlinks(onPage: index), pageSize: size, handle: handle)
        case .piece(let key):
            scale = key.scale
            rect = PagePieceGrid(pageWidthPoints: points.width, pageHeightPoints: points.height, scale: scale)
                .rect(column: key.column, row: key.row)
        }
        guard rect.width > 0, rect.height > 0 else {
            result.failure = localized("the piece is outside the page")
            return result
        }
        // Opaque pixels, as a PDF page's: pixman copies them onto a frame without blending.
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(rect.width), Int32(rect.height))!
        let pixels = PagePixels(surface: surface, width: rect.width, height: rect.height, invertsLightness: ticket.invertsLightness)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            result.failure = localized("rendering failed: %s", localized("out of memory"))
            return result
        }
        cairo_surface_flush(surface)
        let failure = DjVuPageRendering.render(page: job.page, of: handle, scale: scale,
                                               region: .init(x: rect.x, y: rect.y, width: rect.width, height: rect.height),
                                               into: data, rowBytes: Int(cairo_image_surface_get_stride(surface)))
        if let failure {
            cairo_surface_mark_dirty(surface)
            result.failure = failure
            return result
        }
        if ticket.invertsLightness {
            // RGB24 rows are 4 bytes a pixel with no padding (cairo's stride for them).
            NightPixels.invertLightness(data, count: Int(cairo_image_surface_get_stride(surface)) / 4 * rect.height)
        }
        cairo_surface_mark_dirty(surface)
        result.pixels = pixels
        return result
    }
}
