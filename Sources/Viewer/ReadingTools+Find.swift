import DocumentKit
import Render

/// Find: a field over the document, searched as it is typed, every match highlighted and the
/// view gliding to the current one.
extension ReadingTools {
    /// Opens the find field (or focuses it again), searching from the reading position.
    func openFind() {
        isHelpShown = false
        if !isFindOpen {
            isFindOpen = true
            hasRecordedFindJump = false
            findOrigin = readingPosition
            if !query.isEmpty { startSearch() }
        }
        host.setWantsTextInput(true)
        host.readingNeedsDisplay()
    }

    /// Closes the field; the view stays where it is.
    func closeFind() {
        isFindOpen = false
        preedit = ""
        search?.cancel()
        host.setWantsTextInput(false)
        host.readingNeedsDisplay()
    }

    /// Types `text` at the end of the query (keys, or an input method's commit).
    func insert(_ text: String, deletingBefore before: Int = 0) {
        var utf8 = Array(query.utf8)
        utf8.removeLast(min(before, utf8.count))
        query = String(decoding: utf8, as: UTF8.self) + text
        preedit = ""
        queryChanged()
    }

    /// Deletes the last character of the query (Backspace).
    func deleteBackward() {
        guard !query.isEmpty else { return }
        query.removeLast()
        queryChanged()
    }

    func setPreedit(_ text: String) {
        guard preedit != text else { return }
        preedit = text
        host.readingNeedsDisplay()
    }

    private func queryChanged() {
        // Typing refines from where the reader was, not from the previous query's match.
        startSearch()
        host.readingNeedsDisplay()
    }

    private func startSearch() {
        search?.cancel()
        currentMatch = nil
        matchRectsCache = nil
        guard let layout = host.readingLayout, !query.isEmpty else {
            search = nil
            return
        }
        let search = layout.search(for: query)
        search.onUpdate = { [unowned self, unowned search] in matchesArrived(in: search) }
        self.search = search
    }

    /// Matches streamed in: the first at or after the origin becomes current at once (matches
    /// arrive in reading order, so it is the nearest below); when the search ends without one
    /// below, the first of the document is.
    private func matchesArrived(in search: DocumentSearch) {
        guard search === self.search else { return }
        if currentMatch == nil {
            if let index = search.index(ofFirstMatchAtOrAfter: findOrigin, wrapping: false) {
                select(match: index)
            } else if search.isComplete, search.count > 0 {
                select(match: 0)
            }
        }
        host.readingNeedsDisplay()
    }

    /// Goes to the next match (or with `backwards` the previous), wrapping around.
    func findNext(backwards: Bool = false) {
        if !isFindOpen { openFind() }
        guard let search, search.count > 0 else { return }
        let count = search.count
        let next = currentMatch.map { (($0 + (backwards ? -1 : 1)) % count + count) % count } ?? 0
        select(match: next)
    }

    private func select(match index: Int) {
        currentMatch = index
        guard let search, let layout = host.readingLayout else { return }
        let position = search.matches[index].start
        openDisclosures(hiding: position, in: layout)
        reveal(position, in: layout) { [self] in
            guard !hasRecordedFindJump else { return }
            hasRecordedFindJump = true
            host.recordJump()
        }
        host.readingNeedsDisplay()
    }

    /// Opens the closed `<details>` that hide `position` (and those around them), as a
    /// browser does for a match of find in page or a link's fragment; the text at the pane's
    /// top stays where it is.
    func openDisclosures(hiding position: TextPosition, in layout: any ReadableLayout) {
        guard let disclosures = layout.disclosures else { return }
        let top = visibleBand.lowerBound
        host.readingContentChanged(movingContentBy: disclosures.openDisclosures(hiding: position, keepingTextAt: top) - top)
    }

    /// Scrolls, animated, so `position` shows a third of the way down the pane (clear of the
    /// find field), unless it already shows comfortably.
    /// `beforeMoving` runs just before it scrolls (not when `position` shows already).
    func reveal(_ position: TextPosition, in layout: any ReadableLayout, always: Bool = false,
                beforeMoving: () -> Void = {}) {
        if let page = layout.pagedPage(of: position) {
            if page != host.readingPageShown { beforeMoving() }
            return host.turnReading(toPage: page)
        }
        let band = visibleBand, zoom = host.readingZoomScale
        guard let top = layout.lineTop(of: position, viewportTop: band.lowerBound) else { return }
        let field = ReadingOverlayGeometry.findFieldRect(windowWidth: host.readingPaneRect.size.width)
        let clearTop = band.lowerBound + (field.maxY + 8) / zoom, clearBottom = band.upperBound - 48 / zoom
        if !always, top >= clearTop, top <= clearBottom { return }
        beforeMoving()
        scroll(toShow: position, headroom: (band.upperBound - band.lowerBound) / 3, lineTop: top)
    }

    /// Scrolls, animated, so `position`'s line (whose top is `lineTop` now) ends up `headroom`
    /// content px below the pane's top, following the line if estimates before it change.
    func scroll(toShow position: TextPosition, headroom: Double, lineTop: Double) {
        let y = lineTop - headroom
        reveal = (position, headroom, y)
        host.scrollReading(toContentY: y, animated: true)
    }

    /// Re-aims a running reveal whose line moved (see `reveal`); ends it once the pane rests.
    func followReveal(isPaneMoving: Bool) {
        guard let current = reveal, let layout = host.readingLayout else { return }
        guard isPaneMoving else {
            reveal = nil
            return
        }
        guard let top = layout.lineTop(of: current.position, viewportTop: visibleBand.lowerBound) else { return }
        let y = top - current.headroom
        if abs(y - current.requestedY) > 0.5 {
            reveal = (current.position, current.headroom, y)
            host.scrollReading(toContentY: y, animated: true)
        }
    }

    /// The text position at the top of the reading pane (its left edge: a paged PDF's page
    /// shown), or the top section's start while its text is still being read.
    var readingPosition: TextPosition {
        guard let layout = host.readingLayout else { return .start }
        let pane = host.readingPaneRect
        return layout.textPosition(at: contentPoint(x: pane.origin.x, y: pane.origin.y))
            ?? TextPosition(section: layout.sections(meeting: visibleBand).lowerBound, block: 0, utf8Offset: 0)
    }

    var findStatus: String {
        ReadingOverlay.FindField.status(
            currentIndex: currentMatch, count: search?.count ?? 0, isComplete: search?.isComplete ?? true,
            isCapped: (search?.count ?? 0) >= DocumentSearch.maximumMatchCount, hasQuery: !query.isEmpty)
    }

    /// The highlights in `band`: every match, and the current one's.
    func matchRects(in layout: any ReadableLayout, band: ClosedRange<Double>) -> ([ContentRect], [ContentRect]) {
        guard let search, search.count > 0 else { return ([], []) }
        let key = MatchRectsKey(count: search.count, current: currentMatch, revision: layout.revision, band: band)
        if let cache = matchRectsCache, cache.key == key { return (cache.rects, cache.current) }
        var rects: [ContentRect] = []
        for index in search.indices(inSections: layout.sections(meeting: band)) {
            rects += layout.rects(of: search.matches[index], within: band)
        }
        let current = currentMatch.map { layout.rects(of: search.matches[$0], within: band) } ?? []
        matchRectsCache = (key, rects, current)
        return (rects, current)
    }
}
