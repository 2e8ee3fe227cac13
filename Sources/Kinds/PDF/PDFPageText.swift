import CPoppler
import DocumentKit
import PageKit

/// One PDF page's text as poppler reads it (`poppler_page_get_text`: lines in reading order,
/// apart by a line break) and where each of its characters is drawn
/// (`poppler_page_get_text_layout`: one rectangle per character of that same text, in PDF
/// points from the page's top-left), as a `PageText`.
public typealias PDFPageText = PageText

extension PageText {
    /// Reads page `index` of `document`; nil when poppler has no such page or cannot read it.
    /// The caller's thread must be the only one using `document`.
    static func read(page index: Int, of document: PopplerDocumentHandle) -> PDFPageText? {
        document.withPage(index, read)
    }

    /// The text alone, for search (no rectangles): what `read` gives as `text`.
    static func readText(page index: Int, of document: PopplerDocumentHandle) -> String? {
        document.withPage(index, text(of:))
    }

    private static func text(of page: OpaquePointer) -> String {
        guard let raw = poppler_page_get_text(page) else { return "" }
        defer { g_free(raw) }
        return String(decoding: UnsafeRawBufferPointer(start: raw, count: strlen(raw)), as: UTF8.self)
    }

    private static func read(_ page: OpaquePointer) -> PDFPageText {
        let text = text(of: page)
        var rectangles: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        var rects: [ContentRect] = []
        if poppler_page_get_text_layout(page, &rectangles, &count) != 0, let rectangles {
            rects.reserveCapacity(Int(count))
            for index in 0..<Int(count) {
                let r = rectangles[index]
                rects.append(ContentRect(x: min(r.x1, r.x2), y: min(r.y1, r.y2), width: abs(r.x2 - r.x1),
                                         height: abs(r.y2 - r.y1)))
            }
            g_free(rectangles)
        }
        return PDFPageText(text: text, rects: rects)
    }
}
