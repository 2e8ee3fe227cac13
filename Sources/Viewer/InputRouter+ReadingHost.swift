import DocumentKit
import Render
import ScrollEngine

/// The viewer's side of the reading tools: the reading pane (the document pane), links that
/// open other documents and come back, and the desktop services the tools ask for, which
/// become `ViewerRequest`s for the app.
extension InputRouter: ReadingHost {
    /// How long a finger rests before a long press (see `wantsLongPressTimer`).
    static let longPressMilliseconds = ReadingTools.longPressMilliseconds

    var readingLayout: (any ReadableLayout)? { document.readableText }

    /// Follows a link of the document to `destination` as a tap on it does (a screen
    /// reader's action): a heading scrolls there, a document opens, a web or mail address goes
    /// to the desktop. False when the link is refused or leads nowhere.
    func followLink(to destination: String) -> Bool {
        readingTools.follow(destination: destination)
    }

    /// The reader's selection (mouse, touch, Ctrl+A), if any.
    var selection: TextRange? { readingTools.selection }

    var readingPaneRect: LogicalRect { scene.rects[documentPane.view] }

    var readingContentOffset: LogicalPoint { scene[documentPane.view].contentOffset }

    var readingZoomScale: Double { scene[documentPane.view].zoomScale }

    var isReadingPaged: Bool { scene[documentPane.view].isPagingEnabled }

    func scrollReading(toContentY y: Double, animated: Bool) {
        navigation.forgetNavigationTarget()
        let view = documentPane.view
        let zoom = scene[view].zoomScale, offset = scene[view].contentOffset
        // Within the content: an animation aimed past the end would rubber-band back.
        let maximum = max(0, scene[view].contentSize.height * zoom - scene.rects[view].size.height)
        let target = LogicalPoint(x: offset.x, y: min(max(0, y * zoom), maximum))
        if animated {
            // Started at the next frame callback: until the first callback the clock is only
            // what input said, and some input (wtype, sway's `seat cursor`) says 0, so an
            // animation started now could be over before its first frame.
            readingMotion.pendingScroll = target
        } else {
            readingMotion.pendingScroll = nil
            scene[view].scroll(to: target, animated: false, timeMilliseconds: timeMilliseconds)
        }
        needsFrame = true
    }

    func readingContentChanged(movingContentBy dy: Double) {
        let view = documentPane.view
        let shift = LogicalPoint(x: 0, y: dy * scene[view].zoomScale)
        // Grown first when it grew, so the shift is not clamped to the old size; moved first
        // when it shrank, so the new size does not clamp what is about to move.
        if dy < 0 { scene[view].shiftContent(by: shift, timeMilliseconds: timeMilliseconds) }
        state.updateContentSize(of: documentPane, to: documentPane.layout.contentSize)
        if dy > 0 { scene[view].shiftContent(by: shift, timeMilliseconds: timeMilliseconds) }
        needsFrame = true
    }

    var readingPageShown: Int { scene[documentPane.view].frame.pageControl.currentPage }

    func turnReading(toPage page: Int) {
        navigation.forgetNavigationTarget()
        scene[documentPane.view].scrollToPage(page, timeMilliseconds: timeMilliseconds)
        needsFrame = true
    }

    func copy(_ range: TextRange, toClipboard: Bool, toPrimary: Bool) {
        requests.append(.copy(range, toClipboard: toClipboard, toPrimary: toPrimary))
    }

    func openExternal(_ url: String) {
        requests.append(.openURL(url))
    }

    func openDocument(atPath path: String, fragment: String?) -> Bool {
        navigation.openLinkedDocument(atPath: path) { [weak self] text in
            guard let self else { return }
            readingTools.reset()
            guard let fragment else { return }
            let jump = navigation.startPendingJump()
            text.findAnchor(fragment) { [weak self] heading in
                // Not when the reader has scrolled the new document meanwhile.
                guard let self, let heading, readingLayout === text, navigation.takePendingJump(jump) else { return }
                readingTools.openDisclosures(hiding: heading, in: text)
                guard let top = text.lineTop(of: heading, viewportTop: 0) else { return }
                scrollReading(toContentY: top - 16, animated: false)
            }
        }
    }

    func goBack() -> Bool {
        overview.close()
        return moveThroughHistory(navigation.goBack)
    }

    func goForward() -> Bool {
        overview.close()
        return moveThroughHistory(navigation.goForward)
    }

