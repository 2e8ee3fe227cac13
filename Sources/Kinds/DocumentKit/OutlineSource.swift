/// One row of an outline: a text's heading, a PDF's bookmark, a page.
public struct OutlineEntry: Equatable, Sendable {
    public var title: String
    /// 1 (the outermost) to 6.
    public var level: Int
    public var target: OutlineTarget

    public init(title: String, level: Int, target: OutlineTarget) {
        self.title = title
        self.level = level
        self.target = target
    }
}

/// Where an outline's row leads.
public enum OutlineTarget: Equatable, Sendable {
    /// A block of the text, which the view follows while the pages on the way are laid out.
    case block(BlockLocation)
    /// A page (from 0), whose place is known.
    case page(Int)
}

/// Where an outline's rows come from, and which page each is on: every kind with an outline
/// feeds the one list `--split` shows (`OutlineListLayout`).
public protocol OutlineSource: AnyObject {
    /// The rows, in outline order; nil until they are known (a PDF's outline is read by its
    /// worker: `whenLoaded` says when).
    var entries: [OutlineEntry]? { get }

    /// Calls `handler` on the loop's thread once `entries` is known, at once when it is.
    func whenLoaded(_ handler: @escaping () -> Void)

    /// What the list says when it has no rows ("No headings").
    var emptyNote: String { get }

    /// Where row `index` leads, now that it is chosen: its entry's target, or one found only
    /// now (a book's row leading into a chapter is found in that chapter once it is read).
    /// Never reads on the loop: a place still being found off it (`isFindingTarget`) is
    /// approximate now, and the entry's target is the place once it is found.
    func target(ofEntry index: Int) -> OutlineTarget

    /// Whether row `index`'s place is being found off the loop since `target(ofEntry:)` was
    /// asked (a book's chapter being read): a scroll to the row follows its entry's target.
    func isFindingTarget(ofEntry index: Int) -> Bool

    /// The page (from 0) row `index` is on: exact once its place is laid out, estimated before.
    func page(ofEntry index: Int) -> Int

    /// The label of the page row `index` leads to (`xii`, `A-3`), shown at the row's end; nil
    /// where that page has none but its number.
    func pageLabel(ofEntry index: Int) -> String?

    /// Whether the rows' pages never decrease in outline order (a text's headings, estimated or
    /// not), so the row of a page is found by bisection; a PDF's bookmarks need not be in page
    /// order.
    var isInPageOrder: Bool { get }
}

extension OutlineSource {
    public func target(ofEntry index: Int) -> OutlineTarget { entries![index].target }

    public func isFindingTarget(ofEntry index: Int) -> Bool { false }

    public func pageLabel(ofEntry index: Int) -> String? { nil }
}
