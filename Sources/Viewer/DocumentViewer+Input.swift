import ScrollEngine

/// Input, in window coordinates with its timestamps: it only changes the engine (or a
/// claimed control) and marks the viewer; the next `frame(at:into:bufferID:)` shows it.
extension DocumentViewer {
    /// The left button (evdev `BTN_LEFT`): the one that clicks controls.
    static let leftButton: UInt32 = 0x110

    public func handle(_ input: ViewerInput) {
        advanceClock(to: input.timeMilliseconds)
        // The engine gets the event's own time, so one stamped behind what it has seen starts
        // its animation at the next frame instead of in the past. 0 is what senders without a
        // clock stamp (virtual keyboards such as wtype): no time at all.
        let time = input.timeMilliseconds == 0 ? Double.nan : input.timeMilliseconds
        let wasNeeded = needsFrame
        needsFrame = true
        guard !isTakenByViewer(input) else {
            // A window key becomes a request for the app; it changes nothing to draw.
            if case .key = input.event { needsFrame = wasNeeded }
            return
        }
        // Keys the viewer answers itself: the text size (Ctrl+0) and the outline's rows.
        if case .key(let name, let modifiers) = input.event, handleViewerKey(name, modifiers: modifiers) { return }
        // Taps are acted on once the scene has finished the frame: acting on one changes the
        // scene, which must not happen while the scene is still mutating itself.
        var taps: [(view: Int, tap: Tap)] = []
        let isUsed = scene.apply(input.event, timeMilliseconds: time) { view, tap in taps.append((view, tap)) }
        for (view, tap) in taps { handleTap(tap, inView: view) }
        switch input.event {
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
        case .pointerButton(DocumentViewer.leftButton, let isPressed):
            clickOutline(isPressed: isPressed, isUsed: isUsed)
        case .key:
            // A key nothing answers changes nothing to draw.
            if !isUsed { needsFrame = wasNeeded }
        default:
            break
        }
    }

    /// Whether a control or the window took `input` (a claimed touch or click, a window key),
    /// so the scene must not see it.
    private func isTakenByViewer(_ input: ViewerInput) -> Bool {
        switch input.event {
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
        case .pointerButton(DocumentViewer.leftButton, let isPressed):
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

    /// Whether `name` was a window key, which becomes a request: Escape closes what is
    /// transient (full screen) and otherwise does nothing; `q`, Ctrl+Q and Ctrl+W quit; F11.
    private func handleWindowKey(_ name: String, modifiers: InputModifiers) -> Bool {
        switch (name, modifiers) {
        case ("Escape", _):
            if isFullscreen { requests.append(.setFullscreen(false)) }
        case ("q", []), ("q", .control), ("Q", .control), ("w", .control), ("W", .control):
            requests.append(.quit)
        case ("F11", []):
            requests.append(.setFullscreen(!isFullscreen))
        default:
            return false
        }
        return true
    }

    /// Whether the viewer answered a key itself: Ctrl+0 on reflowing text (the default text
    /// size), or a row key while the outline has the keys.
    private func handleViewerKey(_ name: String, modifiers: InputModifiers) -> Bool {
        if name == "0", modifiers == .control, scene.focusedView == documentPane.view { return resetTextSize() }
        return handleOutlineKey(name, modifiers: modifiers)
    }
}
