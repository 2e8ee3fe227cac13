import DocumentKit
import Render
import ScrollEngine

/// Selecting text: with the mouse (drag, double-click a word, triple-click a paragraph,
/// Shift+click to extend, scrolling while held near an edge) and by touch (a long press
/// selects a word and shows two handles that drag).
extension ReadingTools {
    /// Two clicks this close in time and space make a double click: GTK's defaults
    /// (gtk-double-click-time 400 ms, gtk-double-click-distance 5 px).
    static let multiClickMilliseconds = 400.0
    static let multiClickDistancePixels = 5.0
    /// A touch held this long without moving is a long press: UIKit's
    /// UILongPressGestureRecognizer (0.5 s, 10 pt allowable movement).
    static let longPressMilliseconds = 500.0
    static let longPressSlopPixels = 10.0
    /// How far from a handle's caret a finger still takes it: half the 44 px touch target.
    static let handleReachPixels = 22.0
    /// A selection drag this close to the pane's top or bottom edge scrolls; the speed grows
    /// to `autoscrollMaximumSpeed` px/ms at the edge (GTK text views scroll about a screen a
    /// second; a third of that near the zone's start).
    static let autoscrollZonePixels = 40.0
    static let autoscrollMaximumSpeed = 1.5

    // MARK: Mouse

    /// A left press at a window point. Returns whether the tools took it.
    func mousePressed(x: Double, y: Double, extending: Bool, timeMilliseconds: Double) -> Bool {
        guard let layout = host.readingLayout else { return false }
        let point = contentPoint(x: x, y: y)
        if !extending, let link = layout.link(at: point) {
            pressedLink = link
            return true
        }
        if !extending, let summary = layout.disclosures?.disclosureSummary(at: point) {
            pressedSummary = summary
            return true
        }
        guard let position = layout.textPosition(at: point) else {
            clearSelection()
            return false
        }
        let count: Int
        if let last = lastClick, timeMilliseconds - last.timeMilliseconds <= ReadingTools.multiClickMilliseconds,
           abs(x - last.x) <= ReadingTools.multiClickDistancePixels, abs(y - last.y) <= ReadingTools.multiClickDistancePixels {
            count = last.count % 3 + 1
        } else {
            count = 1
        }
        lastClick = (timeMilliseconds, x, y, count)
        showsHandles = false
        mouseDrag = MouseDrag(isSelecting: true)
        if extending, let anchor = selectionAnchor ?? selection?.start {
            selection = range(from: anchor, to: position, in: layout)
        } else {
            selectionUnit = count == 3 ? .paragraph : count == 2 ? .word : .character
            selectionAnchor = position
            selection = range(from: position, to: position, in: layout)
        }
        host.readingNeedsDisplay()
        return true
    }

    /// The pointer moved (button held or not).
    func mouseMoved(x: Double, y: Double) {
        lastPointer = (x, y)
        guard let layout = host.readingLayout else { return }
        let point = contentPoint(x: x, y: y)
        if mouseDrag != nil {
            extendSelection(toContentPoint: point, in: layout)
            return
        }
        if pressedLink != nil || pressedSummary != nil { return }
        let link = layout.hoveredLink(at: point)
        // A summary takes the hand, as GitHub's `summary { cursor: pointer }`.
        let isOnSummary = link == nil && layout.disclosures?.disclosureSummary(at: point) != nil
        host.setPointerLook(link != nil || isOnSummary ? .hand : layout.textPosition(at: point) != nil ? .text : .arrow)
        let newTooltip = link.map { ReadingOverlay.Tooltip(text: $0, x: x, y: y) }
        if newTooltip?.text != tooltip?.text {
            tooltip = newTooltip
            host.readingNeedsDisplay()
        }
    }

    /// The left button went up: a click on the link it pressed follows it, on the summary it
    /// pressed toggles it; a finished selection becomes the primary selection.
    func mouseReleased(x: Double, y: Double) {
        if let pressed = pressedSummary {
            pressedSummary = nil
            if let disclosures = host.readingLayout?.disclosures,
               disclosures.disclosureSummary(at: contentPoint(x: x, y: y))?.position == pressed.position {
                toggle(pressed, in: disclosures)
            }
            return
        }
        if let pressed = pressedLink {
            pressedLink = nil
            if let layout = host.readingLayout, layout.link(at: contentPoint(x: x, y: y)) == pressed {
                follow(destination: pressed.destination)
            }
            return
        }
        guard mouseDrag != nil else { return }
        mouseDrag = nil
        offerSelectionAsPrimary()
    }

