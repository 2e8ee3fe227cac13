import DocumentKit
import ScrollEngine

/// Where a navigation call scrolls the document: a block (a screen reader's move, an outline
/// row) or a place of the history.
struct NavigationTarget {
    enum Destination {
        case block(BlockLocation)
        case place(HistoryPlace)
        /// An outline row whose place is still being found off the loop: wherever its entry
        /// leads now (a book's chapter start, then the place in it).
        case outlineRow(Int)
    }

    var destination: Destination
    /// The offset last aimed at (zoomed px).
    var offset: LogicalPoint
    /// Whether the scroll waits for the next frame callback to start (see
    /// `startPendingNavigationScroll`).
    var isPending: Bool
}

/// Back and forward through the places jumps left, as a browser goes: a followed link (to a
/// heading, an anchor or a note of the document, a PDF's page, another document), an outline
/// row, a page gone to (`goToPage`), find's first jump, another document shown in the window
/// or a screen reader's jump records where the reader was (`recordJump`); Alt+Left, the
/// mouse's back button or a swipe from the left edge go back, and Alt+Right, the forward
/// button or a swipe from the right edge forward again. Within the document the view glides
/// there with the engine's animation, as following the link did; another document is shown
/// at once where the reader left it, as when a link opened it.
extension Navigation {
    /// Remembers where the reader is before a jump, so going back returns here; the way
    /// forward is forgotten, as a browser forgets it when a new page is opened.
    public func recordJump() {
        history.push(currentPlace)
        // What a scroll was heading for is no longer where the reader is going.
        navigationTarget = nil
    }

    /// How many places going back and going forward would visit.
    public var historyDepth: (back: Int, forward: Int) { (history.back.count, history.forward.count) }

    /// Where the reader is: the document shown and its reading position, as the last frame's
    /// layout noted it at the pane's top.
    var currentPlace: HistoryPlace {
        let view = scene[documentPane.view]
        let zoom = view.zoomScale
        return HistoryPlace(layout: document, path: documentPath, title: documentTitle, anchor: document.readingAnchor,
                            x: view.contentOffset.x / zoom, yRemainder: view.contentOffset.y / zoom - document.anchorOffset.y,
                            modes: state.pageModes)
    }

    /// Gives up the document a link is opening, or goes back to the place before the last
    /// jump; with neither, goes where `onBackPastStart` leads (the home a document was opened
    /// from), and returns false when that is nowhere.
    func goBack() -> Bool {
        if givesUpPendingLink() { return true }
        guard let place = history.goBack(from: currentPlace) else { return onBackPastStart?() ?? false }
        go(to: place)
        return true
    }

    /// Goes forward to the place the last `goBack` left (giving up a document a link is
    /// opening, as a new step does); false when there is none.
    func goForward() -> Bool {
        let gaveUp = givesUpPendingLink()
        guard let place = history.goForward(from: currentPlace) else { return gaveUp }
        go(to: place)
        return true
    }

    /// Cancels the open of the document a followed link leads to, if one is under way.
    func givesUpPendingLink() -> Bool {
        guard let pending = pendingLink else { return false }
        // A read still waiting for a FIFO's writer ends, and frees its worker.
        pending.ticket?.cancel()
        pendingLink = nil
        setNotice(nil)
        return true
    }

    /// Shows `place`: gliding there within the document shown, else showing its document
    /// (opening it again first when it was kept from an earlier run).
    func go(to place: HistoryPlace) {
        var place = place
        if place.layout == nil, place.path == documentPath { place.layout = document }
        guard let layout = place.layout else { return reopen(place) }
        guard layout === document else {
            onWillLeaveDocument?()
            show(layout, at: place)
            // Its own modes, not those of the document left (whose turn and spreads are its
            // layout's own already).
            if let modes = place.modes { state.showRemembered(RememberedModes(pageModes: modes)) }
            documentPath = place.path
            documentTitle = place.title
            return
        }
        // Started at the next frame callback: until then the clock is only what input said,
        // and some input (wtype) says 0, so a glide started now could be over before its
        // first frame.
        navigationTarget = NavigationTarget(destination: .place(place), offset: contentOffset(of: place), isPending: true)
        needsFrame = true
    }

    /// Whether a glide waits for the next frame callback to start.
    var isNavigationScrollPending: Bool { navigationTarget?.isPending ?? false }

    /// At a frame, before the engine advances: starts a glide `go(to:)` left for a frame
    /// callback's time, unless a finger or the pointer took the document meanwhile.
    func startPendingNavigationScroll(atFrameCallback isCallback: Bool) {
        guard isCallback, let target = navigationTarget, target.isPending else { return }
        let phase = scene[documentPane.view].frame.phase
        guard phase != .tracking, phase != .dragging else {
            navigationTarget = nil
            return
        }
        navigationTarget?.isPending = false
        let offset = scene[documentPane.view].clamped(contentOffset(of: target.destination) ?? target.offset)
        navigationTarget?.offset = offset
        scene[documentPane.view].scroll(to: offset, animated: true, timeMilliseconds: timeMilliseconds)
    }

    /// The document's offset (zoomed px) that shows `place` at the top, as the content is laid
    /// out now. A layout answers the offset of its own reading position only, so it is lent
    /// the place's for the question and given its own back.
    func contentOffset(of place: HistoryPlace) -> LogicalPoint {
        let layout = documentPane.layout
        let own = layout.readingAnchor
        layout.readingAnchor = place.anchor
        let anchor = layout.anchorOffset
        layout.readingAnchor = own
        return offset(of: place, anchoredAt: anchor)
    }

    /// The offset (zoomed px) of `place` in the document pane once its anchor is at `anchor`
    /// (zoom 1); the engine keeps a scroll to it within the content.
    func offset(of place: HistoryPlace, anchoredAt anchor: ContentPoint) -> LogicalPoint {
        let view = scene[documentPane.view]
        // A paged view's anchor names its page; a scrolling one keeps the reader's side.
        guard !view.isPagingEnabled else { return LogicalPoint(x: anchor.x * view.zoomScale, y: anchor.y * view.zoomScale) }
        return LogicalPoint(x: place.x * view.zoomScale, y: (anchor.y + place.yRemainder) * view.zoomScale)
    }
}

extension ScrollView {
    /// `offset` within the content's bounds, as the engine ends a scroll aimed at it.
    func clamped(_ offset: LogicalPoint) -> LogicalPoint {
        let across = offsetBounds(.horizontal), down = offsetBounds(.vertical)
        return LogicalPoint(x: min(max(offset.x, across.lowerBound), across.upperBound),
                            y: min(max(offset.y, down.lowerBound), down.upperBound))
    }
}

extension LogicalPoint {
    /// Whether `other` is within half a px of this point on both axes: the same place drawn.
    func isNear(_ other: LogicalPoint) -> Bool {
        abs(x - other.x) < 0.5 && abs(y - other.y) < 0.5
    }
}
