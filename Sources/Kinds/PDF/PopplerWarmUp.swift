import CCairo
import CPoppler
import DocumentKit
import Synchronization

/// Poppler builds its colour-management state lazily and without a lock: two threads
/// rendering their first pages at once can corrupt the heap (reported against poppler in
/// 2026). One render of a tiny page from one thread, before any worker starts, builds it.
enum PopplerWarmUp {
    private static let isWarm = Mutex(false)

    /// Renders a one-page PDF with an RGB fill, a grey stroke and an image, once per process;
    /// later calls return at once. Its cost does not depend on any document (under a ms).
    static func ensure() {
        isWarm.withLock { isWarm in
            guard !isWarm else { return }
            isWarm = true
            renderTinyDocument()
        }
    }

    /// Keeps one tiny poppler document open for the process's life, from the first call on.
    /// Poppler builds its global parameters (font and encoding tables) with the first document
    /// and tears them down with the last: without a document kept, every PDF opened after the
    /// last one closed (another from the home, a reload) built them again on its open, some
    /// 3 M instructions, and tore them down on the loop thread (`glide-bench pdf`: a 1-page
    /// PDF's open ended 0.3–0.9 ms after 8e8acea's, whose render thread held a document).
    static func keepGlobalStateLoaded() {
        keptDocument.withLock { kept in
            guard kept == nil else { return }
            kept = openTinyDocument().map { UInt(bitPattern: $0) }
        }
    }

    /// The document `keepGlobalStateLoaded` keeps, as an address (never unreferenced).
    private static let keptDocument = Mutex<UInt?>(nil)

    /// A poppler document of `tinyPDF`, for the caller to unreference; nil if poppler refuses it.
    private static func openTinyDocument() -> OpaquePointer? {
        let data = tinyPDF.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(data) }
        return poppler_document_new_from_bytes(data, nil, nil)
    }

    private static func renderTinyDocument() {
        guard let document = openTinyDocument() else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(document)) }
        _ = PopplerPageAccess.withPage(0, of: document) { page in
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 8, 8)
            let cairo = cairo_create(surface)
            poppler_page_render(page, cairo)
            cairo_destroy(cairo)
            cairo_surface_destroy(surface)
        }
    }

    /// A valid PDF drawn in every colour space poppler meets first: DeviceRGB, DeviceGray and
    /// an RGB image. Offsets in the cross-reference table are computed, not written by hand.
    static let tinyPDF: [UInt8] = {
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 8 8] /Contents 4 0 R /Resources << /XObject << /I 5 0 R >> >> >>",
            streamObject("", "1 0 0 rg 0 0 4 4 re f 0.5 G 0 0 m 8 8 l S q 4 0 0 4 4 4 cm /I Do Q"),
            streamObject("/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceRGB /BitsPerComponent 8 ",
                         "\u{0}\u{7F}\u{7F}"),
        ]
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
        return Array(text.utf8)
    }()

    private static func streamObject(_ dictionary: String, _ content: String) -> String {
        "<< \(dictionary)/Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
    }
}
