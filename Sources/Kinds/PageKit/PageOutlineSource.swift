import DocumentKit
import Localization

/// A paged document's outline as the rows of the list above its pages, each row leading to a
/// page: read by the kind's worker and handed over by `load`; until it arrives the list says so.
public final class PageOutlineSource: OutlineSource {
    /// An outline row: its title, its depth (1 at the top) and the page (from 0) it leads to.
    public typealias Row = (title: String, level: Int, page: Int)

    public private(set) var entries: [OutlineEntry]?
    private var pages: [Int] = []
    private var handlers: [() -> Void] = []

    /// `load` calls its handler with the rows once they are read (on the loop thread).
    public init(load: (@escaping ([Row]) -> Void) -> Void) {
        load { [weak self] rows in
            guard let self else { return }
            entries = rows.map { OutlineEntry(title: $0.title, level: $0.level, target: .page($0.page)) }
            pages = rows.map(\.page)
            let waiting = handlers
            handlers = []
            for handler in waiting { handler() }
        }
    }

    public func whenLoaded(_ handler: @escaping () -> Void) {
        if entries != nil { handler() } else { handlers.append(handler) }
    }

    public var emptyNote: String { localized("No pages") }

    public func page(ofEntry index: Int) -> Int { pages[index] }

    /// Bookmarks need not be in page order.
    public var isInPageOrder: Bool { false }
}

extension PageOutlineSource {
    /// The outline of `layout`'s document, read by its source.
    public convenience init<Source>(pages layout: PagedLayout<Source>) {
        let source = layout.source
        self.init { rows in source.loadOutlineRows(rows) }
    }
}
