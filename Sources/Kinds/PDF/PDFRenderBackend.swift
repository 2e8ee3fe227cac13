import CCairo
import CPoppler
import DocumentKit
import Glibc
import Localization
import Machinery
import PageKit

/// Draws PDF pages with poppler in `glide-page-renderer`: the renderer's one document, opened
/// from the descriptor Glide passes (its standard input), used by its one thread.
public final class PDFRenderBackend: PageRenderBackend {
    private let document: PopplerDocumentHandle
    private let pages: PopplerPageCache

    /// Opens the PDF on `descriptor` (duplicated: poppler closes what it is given).
    public init(descriptor: Int32) throws(PageRendererRefusal) {
        // Colour management built once, before the first real page (see PopplerWarmUp).
        PopplerWarmUp.ensure()
        let duplicate = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
        guard duplicate >= 0 else { throw PageRendererRefusal(String(cString: strerror(errno))) }
        var error: UnsafeMutablePointer<GError>?
        guard let opened = poppler_document_new_from_fd(duplicate, nil, &error) else {
            defer { if let error { g_error_free(error) } }
            throw PageRendererRefusal(error.map { String(cString: $0.pointee.message) } ?? localized("poppler gave no reason"))
        }
        document = PopplerDocumentHandle(opened)
        pages = PopplerPageCache(document: document)
    }

    public var pageCount: Int { document.pageCount }

    /// What a renderer's zygote does once for every renderer it forks: colour management built,
    /// poppler's global parameters kept loaded (see `PopplerWarmUp`), and the standard fonts
    /// drawn (`warmUpText`). A document opened in a renderer forked from it finds all three.
    public static func warmUpBeforeAnyDocument() {
        PopplerWarmUp.ensure()
        PopplerWarmUp.keepGlobalStateLoaded()
        warmUpText()
    }

    /// Draws a line in each of the standard fonts, none embedded, once: poppler's font set-up
    /// and fontconfig's matching run before the renderer locks itself down (their files are
    /// read then), not with the first page of text.
    public static func warmUpText() {
        let fonts = ["Helvetica", "Times-Roman", "Courier", "Symbol"]
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                       "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 8 8] /Contents 4 0 R /Resources << /Font << "
                           + fonts.indices.map { "/F\($0) \(5 + $0) 0 R" }.joined(separator: " ") + " >> >> >>"]
        let content = fonts.indices.map { "BT /F\($0) 4 Tf 0 2 Td (Ag) Tj ET" }.joined(separator: " ")
        objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        objects += fonts.map { "<< /Type /Font /Subtype /Type1 /BaseFont /\($0) >>" }
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let table = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        let data = Array(text.utf8).withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(data) }
        guard let warm = poppler_document_new_from_bytes(data, nil, nil) else { return }
        let handle = PopplerDocumentHandle(warm)
        var pixels = [UInt32](repeating: 0, count: 64)
        _ = pixels.withUnsafeMutableBytes { raw in
            handle.withPage(0) { page in
                let surface = cairo_image_surface_create_for_data(raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                                  CAIRO_FORMAT_RGB24, 8, 8, 32)
                let cairo = cairo_create(surface)
                poppler_page_render(page, cairo)
                cairo_destroy(cairo)
                cairo_surface_destroy(surface)
            }
        }
    }

    public func render(_ request: PageRenderRequest, into pixels: UnsafeMutableRawPointer) -> PageRenderBackendResult {
        pages.withPage(request.page) { render(request, page: $0, into: pixels) }
            ?? PageRenderBackendResult(failure: localized("poppler cannot read this page"))
    }

    private func render(_ request: PageRenderRequest, page: OpaquePointer, into pixels: UnsafeMutableRawPointer) -> PageRenderBackendResult {
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1 else {
            return PageRenderBackendResult(failure: localized("the page has no size"))
        }
        var result = PageRenderBackendResult(pageWidth: width, pageHeight: height)
        if request.flags.contains(.details) {
            result.details = PageLinkCoding.encode(document.links(onPage: request.page),
                                                  limitBytes: PageRenderWire.maximumMessageBytes - 64)
        }
        // Opaque pixels (the page is paper): drawn onto a tile, pixman copies or scales them
        // without blending each pixel, several times faster than from ARGB.
        guard let surface = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                                                                Int32(request.width), Int32(request.height), Int32(request.width * 4))
        else { return PageRenderBackendResult(failure: localized("rendering failed: %s", "no surface")) }
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        // PDF pages are paper: white under whatever the page draws.
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        cairo_translate(cairo, -Double(request.x), -Double(request.y))
        cairo_scale(cairo, request.scale, request.scale)
        poppler_page_render(page, cairo)
        let status = cairo_status(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        guard status == CAIRO_STATUS_SUCCESS, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            result.failure = localized("rendering failed: %s", String(cString: cairo_status_to_string(status)))
            return result
        }
        if request.flags.contains(.invertsLightness) {
            NightPixels.invertLightness(pixels, count: request.width * request.height)
        }
        return result
    }
}
