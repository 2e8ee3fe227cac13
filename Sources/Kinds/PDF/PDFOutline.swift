import CPoppler
import DocumentKit

/// A PDF's outline (its bookmarks), or, for a PDF without one, a row per page: the list the
/// `--split` view shows above the pages.
public struct PDFOutline: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// 1 for a top-level entry, deeper entries count up.
        public var level: Int
        public var title: String
        public var destination: PDFDestination
    }

    public var entries: [Entry]
    /// Whether the entries are the PDF's own bookmarks (false: one per page).
    public var isBookmarks: Bool
    /// Each page's label from the PDF's `/PageLabels` (nil: none but its number), read with
    /// the outline by the same worker; empty when the PDF has none.
    public var pageLabels: [String?] = []

    /// Entries beyond this many are left out: a bounded list for a hostile outline.
    static let maximumEntryCount = 20_000
    /// Deeper entries are shown at this level.
    static let maximumLevel = 6

    /// The outline of a layout of `pageCount` pages: no entry leads past the last (the worker
    /// that read it may count the pages of a file changed since the layout's document opened).
    func limited(toPageCount pageCount: Int) -> PDFOutline {
        var limited = PDFOutline.pageList(pageCount: pageCount)
        let kept = entries.filter { $0.destination.page < pageCount }
        if isBookmarks, !kept.isEmpty { limited = PDFOutline(entries: kept, isBookmarks: true) }
        limited.pageLabels = Array(pageLabels.prefix(pageCount))
        return limited
    }

    /// A row per page, for a PDF without bookmarks.
    static func pageList(pageCount: Int) -> PDFOutline {
        PDFOutline(entries: (0..<min(pageCount, maximumEntryCount)).map {
            Entry(level: 1, title: "Page \($0 + 1)", destination: PDFDestination(page: $0, topPoints: nil))
        }, isBookmarks: false)
    }
}

extension PopplerDocumentHandle {
    /// The document's outline: its bookmarks in order, or its pages when it has none. Costs
    /// with the outline's size: the worker reads it, never the frame loop.
    func outline(pageCount: Int) -> PDFOutline {
        var entries: [PDFOutline.Entry] = []
        if let iterator = poppler_index_iter_new(pointer) {
            collect(iterator, level: 1, into: &entries)
            poppler_index_iter_free(iterator)
        }
        return entries.isEmpty ? .pageList(pageCount: pageCount) : PDFOutline(entries: entries, isBookmarks: true)
    }

    private func collect(_ iterator: OpaquePointer, level: Int, into entries: inout [PDFOutline.Entry]) {
        repeat {
            guard entries.count < PDFOutline.maximumEntryCount else { return }
            if let action = poppler_index_iter_get_action(iterator) {
                defer { poppler_action_free(action) }
                if let dest = glide_poppler_action_goto_dest(action), let destination = resolve(dest) {
                    let title = glide_poppler_action_title(action).map { String(cString: $0) } ?? ""
                    entries.append(PDFOutline.Entry(level: min(level, PDFOutline.maximumLevel),
                                                    title: title.isEmpty ? "Page \(destination.page + 1)" : title,
                                                    destination: destination))
                }
            }
            if let child = poppler_index_iter_get_child(iterator) {
                collect(child, level: level + 1, into: &entries)
                poppler_index_iter_free(child)
            }
        } while poppler_index_iter_next(iterator) != 0
    }
}
