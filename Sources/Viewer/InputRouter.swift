import DocumentKit
import Render
import ScrollEngine

/// Where input goes: typed, timestamped input in window coordinates is handed to a claimed
/// control, the reading tools (find, selection, links, help), the outline's rows or the
/// scene, in that order; it only changes the engine and marks the viewer, and the next frame
/// shows it. Every input arrives through `handle(_:)`, text from an input method included.
final class InputRouter: ViewerPart {
    unowned let state: ViewerState
    unowned let navigation: Navigation
    /// Touch controls to move and close the window, shown only with client-side decorations.
    let windowControls = WindowControls()
    /// When a finger last touched the window: the one fade clock of the window's overlays.
    var lastTouchMilliseconds = -Double.infinity
    /// Touches and clicks that landed on a control: they are the control's, not the engine's.
    var claims = ControlClaims()
    /// Where the left button went down, for a click on a link or an outline row.
    var buttonPresses = ButtonPresses()
    /// The pointer image last asked for.
    var pointerLook = PointerLook.arrow
    /// Whether a finger rests on the document that may become a long press (see
    /// `DocumentViewer.wantsLongPressTimer`).
    var wantsLongPressTimer = false
    /// The finger down on a list of entries that may become a long press, and where it went
    /// down in the window (InputRouter+Entries.swift).
    var entryTouch: (id: Int, location: LogicalPoint)?
    /// Find, selection, links and help (InputRouter+ReadingHost.swift).
    lazy var readingTools = ReadingTools(host: self)
    /// The reading tools' scrolls: one asked for, and the selection's autoscroll.
    var readingMotion = ReadingMotion()
    /// The go-to-page entry, while it is open (InputRouter+PageEntry.swift).
    var pageEntry: PageEntry?
    /// A two-finger turn of the pages, and its landing (InputRouter+PageTurn.swift).
    var pageTurn = PageTurn()
    /// The grid of the pages' thumbnails in place of the document (PageOverviewMode.swift).
    lazy var overview = PageOverviewMode(state: state, navigation: navigation)

    init(state: ViewerState, navigation: Navigation) {
        self.state = state
        self.navigation = navigation
    }

    /// The pointer's position in the window, as the scene keeps it (the one record of it).
    var pointerLocation: LogicalPoint? { scene.pointerLocation }

    /// How visible the window controls are now: 0 when the window does not show them.
    var windowControlsOpacity: Double {
        guard state.showsWindowControls else { return 0 }
        return windowControls.opacity(elapsedMilliseconds: timeMilliseconds - lastTouchMilliseconds)
    }

    /// The left button (evdev `BTN_LEFT`): the one that clicks controls.
    static let leftButton: UInt32 = 0x110
    /// The mouse's thumb buttons (evdev `BTN_SIDE` and `BTN_EXTRA`), back and forward: what
    /// Qt's Wayland backend calls `BackButton` and `ForwardButton` (qwaylandinputdevice.cpp).
    static let backButton: UInt32 = 0x113
    static let forwardButton: UInt32 = 0x114

