/// One entry of the table of contents.
public struct EPUBNavigationEntry: Sendable, Hashable {
    /// The text shown, white space collapsed.
    public var title: String
    /// Where it leads; nil for a heading with no link (a nav `<span>`) or one leading out of
    /// the book.
    public var target: EPUBLocation?
    public var children: [EPUBNavigationEntry]

    public init(title: String, target: EPUBLocation?, children: [EPUBNavigationEntry] = []) {
        self.title = title
        self.target = target
        self.children = children
    }
}

/// The book's table of contents, from the EPUB 3 navigation document or the EPUB 2 NCX.
public struct EPUBTableOfContents: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        /// The book has neither, or neither holds an entry.
        case none
        /// `<nav epub:type="toc">` of the manifest item with `properties="nav"`.
        case navigationDocument(entryName: String)
        /// `navMap` of the NCX the spine's `toc` names.
        case ncx(entryName: String)
    }

    public var entries: [EPUBNavigationEntry]
    public var source: Source
    /// True when the bounds below left entries out.
    public var isTruncated: Bool

    /// A table of contents has one entry per heading a reader picks from: a long book's
    /// holds hundreds. A hostile one stops here.
    public static let maximumEntryCount = 10_000
    /// Real books nest three or four levels; this is far past any, and keeps every walk of
    /// the tree (recursive) shallow.
    public static let maximumDepth = 32

    public init(entries: [EPUBNavigationEntry] = [], source: Source = .none, isTruncated: Bool = false) {
        self.entries = entries
        self.source = source
        self.isTruncated = isTruncated
    }

    /// The number of entries at every level.
    public var count: Int {
        func count(_ entries: [EPUBNavigationEntry]) -> Int { entries.reduce(entries.count) { $0 + count($1.children) } }
        return count(entries)
    }
}

/// Counts entries as a table of contents is read, so a hostile one stops at the bounds.
struct NavigationBudget {
    private(set) var remaining = EPUBTableOfContents.maximumEntryCount
    private(set) var hasLeftEntriesOut = false

    /// Whether one more entry at `depth` (1 for the top level) fits; records the refusal.
    mutating func admit(depth: Int) -> Bool {
        guard remaining > 0, depth <= EPUBTableOfContents.maximumDepth else {
            hasLeftEntriesOut = true
            return false
        }
        remaining -= 1
        return true
    }
}