    /// The content moved under a pointer that did not (a link followed, the wheel): the
    /// link it showed is no longer under it, until the pointer moves again.
    func contentMovedUnderPointer() {
        host.setPointerLook(.arrow)
        mouseLeft()
    }

    /// The pointer left the window: no hover tooltip stays behind.
    func mouseLeft() {
        if tooltip != nil {
            tooltip = nil
            host.readingNeedsDisplay()
        }
    }

    /// Where a selection is being dragged (the pointer with the button held, or the finger
    /// on a handle), in window coordinates; nil when none is.
    private var selectionDragPoint: (x: Double, y: Double)? {
        if mouseDrag != nil { return lastPointer }
        if let touch, case .selecting = touch.role { return (touch.x, touch.y) }
        return nil
    }

    /// How far (logical px, negative above) a selection drag reaches into the autoscroll zone
    /// at the pane's top or bottom edge; nil outside it.
    private var autoscrollDepth: Double? {
        guard let point = selectionDragPoint else { return nil }
        let rect = host.readingPaneRect, zone = ReadingTools.autoscrollZonePixels
        if point.y < rect.origin.y + zone { return -(rect.origin.y + zone - point.y) }
        if point.y > rect.origin.y + rect.size.height - zone { return point.y - (rect.origin.y + rect.size.height - zone) }
        return nil
    }

    var isAutoscrolling: Bool { autoscrollDepth != nil }

    /// Scrolls a selection drag (mouse or handle) held near an edge by `elapsedMilliseconds`
    /// worth, and extends the selection to what comes under the pointer or finger.
    func autoscroll(elapsedMilliseconds: Double) {
        guard let depth = autoscrollDepth, let point = selectionDragPoint, elapsedMilliseconds > 0,
              let layout = host.readingLayout else { return }
        let speed = ReadingTools.autoscrollMaximumSpeed * min(1, max(1.0 / 3, abs(depth) / ReadingTools.autoscrollZonePixels))
        let top = host.readingContentOffset.y / host.readingZoomScale
        host.scrollReading(toContentY: top + (depth < 0 ? -1 : 1) * speed * elapsedMilliseconds / host.readingZoomScale,
                           animated: false)
        extendSelection(toContentPoint: contentPoint(x: point.x, y: point.y), in: layout)
    }

    // MARK: Touch

    /// A finger went down on the document. Returns whether the tools took it (a selection
    /// handle); otherwise the engine gets it and the tools only watch for a long press.
    func touchDown(id: Int32, x: Double, y: Double, timeMilliseconds: Double) -> Bool {
        // A finger takes over from a reveal under way, as it catches any moving page.
        reveal = nil
        if isHelpShown { return false }
        if showsHandles, let layout = host.readingLayout, let selection,
           let end = handle(near: x, y, selection: selection, in: layout) {
            selectionAnchor = end ? selection.start : selection.end
            touch = TouchState(id: id, startX: x, startY: y, startMilliseconds: timeMilliseconds, x: x, y: y,
                               role: .selecting(movesEnd: end))
            return true
        }
        touch = TouchState(id: id, startX: x, startY: y, startMilliseconds: timeMilliseconds, x: x, y: y, role: .pending)
        return false
    }

    /// A finger moved. Returns whether it is the tools' (dragging a selection end).
    func touchMoved(id: Int32, x: Double, y: Double) -> Bool {
        guard var state = touch, state.id == id else { return false }
        state.x = x
        state.y = y
        switch state.role {
        case .pending:
            let distance = ((x - state.startX) * (x - state.startX) + (y - state.startY) * (y - state.startY)).squareRoot()
            // A drag that starts as a scroll stays a scroll.
            if distance > ReadingTools.longPressSlopPixels { state.role = .scrolling }
            touch = state
            return false
        case .scrolling:
            touch = state
            return false
        case .selecting:
            touch = state
            if let layout = host.readingLayout { extendSelection(toContentPoint: contentPoint(x: x, y: y), in: layout) }
            return true
        }
    }

    /// The long-press timer, armed at touch-down, fired: a finger still resting selects the
    /// word under it (or, on a link, shows where it goes). Returns whether it selected, so the
    /// engine's touch is cancelled.
    func longPressFired() -> Bool {
        guard var state = touch, case .pending = state.role, let layout = host.readingLayout else { return false }
        let point = contentPoint(x: state.x, y: state.y)
        if let link = layout.link(at: point) {
            tooltip = .init(text: link.destination, x: state.x, y: state.y)
            state.role = .scrolling
            touch = state
            host.readingNeedsDisplay()
            return false
        }
        guard let position = layout.textPosition(at: point), let word = layout.wordRange(at: position) else { return false }
        selection = word
        selectionAnchor = word.start
        selectionUnit = .character
        showsHandles = true
        state.role = .selecting(movesEnd: true)
        touch = state
        offerSelectionAsPrimary()
        host.readingNeedsDisplay()
        return true
    }

