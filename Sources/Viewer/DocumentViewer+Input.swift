import ScrollEngine

/// Input, in window coordinates with its timestamps: it only changes the engine (or a
/// claimed control) and marks the viewer; the next `frame(at:into:bufferID:)` shows it.
extension DocumentViewer {
    /// The left button (evdev `BTN_LEFT`): the one that clicks controls.
    static let leftButton: UInt32 = 0x110

    public func handle(_ input: ViewerInput) {
        advanceClock(to: input.timeMilliseconds)
        let time = timeMilliseconds
        let wasNeeded = needsFrame
        needsFrame = true
        guard !isTakenByViewer(input) else {
            // A window key becomes a request for the app; it changes nothing to draw.
            if case .key = input.event { needsFrame = wasNeeded }
            return
        }
        // Taps are acted on once the scene has finished the frame: acting on one changes the
        // scene, which must not happen while the scene is still mutating itself.
        var taps: [(view: Int, tap: Tap)] = []
        let isUsed = scene.apply(input.event, timeMilliseconds: time) { view, tap in taps.append((view, tap)) }
        for (view, tap) in taps { handleTap(tap, inView: view) }
        switch input.event {
        case .touchFrame:
            // Any touch reveals the window controls (after the hit test of its down, so a
            // first touch on a hidden control scrolls instead).
            lastTouchMilliseconds = time
        case .touchCancel:
            // Touch changes take effect at a frame; a cancel has none of its own.
            scene.apply(.touchFrame, timeMilliseconds: time)
        case .pointerButton(DocumentViewer.leftButton, let isPressed):
            // A press and release off the controls is a click, which may follow a link.
            guard let location = scene.pointerLocation else { break }
            if isPressed {
                pressLocation = location
            } else if let press = pressLocation {
                pressLocation = nil
                pointerClicked(from: press, to: location)
            }
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

    /// Whether `name` was a window key (quit, fullscreen), which becomes a request.
    private func handleWindowKey(_ name: String, modifiers: InputModifiers) -> Bool {
        switch (name, modifiers) {
        case ("Escape", _) where isFullscreen:
            requests.append(.setFullscreen(false))
        case ("Escape", _), ("q", []), ("q", .control), ("Q", .control):
            requests.append(.quit)
        case ("F11", []):
            requests.append(.setFullscreen(!isFullscreen))
        default:
            return false
        }
        return true
    }

    /// A tap on a heading of the outline pages the document to it; a tap on a PDF's link
    /// follows it.
    func handleTap(_ tap: Tap, inView view: Int) {
        if view == documentPane.view, tap.count == 1 {
            followLink(at: tap.location)
            return
        }
        guard let (pane, outline) = outlinePane, pane.view == view else { return }
        let list = scene[view]
        let y = (tap.location.y + list.contentOffset.y) / list.zoomScale
        guard let heading = outline.heading(atY: y) else { return }
        showOutlineHeading(heading, timeMilliseconds: timeMilliseconds)
    }
}