    func recordJump() {
        navigation.recordJump()
    }

    func startPendingJump() -> Int {
        navigation.startPendingJump()
    }

    func takePendingJump(_ jump: Int) -> Bool {
        navigation.takePendingJump(jump)
    }

    /// Goes back or forward (`move`): what the tools were scrolling to is given up, and all
    /// they showed when another document is shown.
    private func moveThroughHistory(_ move: () -> Bool) -> Bool {
        let shown = document
        guard move() else { return false }
        readingMotion.pendingScroll = nil
        readingTools.reveal = nil
        if document !== shown { readingTools.reset() }
        needsFrame = true
        return true
    }

    func setWantsTextInput(_ wants: Bool) {
        requests.append(.setTextInput(wants))
    }

    func setPointerLook(_ look: PointerLook) {
        guard look != pointerLook else { return }
        pointerLook = look
        requests.append(.setPointerLook(look))
    }

    func readingNeedsDisplay() {
        needsFrame = true
    }

    func log(_ message: String) {
        requests.append(.diagnostic(message))
    }

    /// What the find field says ("3 of 27"; empty with no query).
    var findStatus: String { readingTools.findStatus }

    /// What the reading tools draw this frame.
    var readingOverlay: ReadingOverlay {
        var overlay = readingTools.overlay(findButtonOpacity: findButtonOpacity,
                                           isPaneAtRest: !scene[documentPane.view].frame.needsFrames && readingMotion.pendingScroll == nil)
        overlay.pageEntry = pageEntryOverlay
        return overlay
    }

    /// The touch find button sits beside the window controls (client-side decorations, as on
    /// GNOME), appearing and fading with them after any touch.
    var findButtonOpacity: Double {
        readingLayout != nil ? windowControlsOpacity : 0
    }

    /// Whether the reading tools need frames without input (a pending or followed scroll, a
    /// selection autoscrolling).
    var readingToolsAnimate: Bool {
        readingTools.needsFrames || readingMotion.pendingScroll != nil
    }

    /// Whether a touch-down lands on the visible find button (opening find).
    func handleFindButtonTouch(at location: LogicalPoint) -> Bool {
        guard findButtonOpacity > 0, !readingTools.isFindOpen,
              ReadingOverlayGeometry.isOnFindButton(x: location.x, y: location.y, windowWidth: windowSize.width)
        else { return false }
        closePageEntry()
        readingTools.openFind()
        return true
    }

    /// Whether a window point is on the open find field or go-to-page entry (a click there
    /// keeps the focus).
    func isOnFindField(_ point: LogicalPoint) -> Bool {
        guard readingTools.isFindOpen || pageEntry != nil else { return false }
        let field = ReadingOverlayGeometry.findFieldRect(windowWidth: readingPaneRect.size.width)
        let origin = readingPaneRect.origin
        return field.containsIncludingEdges(ContentPoint(x: point.x - origin.x, y: point.y - origin.y))
    }

    /// At a frame, before the engine advances: starts a pending animated scroll at a frame
    /// callback's time, re-aims a reveal whose line moved, and scrolls a mouse selection held
    /// near an edge by the time since the last frame.
    func advanceReadingTools(atFrameCallback isCallback: Bool) {
        defer { readingMotion.lastFrameMilliseconds = timeMilliseconds }
        let view = documentPane.view
        readingTools.followReveal(isPaneMoving: readingMotion.pendingScroll != nil || scene[view].frame.needsFrames)
        if isCallback, let target = readingMotion.pendingScroll {
            readingMotion.pendingScroll = nil
            scene[view].scroll(to: target, animated: true, timeMilliseconds: timeMilliseconds)
        }
        guard readingTools.isAutoscrolling, let last = readingMotion.lastFrameMilliseconds else { return }
        // A frame after a pause scrolls one frame's worth, not the whole pause's.
        readingTools.autoscroll(elapsedMilliseconds: min(timeMilliseconds - last, 50))
    }
}

extension ReadingTools {
    /// Forgets find, the selection and help: a new document is shown.
    func reset() {
        if isFindOpen { closeFind() }
        query = ""
        search = nil
        currentMatch = nil
        selection = nil
        selectionAnchor = nil
        showsHandles = false
        isHelpShown = false
        tooltip = nil
        touch = nil
        mouseDrag = nil
        pressedLink = nil
        pressedSummary = nil
        reveal = nil
    }
}