    /// A finger lifted. Returns whether it was the tools'.
    func touchUp(id: Int32) -> Bool {
        guard let state = touch, state.id == id else { return false }
        touch = nil
        if tooltip != nil, case .scrolling = state.role {
            tooltip = nil
            host.readingNeedsDisplay()
        }
        switch state.role {
        case .selecting:
            offerSelectionAsPrimary()
            return true
        case .scrolling:
            // A swipe in from the left edge goes back, and one in from the right edge forward,
            // as in a browser; where a sideways swipe turns the page, it only does that.
            let dx = state.x - state.startX, dy = abs(state.y - state.startY)
            let pane = host.readingPaneRect
            if !host.isReadingPaged, abs(dx) > ReadingTools.edgeSwipeDistancePixels, dy < abs(dx) / 2 {
                if dx > 0, state.startX - pane.origin.x < ReadingTools.edgeSwipeStartPixels {
                    _ = host.goBack()
                } else if dx < 0, pane.origin.x + pane.size.width - state.startX < ReadingTools.edgeSwipeStartPixels {
                    _ = host.goForward()
                }
            }
            return false
        case .pending:
            return false
        }
    }

    /// A swipe that starts this close to the left edge and travels this far right goes back,
    /// and the same from the right edge forward (the width of a thumb's edge contact, and a
    /// deliberate fifth of a phone's width).
    static let edgeSwipeStartPixels = 24.0
    static let edgeSwipeDistancePixels = 80.0

    /// The compositor took the touches: nothing the finger did stays pending.
    func touchesCancelled() {
        touch = nil
    }

    // MARK: Keys and the selection itself

    func selectAll() {
        selection = .all
        selectionAnchor = .start
        showsHandles = false
        offerSelectionAsPrimary()
        host.readingNeedsDisplay()
    }

    func copySelection() {
        guard let selection, !selection.isEmpty else { return }
        host.copy(selection, toClipboard: true, toPrimary: true)
    }

    func clearSelection() {
        guard selection != nil else { return }
        selection = nil
        selectionAnchor = nil
        showsHandles = false
        host.readingNeedsDisplay()
    }

    private func offerSelectionAsPrimary() {
        guard let selection, !selection.isEmpty else { return }
        host.copy(selection, toClipboard: false, toPrimary: true)
    }

    private func extendSelection(toContentPoint point: ContentPoint, in layout: any ReadableLayout) {
        guard let anchor = selectionAnchor, let position = layout.textPosition(at: point) else { return }
        let extended = range(from: anchor, to: position, in: layout)
        if extended != selection {
            selection = extended
            host.readingNeedsDisplay()
        }
    }

    /// The range from `anchor` to `position` in whole units of the current granularity.
    private func range(from anchor: TextPosition, to position: TextPosition, in layout: any ReadableLayout) -> TextRange {
        func unitRange(_ at: TextPosition) -> TextRange {
            switch selectionUnit {
            case .character: return TextRange(at, at)
            case .word: return layout.wordRange(at: at) ?? TextRange(at, at)
            case .paragraph: return layout.paragraphRange(at: at) ?? TextRange(at, at)
            }
        }
        let first = unitRange(anchor), second = unitRange(position)
        return TextRange(min(first.start, second.start), max(first.end, second.end))
    }

    /// Whether a finger at window point (`x`, `y`) takes a handle: true for the end's, false
    /// for the start's, nil for neither.
    private func handle(near x: Double, _ y: Double, selection: TextRange, in layout: any ReadableLayout) -> Bool? {
        let point = contentPoint(x: x, y: y), reach = ReadingTools.handleReachPixels / host.readingZoomScale
        func distance(_ caret: ContentRect?) -> Double {
            guard let caret else { return .infinity }
            let dy = max(caret.y - point.y, 0, point.y - caret.maxY)
            return max(abs(point.x - caret.x), dy)
        }
        let start = distance(layout.caretRect(at: selection.start))
        let end = distance(layout.caretRect(at: selection.end))
        guard min(start, end) <= reach else { return nil }
        return end <= start
    }
}
