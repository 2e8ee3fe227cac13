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
    /// The label of a page (from 0), where it has one.
    private let label: (Int) -> String?

    /// `load` calls its handler with the rows once they are read (on the loop thread); `label`
    /// names a page by its label, shown at the end of its rows.
    public init(label: @escaping (Int) -> String? = { _ in nil }, load: (@escaping ([Row]) -> Void) -> Void) {
        self.label = label
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

    public func pageLabel(ofEntry index: Int) -> String? { label(pages[index]) }

    /// Bookmarks need not be in page order.
    public var isInPageOrder: Bool { false }
}

extension PageOutlineSource {
    /// The outline of `layout`'s document, read by its source.
    public convenience init<Source>(pages layout: PagedLayout<Source>) {
        let source = layout.source
        self.init(label: { [weak layout] in layout?.label(ofPage: $0) }) { rows in source.loadOutlineRows(rows) }
    }
}