    func handle(_ input: ViewerInput) {
        advanceClock(to: input.timeMilliseconds)
        let event: SceneInput
        switch input.event {
        case .scene(let scene): event = scene
        case .textCommitted(let text, let deleteBefore): return inputMethodCommitted(text, deletingBefore: deleteBefore)
        case .textComposing(let text): return inputMethodPreedit(text)
        }
        // The engine gets the event's own time, so one stamped behind what it has seen starts
        // its animation at the next frame instead of in the past. 0 is what senders without a
        // clock stamp (virtual keyboards such as wtype): no time at all.
        let time = input.timeMilliseconds == 0 ? Double.nan : input.timeMilliseconds
        // A failure's notice has been read once the reader does something (it marks a frame).
        switch event {
        case .touchDown, .key, .pointerButton(_, isPressed: true): navigation.dismissFailure()
        default: break
        }
        let wasNeeded = needsFrame
        needsFrame = true
        // Every lift reaches the two-finger turn, even one a control or the reading tools take,
        // so no finger stays down in its table.
        notePageTurnLift(event)
        // The go-to-page entry and the reading tools see keys first: Escape closes them before
        // it quits.
        if case .key(let name, let modifiers) = event, handlePageEntryKey(name, modifiers: modifiers, text: input.text)
            || readingTools.key(name, shift: modifiers.contains(.shift), control: modifiers.contains(.control),
                                alt: modifiers.contains(.alt), text: input.text) { return }
        // Then the overview: F9, and Escape once find and help are closed.
        if case .key(let name, let modifiers) = event, overview.key(name, modifiers: modifiers) { return }
        guard !isTakenByViewer(input, event), !isTakenByReadingTools(event) else {
            // A window key becomes a request for the app; it changes nothing to draw.
            if case .key = event { needsFrame = wasNeeded }
            return
        }
        // Keys the viewer answers itself: the text size (Ctrl+0) and the outline's rows.
        if case .key(let name, let modifiers) = event, handleViewerKey(name, modifiers: modifiers) { return }
        switch event {
        case .touchDown, .pointerAxis, .pinchBegin, .holdBegin, .pointerButton(_, isPressed: true):
            navigation.forgetNavigationTarget()
        default: break
        }
        if isTakenByPageTurn(event) { return }
        // Taps are acted on once the scene has finished the frame: acting on one changes the
        // scene, which must not happen while the scene is still mutating itself.
        var taps: [(view: Int, tap: Tap)] = []
        let isUsed = overview.watchPinch { scene.apply(event, timeMilliseconds: time) { view, tap in taps.append((view, tap)) } }
        for (view, tap) in taps { handleTap(tap, inView: view) }
        readingToolsFollow(input, event, sceneUsedIt: isUsed)
        switch event {
        case .touchFrame:
            // Any touch reveals the window controls (after the hit test of its down, so a
            // first touch on a hidden control scrolls instead).
            lastTouchMilliseconds = timeMilliseconds
        case .touchCancel:
            // Touch changes take effect at a frame; a cancel has none of its own.
            scene.apply(.touchFrame, timeMilliseconds: time)
        case .pointerMotion(let location):
            hoverOutline(at: location)
        case .pointerLeave:
            hoverOutline(at: nil)
        case .pointerButton(InputRouter.leftButton, let isPressed):
            clickOutline(isPressed: isPressed, isUsed: isUsed)
            // A press and release off the controls is a click, which may follow a PDF's link.
            guard let location = scene.pointerLocation else { break }
            if isPressed {
                buttonPresses.document = location
            } else if let press = buttonPresses.document {
                buttonPresses.document = nil
                if !overview.click(from: press, to: location) { navigation.pointerClicked(from: press, to: location) }
            }
        case .pointerButton(InputRouter.rightButton, true):
            if !offerEntryActions(atWindow: scene.pointerLocation) { needsFrame = wasNeeded }
        case .pointerButton(InputRouter.backButton, true):
            // On the press: a thumb button is never dragged, so its release would only delay it.
            if !goBack() { needsFrame = wasNeeded }
        case .pointerButton(InputRouter.forwardButton, true):
            if !goForward() { needsFrame = wasNeeded }
        case .key:
            // A key nothing answers changes nothing to draw; one that scrolls takes over.
            if isUsed { navigation.forgetNavigationTarget() } else { needsFrame = wasNeeded }
        default:
            break
        }
    }

    /// Whether a control or the window took `input` (a claimed touch or click, a window key),
    /// so the scene must not see it.
    private func isTakenByViewer(_ input: ViewerInput, _ event: SceneInput) -> Bool {
        switch event {
        case .touchDown(let id, let location):
            return claimControl(id, at: location, serial: input.serial)
        case .touchMotion(let id, let location):
            return moveClaim(id, to: location)
        case .touchUp(let id):
            return releaseClaim(id)
        case .touchCancel:
            claims.removeAll()
        case .pointerMotion(let location):
            return moveClaim(ControlClaims.pointerKey, to: location)
        case .pointerButton(InputRouter.leftButton, let isPressed):
            let key = ControlClaims.pointerKey
            guard isPressed else { return releaseClaim(key) }
            return scene.pointerLocation.map { claimControl(key, at: $0, serial: input.serial) } ?? false
        case .key(let name, let modifiers):
            return handleWindowKey(name, modifiers: modifiers)
        default:
            break
        }
        return false
    }

