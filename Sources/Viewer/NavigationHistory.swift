import DocumentKit

/// A place the reader was: the document (its layout, file and title) and where in it.
struct HistoryPlace {
    /// The document's layout while it is open; nil for a place kept from an earlier run in
    /// another document, which is opened again from `path` when the reader goes there.
    var layout: (any DocumentContent)?
    var path: String?
    var title: String?
    /// The reading position, a block and how far into it: it survives a new window width and
    /// a new text size, which move every offset.
    var anchor: ReadingAnchor
    /// The sideways offset at zoom 1 (a zoomed PDF page panned to one side).
    var x: Double
    /// How far below the anchor's offset the reader was (zoom 1): the space after a block,
    /// which the anchor cannot name (its fraction stops at the block's end), and the part of a
    /// px its whole-px offset leaves out. So a layout that did not change comes back exactly.
    var yRemainder: Double
    /// How the document's pages were shown there (fit, spreads, night pages): given back with
    /// the document when going back or forward to it from another; nil where not known (a place
    /// from an earlier run).
    var modes: PageModes? = nil

    /// Whether it is the same place as `other`: the same document at the same block.
    func isSame(as other: HistoryPlace) -> Bool {
        guard anchor == other.anchor else { return false }
        if let layout, let otherLayout = other.layout { return layout === otherLayout }
        return path != nil && path == other.path
    }
}

/// The way back and the way forward, as a browser keeps them: a jump pushes where the reader
/// was and forgets the way forward; going back moves the place shown onto the way forward,
/// going forward the reverse. One history for jumps within a document and documents links
/// opened, so Alt+Left retraces both in order.
struct NavigationHistory {
    /// How many places both ways hold together: Okular's viewport history keeps 100 steps
    /// (`OKULAR_HISTORY_MAXSTEPS`, core/document.cpp). Each may hold a document's layout, so
    /// a bound also bounds how many documents stay open.
    static let capacity = 100

    private(set) var back: [HistoryPlace] = []
    private(set) var forward: [HistoryPlace] = []

    init(back: [HistoryPlace] = [], forward: [HistoryPlace] = []) {
        self.back = Array(back.suffix(NavigationHistory.capacity))
        self.forward = Array(forward.suffix(NavigationHistory.capacity - self.back.count))
    }

    /// Gives the places in the file at `path` its layout and title, now open (places kept
    /// from an earlier run, whose document was opened again).
    mutating func adopt(_ layout: any DocumentContent, title: String?, forPath path: String) {
        for index in back.indices where back[index].layout == nil && back[index].path == path {
            back[index].layout = layout
            back[index].title = title
        }
        for index in forward.indices where forward[index].layout == nil && forward[index].path == path {
            forward[index].layout = layout
            forward[index].title = title
        }
    }

    /// The reader jumps from `place`: it becomes the way back (once: a second jump from the
    /// same place adds nothing), and the way forward is forgotten. The oldest place goes when
    /// the history is full.
    mutating func push(_ place: HistoryPlace) {
        forward.removeAll()
        if let last = back.last, last.isSame(as: place) { return }
        back.append(place)
        // The way forward is empty here, so the way back alone holds the bound.
        if back.count > NavigationHistory.capacity { back.removeFirst(back.count - NavigationHistory.capacity) }
    }

    /// The place before `current`, which becomes the first step forward; nil at the start.
    mutating func goBack(from current: HistoryPlace) -> HistoryPlace? {
        guard let place = back.popLast() else { return nil }
        forward.append(current)
        return place
    }

    /// The place `goBack` left, with `current` becoming the way back again; nil when there is
    /// none (nothing was left, or a jump since forgot it).
    mutating func goForward(from current: HistoryPlace) -> HistoryPlace? {
        guard let place = forward.popLast() else { return nil }
        back.append(current)
        return place
    }
}
