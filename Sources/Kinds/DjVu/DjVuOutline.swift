import DocumentKit
import Localization
import PageKit

/// A DjVu document's outline (its bookmarks), or, for one without, a row per page: the list
/// `--split` shows above the pages.
struct DjVuOutline: Equatable, Sendable {
    struct Entry: Equatable, Sendable {
        /// 1 for a top-level entry, deeper entries count up.
        var level: Int
        var title: String
        var page: Int
    }

    var entries: [Entry]
    /// Whether the entries are the document's own bookmarks (false: one per page).
    var isBookmarks: Bool

    /// Entries beyond this many are left out: a bounded list for a hostile outline.
    static let maximumEntryCount = 20_000
    /// Deeper entries are shown at this level (as the outline list draws at most six).
    static let maximumLevel = 6

    /// The outline `(bookmarks ("title" "#page" children…) …)` of `handle`'s document; a row per page when
    /// it has none, or none that leads to a page.
    static func reading(_ expression: DjVuExpression?, handle: DjVuHandle) -> DjVuOutline {
        var entries: [Entry] = []
        if let expression, expression.items.first?.symbolName == "bookmarks" {
            collect(expression.items.dropFirst(), level: 1, handle: handle, into: &entries)
        }
        return entries.isEmpty ? pageList(pageCount: handle.pageCount) : DjVuOutline(entries: entries, isBookmarks: true)
    }

    private static func collect(_ items: ArraySlice<DjVuExpression>, level: Int, handle: DjVuHandle, into entries: inout [Entry]) {
        for item in items {
            guard entries.count < maximumEntryCount else { return }
            let parts = item.items
            guard parts.count >= 2, let title = parts[0].stringValue else { continue }
            if let address = parts[1].stringValue, let page = handle.page(ofLink: address) {
                entries.append(Entry(level: min(level, maximumLevel),
                                     title: title.allSatisfy(\.isWhitespace) ? localized("Page %s", LocalizedNumber.string(page + 1)) : title,
                                     page: page))
            }
            collect(parts.dropFirst(2), level: level + 1, handle: handle, into: &entries)
        }
    }

    /// A row per page, for a document without bookmarks.
    static func pageList(pageCount: Int) -> DjVuOutline {
        DjVuOutline(entries: (0..<min(pageCount, maximumEntryCount)).map {
            Entry(level: 1, title: localized("Page %s", LocalizedNumber.string($0 + 1)), page: $0)
        }, isBookmarks: false)
    }
}