    /// Whether the reading tools took `input` from the scene: a touch on the find button or a
    /// selection handle and the finger's later motion, a touch that a long press made a
    /// selection's.
    private func isTakenByReadingTools(_ event: SceneInput) -> Bool {
        switch event {
        case .touchDown(let id, let location):
            return handleFindButtonTouch(at: location)
                || readingTools.touchDown(id: Int32(id), x: location.x, y: location.y, timeMilliseconds: timeMilliseconds)
        case .touchMotion(let id, let location):
            return readingTools.touchMoved(id: Int32(id), x: location.x, y: location.y)
        case .touchUp(let id):
            wantsLongPressTimer = false
            return readingTools.touchUp(id: Int32(id))
        case .touchCancel:
            wantsLongPressTimer = false
            readingTools.touchesCancelled()
        default:
            break
        }
        return false
    }

    /// What the reading tools do with input the scene had first: watch a finger for a long
    /// press, hover links, select with a left button the scroll bar did not take.
    private func readingToolsFollow(_ input: ViewerInput, _ event: SceneInput, sceneUsedIt isUsed: Bool) {
        switch event {
        case .touchDown(let id, let location):
            wantsLongPressTimer = noteEntryTouch(id, at: location) || readingTools.isTouchPending
        case .touchMotion(let id, let location):
            if !readingTools.isTouchPending, !isEntryTouchStill(id, at: location) { wantsLongPressTimer = false }
        case .pointerMotion(let location):
            readingTools.mouseMoved(x: location.x, y: location.y)
        case .pointerLeave:
            readingTools.mouseLeft()
        case .pointerAxis:
            readingTools.contentMovedUnderPointer()
        case .pointerButton(InputRouter.leftButton, let isPressed) where !isUsed:
            guard let location = scene.pointerLocation else { return }
            if !isPressed {
                readingTools.mouseReleased(x: location.x, y: location.y)
            } else if readingTools.isHelpShown {
                readingTools.toggleHelp()
            } else if !isOnFindField(location) {
                _ = readingTools.mousePressed(x: location.x, y: location.y, extending: input.heldModifiers.contains(.shift),
                                              timeMilliseconds: timeMilliseconds)
            }
        default:
            break
        }
    }

    /// An on-screen keyboard or input method typed `text` after deleting `deleteBefore` bytes
    /// before the cursor (`zwp_text_input_v3.commit_string`): it goes to the go-to-page entry
    /// or the find field, whichever is open.
    private func inputMethodCommitted(_ text: String, deletingBefore deleteBefore: Int) {
        guard !pageEntryCommitted(text, deletingBefore: deleteBefore), readingTools.isFindOpen else { return }
        readingTools.insert(text, deletingBefore: deleteBefore)
        needsFrame = true
    }

    /// Text an input method is composing (empty when it ends), shown in the find field.
    private func inputMethodPreedit(_ text: String) {
        guard !pageEntryComposing(text), readingTools.isFindOpen else { return }
        readingTools.setPreedit(text)
        needsFrame = true
    }

    /// The long-press timer the app ran while `wantsLongPressTimer` fired: a finger still
    /// resting selects the word under it, and the scene forgets the finger (no fling, no tap).
    func longPressTimerFired() {
        wantsLongPressTimer = false
        guard offerEntryActionsAtTouch() || readingTools.longPressFired() else { return }
        scene.apply(.touchCancel, timeMilliseconds: timeMilliseconds)
        scene.apply(.touchFrame, timeMilliseconds: timeMilliseconds)
        forgetPageTurnFingers()
        needsFrame = true
    }

