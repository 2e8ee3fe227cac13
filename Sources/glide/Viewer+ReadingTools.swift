import Document
import Render
import ScrollEngine
import WaylandClient

/// The window's side of the reading tools: the reading pane (the last one: the document, or
/// its pages below the outline), the clipboard, text input, the pointer image, links that
/// open other documents, and the long-press timer.
extension Viewer: ReadingHost {
    var readingPane: Pane? { panes.last }

    var readingLayout: DocumentLayout? { readingPane?.layout as? DocumentLayout }

    var readingPaneRect: LogicalRect {
        readingPane.map { scene.rects[$0.view] } ?? LogicalRect(x: 0, y: 0, width: 0, height: 0)
    }

    var readingContentOffset: LogicalPoint {
        readingPane.map { scene[$0.view].contentOffset } ?? LogicalPoint(x: 0, y: 0)
    }

    var readingZoomScale: Double { readingPane.map { scene[$0.view].zoomScale } ?? 1 }

    var readingTimeMilliseconds: Double { timeMilliseconds }

    func scrollReading(toContentY y: Double, animated: Bool) {
        guard let pane = readingPane else { return }
        let zoom = scene[pane.view].zoomScale, offset = scene[pane.view].contentOffset
        // Within the content: an animation aimed past the end would rubber-band back.
        let maximum = max(0, scene[pane.view].contentSize.height * zoom - scene.rects[pane.view].size.height)
        let target = LogicalPoint(x: offset.x, y: min(max(0, y * zoom), maximum))
        if animated {
            // Started at the next frame callback: until the first callback the clock is only
            // what input said, and some input (wtype, sway's `seat cursor`) says 0, so an
            // animation started now could be over before its first frame.
            pendingReadingScroll = target
        } else {
            pendingReadingScroll = nil
            scene[pane.view].scroll(to: target, animated: false, timeMilliseconds: timeMilliseconds)
        }
        window.setNeedsDisplay()
    }

    func copy(_ range: TextRange, toClipboard: Bool, toPrimary: Bool) {
        guard let document = readingLayout?.document else { return }
        // The text is made on the writer's worker, at paste time: a whole 100 MB document is
        // never extracted on the frame loop.
        let source = UncheckedSendable(document)
        let text = SelectionText { source.value.text(in: range) }
        for seat in registry.seats where seat.copy(text, toClipboard: toClipboard, toPrimary: toPrimary) { return }
        DebugLog.write("nothing to copy to: no data device, or no input seen yet")
    }

    func openExternal(_ url: String) {
        LinkOpener.open(url)
    }

    func openDocument(atPath path: String, fragment: String?) -> Bool {
        guard let pane = readingPane, pane.layout is DocumentLayout else { return false }
        let document: Document
        do {
            document = try Document(contentsOfFile: path)
        } catch {
            DebugLog.write("link to '\(path)' not followed: \(error)")
            return false
        }
        guard document.kind == .text else { return false }
        documentHistory.append((documentPath, pane.layout, scene[pane.view].contentOffset))
        saveReadingPosition()
        let layout = document.makeLayout(palette: pane.layout.palette)
        show(layout, in: pane, offset: LogicalPoint(x: 0, y: 0))
        documentPath = path
        if let fragment, let newLayout = layout as? DocumentLayout,
           let heading = document.position(ofHeadingAnchor: fragment),
           let top = newLayout.lineTop(of: heading, viewportTop: 0) {
            scrollReading(toContentY: top - 16, animated: false)
        }
        return true
    }

    func goBack() -> Bool {
        guard let pane = readingPane, let previous = documentHistory.popLast() else { return false }
        saveReadingPosition()
        show(previous.layout, in: pane, offset: previous.offset)
        documentPath = previous.path
        return true
    }

