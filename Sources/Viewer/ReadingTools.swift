import DocumentKit
import Render
import ScrollEngine

/// Find, selection, links and help over the reading pane: the state they share and what they
/// draw. Input arrives already in window coordinates with the engine's time; the tools act
/// through their host and never see Wayland.
final class ReadingTools {
    unowned let host: ReadingHost

    // Find (ReadingTools+Find.swift).
    var isFindOpen = false
    var query = ""
    var preedit = ""
    var search: DocumentSearch?
    var currentMatch: Int?
    /// Where the reader was when find opened or the query changed: the nearest match at or
    /// below it becomes current.
    var findOrigin = TextPosition.start
    /// Whether find has moved the view since it opened: its first jump goes into the history
    /// (Alt+Left returns to where the reader was before finding), the steps after it do not.
    var hasRecordedFindJump = false

    // Selection (ReadingTools+Selection.swift).
    var selection: TextRange?
    /// The end that stays when a selection is extended (the press, or the other handle).
    var selectionAnchor: TextPosition?
    var selectionUnit = SelectionUnit.character
    /// Whether the selection was made by touch, so it shows handles.
    var showsHandles = false
    var mouseDrag: MouseDrag?
    var lastClick: (timeMilliseconds: Double, x: Double, y: Double, count: Int)?
    var touch: TouchState?

    // Links and help (ReadingTools+Links.swift).
    var isHelpShown = false
    var tooltip: ReadingOverlay.Tooltip?
    /// A press on a link that a release on the same link follows.
    var pressedLink: DocumentLink?
    /// A press on a disclosure's summary that a release on the same summary toggles.
    var pressedSummary: DisclosureSummary?
    var lastPointer = (x: 0.0, y: 0.0)

    /// A text position being scrolled to, how far below the pane's top it should end up
    /// (content px), and the content y last asked for: sections laid out during the animation
    /// correct estimates before it, so the target is measured again each frame and the
    /// spring re-aimed when it moved.
    var reveal: (position: TextPosition, headroom: Double, requestedY: Double)?

    /// Cached match rectangles, remade when the matches, the layout or the band change.
    var matchRectsCache: (key: MatchRectsKey, rects: [ContentRect], current: [ContentRect])?

    enum SelectionUnit {
        case character, word, paragraph
    }

    struct MouseDrag {
        var isSelecting: Bool
    }

    struct MatchRectsKey: Equatable {
        var count: Int
        var current: Int?
        var revision: Int
        var band: ClosedRange<Double>
    }

    /// A finger on the document, from down to up.
    struct TouchState {
        var id: Int32
        var startX: Double
        var startY: Double
        var startMilliseconds: Double
        var x: Double
        var y: Double
        /// What the finger does: waits (might become a long press), drags a selection end, or
        /// is the engine's (a scroll).
        var role: Role

        enum Role {
            case pending
            case selecting(movesEnd: Bool)
            case scrolling
        }
    }

    init(host: ReadingHost) {
        self.host = host
    }

    /// Content coordinates (zoom 1) of a window point in the reading pane.
    func contentPoint(x: Double, y: Double) -> ContentPoint {
        let rect = host.readingPaneRect, offset = host.readingContentOffset, zoom = host.readingZoomScale
        return ContentPoint(x: (x - rect.origin.x + offset.x) / zoom, y: (y - rect.origin.y + offset.y) / zoom)
    }

    /// The content y band the reading pane shows.
    var visibleBand: ClosedRange<Double> {
        let rect = host.readingPaneRect, offset = host.readingContentOffset, zoom = host.readingZoomScale
        return (offset.y / zoom)...((offset.y + rect.size.height) / zoom)
    }

    /// What to draw over the reading pane this frame; a pane at rest has its text made ready
    /// for the next click (a moving one would read every page it passes).
    func overlay(findButtonOpacity: Double, isPaneAtRest: Bool) -> ReadingOverlay {
        var overlay = ReadingOverlay()
        overlay.findButtonOpacity = isFindOpen ? 0 : findButtonOpacity
        overlay.isHelpShown = isHelpShown
        overlay.tooltip = tooltip
        guard let layout = host.readingLayout else { return overlay }
        let band = visibleBand
        if isPaneAtRest { layout.loadText(meeting: band) }
        if isFindOpen {
            let (rects, current) = matchRects(in: layout, band: band)
            overlay.matchRects = rects
            overlay.currentMatchRects = current
            overlay.findField = ReadingOverlay.FindField(query: query, preedit: preedit, status: findStatus)
        }
        if let selection, !selection.isEmpty {
            overlay.selectionRects = layout.rects(of: selection, within: band)
            if showsHandles, let start = layout.caretRect(at: selection.start), let end = layout.caretRect(at: selection.end) {
                overlay.selectionHandles = (start, end)
            }
        }
        return overlay
    }

    /// Whether a finger is down and might still become a long press.
    var isTouchPending: Bool {
        if case .pending = touch?.role { return true }
        return false
    }

    /// Whether a frame must follow this one (a selection drag scrolling at an edge).
    var needsFrames: Bool { isAutoscrolling }
}