    /// Whether `name` was a window key, which becomes a request: Escape closes what is
    /// transient (full screen) and otherwise does nothing; `q`, Ctrl+Q and Ctrl+W quit; F11;
    /// Ctrl+P prints; Ctrl+O opens.
    private func handleWindowKey(_ name: String, modifiers: InputModifiers) -> Bool {
        switch (name, modifiers) {
        case ("Escape", _):
            if state.isFullscreen { requests.append(.setFullscreen(false)) }
        case ("q", []), ("q", .control), ("Q", .control), ("w", .control), ("W", .control):
            requests.append(.quit)
        case ("F11", []):
            requests.append(.setFullscreen(!state.isFullscreen))
        case ("p", .control), ("P", .control):
            requests.append(.print)
        case ("o", .control), ("O", .control):
            requests.append(.openFile)
        default:
            return false
        }
        return true
    }

    /// A tap on the document goes to the reading tools (links, help, clearing a selection),
    /// then to a PDF's links; a tap on a row of the outline pages the document to its heading.
    func handleTap(_ tap: Tap, inView view: Int) {
        let origin = scene.rects[view].origin
        let point = LogicalPoint(x: tap.location.x + origin.x, y: tap.location.y + origin.y)
        if view == documentPane.view {
            if overview.tap(at: tap.location) { return }
            if !scene[view].zoomsOnDoubleTap {
                if tap.count == 2, state.doubleTapZoom(at: tap.location) { return }
                state.prepareDoubleTap(at: tap.location)
            }
            // A PDF's link is followed even with a selection shown, as a text link is.
            if tap.count == 1, !readingTools.isHelpShown, navigation.followLink(at: tap.location) {
                readingTools.clearSelection()
                return
            }
            _ = readingTools.tap(x: point.x, y: point.y)
            return
        }
        guard let (pane, _) = outlinePane, pane.view == view, let heading = outlineHeading(at: point) else { return }
        openHeading(heading)
    }

    /// Whether the viewer answered a key itself: Ctrl+0 on reflowing text (the default text
    /// size) or on pages (the automatic fit), `w` and `f` on pages (fit width, fit page),
    /// Ctrl+Left and Ctrl+Right on pages (a quarter turn), Ctrl+I (night pages), `d` and
    /// Shift+D on pages (spreads, the cover alone), a row key
    /// while the outline has the keys, or a key that moves between a list's entries (the home,
    /// the folder view). Letters reach here only when no entry (find, go to page) is open.
    private func handleViewerKey(_ name: String, modifiers: InputModifiers) -> Bool {
        if name == "0", modifiers == .control, scene.focusedView == documentPane.view {
            return state.resetTextSize() || state.choosePageFit(.automatic)
        }
        if name == "w" || name == "f", modifiers.isEmpty, scene.focusedView == documentPane.view, !overview.isOpen {
            return state.choosePageFit(name == "w" ? .width : .page)
        }
        if name == "Left" || name == "Right", modifiers == .control, scene.focusedView == documentPane.view {
            return state.rotatePages(byQuarterTurns: name == "Right" ? 1 : -1)
        }
        if name == "i" || name == "I", modifiers == .control {
            state.toggleNightPages()
            return true
        }
        if scene.focusedView == documentPane.view {
            switch (name, modifiers) {
            case ("d", []): return state.toggleSpreads()
            case ("D", .shift), ("d", .shift): return state.toggleSpreadCover()
            default: break
            }
        }
        return handleOutlineKey(name, modifiers: modifiers) || handleEntryKey(name, modifiers: modifiers)
    }
}

/// Where the left button went down, kept until it comes up: a press and a release close
/// together are a click.
struct ButtonPresses {
    /// Off the controls, for a click on a link.
    var document: LogicalPoint?
    /// On the outline, for a click on a row.
    var outline: LogicalPoint?
}

/// The scrolls the reading tools cause.
struct ReadingMotion {
    /// An animated scroll the reading tools asked for, started at the next frame callback.
    var pendingScroll: LogicalPoint?
    /// The time of the last frame, for the selection's autoscroll.
    var lastFrameMilliseconds: Double?
}