    /// Puts `layout` in `pane` at `offset`, with fresh tiles and the reading tools reset.
    private func show(_ layout: any ContentLayout, in pane: Pane, offset: LogicalPoint) {
        readingTools.reset()
        pane.layout = layout
        pane.renderer = FrameRenderer()
        pane.bufferContents.removeAll()
        let rect = scene.rects[pane.view]
        layout.setViewportSize(width: rect.size.width, height: rect.size.height)
        let zoom = scene[pane.view].zoomScale
        _ = layout.prepare(ContentRect(x: 0, y: offset.y / zoom, width: rect.size.width, height: rect.size.height),
                           margin: rect.size.height)
        let size = layout.contentSize
        scene[pane.view].setContentSize(LogicalSize(width: size.width, height: max(size.height, rect.size.height)),
                                        timeMilliseconds: timeMilliseconds)
        scene[pane.view].scroll(to: offset, animated: false, timeMilliseconds: timeMilliseconds)
        window.setNeedsDisplay()
    }

    func setWantsTextInput(_ wants: Bool) {
        for seat in registry.seats { seat.textInput?.wantsInput = wants }
    }

    func setPointerLook(_ look: PointerLook) {
        let shape: CursorShape
        switch look {
        case .arrow: shape = .arrow
        case .hand: shape = .hand
        case .text: shape = .text
        }
        for seat in registry.seats { seat.cursorShape = shape }
    }

    func readingNeedsDisplay() {
        window.setNeedsDisplay()
    }

    func log(_ message: String) {
        DebugLog.write(message)
    }

    /// Listens to a seat's input, and to its text input for the find field.
    func attach(_ seat: Seat) {
        seat.delegate = self
        seat.textInput?.onEvent = { [unowned self] event in
            guard readingTools.isFindOpen else { return }
            switch event {
            case .commit(let text, let before, _): readingTools.insert(text, deletingBefore: before)
            case .preedit(let text): readingTools.setPreedit(text)
            }
        }
    }

    /// What the reading tools draw this frame.
    var readingOverlay: ReadingOverlay {
        readingTools.overlay(findButtonOpacity: findButtonOpacity)
    }

    /// The touch find button shows and fades with any touch, as the window controls do (with
    /// or without client-side decorations: a touchscreen user has no other way to find).
    var findButtonOpacity: Double {
        guard readingLayout != nil else { return 0 }
        return windowControls.opacity(elapsedMilliseconds: timeMilliseconds - lastTouchMilliseconds)
    }

    /// Whether a touch-down lands on the visible find button (opening find).
    func handleFindButtonTouch(x: Double, y: Double) -> Bool {
        guard findButtonOpacity > 0, !readingTools.isFindOpen,
              ReadingOverlayGeometry.isOnFindButton(x: x, y: y, windowWidth: Double(window.width)) else { return false }
        readingTools.openFind()
        return true
    }

    func longPressTimerFired() {
        guard longPressTimer.takeExpiry(), readingTools.longPressFired() else { return }
        // The finger is the selection's now: the engine forgets it (no fling, no tap).
        scene.touchCancel(timeMilliseconds: timeMilliseconds)
        scene.touchFrame()
        window.setNeedsDisplay()
    }

    /// Starts a pending animated scroll at a frame callback's time, and scrolls a mouse
    /// selection held near an edge by the time since the last frame.
    func advanceReadingTools(atFrameCallback isCallback: Bool) {
        defer { lastDrawMilliseconds = timeMilliseconds }
        if let pane = readingPane {
            readingTools.followReveal(isPaneMoving: pendingReadingScroll != nil || scene[pane.view].frame.needsFrames)
        }
        if isCallback, let target = pendingReadingScroll, let pane = readingPane {
            pendingReadingScroll = nil
            scene[pane.view].scroll(to: target, animated: true, timeMilliseconds: timeMilliseconds)
        }
        guard readingTools.isAutoscrolling, let last = lastDrawMilliseconds else { return }
        // A frame after a pause scrolls one frame's worth, not the whole pause's.
        readingTools.autoscroll(elapsedMilliseconds: min(timeMilliseconds - last, 50))
    }
}

/// A value handed to a worker that only reads it (see `UncheckedDocument`).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
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
    }
}
