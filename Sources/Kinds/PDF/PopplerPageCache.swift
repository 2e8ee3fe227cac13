import CPoppler

/// The few pages a renderer drew last, kept open. poppler-glib builds a page's whole text
/// layout (`TextPage`) the first time a `PopplerPage` is drawn, for later text queries: with a
/// new page object per request, every tile of a zoomed page paid for the whole page's text
/// again (`perf` on `glide-bench pdf`'s zoom: `TextPage::addChar`/`coalesce` the renderer's
/// largest user-space cost). Kept pages pay for it once.
final class PopplerPageCache {
    /// Pages kept: a zoom or a fling shows at most three pages at once at 1280×800, the
    /// benchmark's and a laptop's window.
    static let capacity = 3

    private let document: PopplerDocumentHandle
    private var pages: [(index: Int, page: OpaquePointer)] = []

    init(document: PopplerDocumentHandle) {
        self.document = document
    }

    deinit {
        for (_, page) in pages { g_object_unref(UnsafeMutableRawPointer(page)) }
    }

    /// `body` with page `index`, or nil when the document has no such page.
    func withPage<Result>(_ index: Int, _ body: (OpaquePointer) -> Result) -> Result? {
        if let found = pages.firstIndex(where: { $0.index == index }) {
            let entry = pages.remove(at: found)
            pages.append(entry)
            return body(entry.page)
        }
        guard index >= 0, index < document.pageCount,
              let page = poppler_document_get_page(document.pointer, Int32(index)) else { return nil }
        if pages.count == Self.capacity { g_object_unref(UnsafeMutableRawPointer(pages.removeFirst().page)) }
        pages.append((index, page))
        return body(page)
    }
}
