import CPoppler

/// The one way Glide takes a page from poppler. `poppler_document_get_page` wants an index
/// below the document's page count as poppler counts it *now* (`poppler_document_get_n_pages`),
/// and prints a critical warning for any other; a count Glide learned earlier (the layout's,
/// another thread's document of the same file, a placeholder page before the open ended) is
/// not that. Every page read goes through here, which asks poppler first.
enum PopplerPageAccess {
    /// `body` with page `index` of `document`, or nil when poppler counts no such page or
    /// cannot read it. The page is let go when `body` returns.
    static func withPage<Result>(_ index: Int, of document: OpaquePointer, _ body: (OpaquePointer) -> Result) -> Result? {
        guard index >= 0, index < Int(poppler_document_get_n_pages(document)),
              let page = poppler_document_get_page(document, Int32(index)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        return body(page)
    }
}

extension PopplerDocumentHandle {
    /// `body` with page `index`, or nil when this document has no such page now (see
    /// `PopplerPageAccess`).
    func withPage<Result>(_ index: Int, _ body: (OpaquePointer) -> Result) -> Result? {
        PopplerPageAccess.withPage(index, of: pointer, body)
    }
}
