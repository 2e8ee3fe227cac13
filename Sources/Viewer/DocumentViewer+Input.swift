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
        switch input.event {
        case .touchDown(let id, let location, let serial):
            guard !claimControl(id, at: location, serial: serial) else { break }
            scene.touchDown(id: id, at: location, timeMilliseconds: time)
        case .touchMotion(let id, let location):
            guard !moveClaim(id, to: location) else { break }
            scene.touchMotion(id: id, to: location, timeMilliseconds: time)
        case .touchUp(let id):
            guard !releaseClaim(id) else { break }
            scene.touchUp(id: id, timeMilliseconds: time)
        case .touchFrame:
            // Taps are acted on once the scene has finished the frame: acting on one changes
            // the scene, which must not happen while the scene is still mutating itself.
            var taps: [(view: Int, tap: Tap)] = []
            scene.touchFrame { view, tap in taps.append((view, tap)) }
            for (view, tap) in taps { handleTap(tap, inView: view) }
            // Any touch reveals the window controls (after the hit test of its down, so a
            // first touch on a hidden control scrolls instead).
            lastTouchMilliseconds = time
        case .touchCancel:
            claims.removeAll()
            scene.touchCancel(timeMilliseconds: time)
            // Touch changes take effect at a frame; a cancel has none of its own.
            scene.touchFrame()
        case .pointerMotion(let location):
            pointerLocation = location
            if !moveClaim(ControlClaims.pointerKey, to: location) {
                scene.pointerMotion(to: location, timeMilliseconds: time)
            }
        case .pointerLeave:
            scene.pointerLeave(timeMilliseconds: time)
        case .pointerButton(let button, let isPressed):
            let key = ControlClaims.pointerKey
            let isControl = button == DocumentViewer.leftButton
                && (isPressed ? claimControl(key, at: pointerLocation, serial: 0) : releaseClaim(key))
            if !isControl { _ = scene.pointerButton(button, isPressed: isPressed, timeMilliseconds: time) }
        case .pointerAxis(let source, let delta, let value120, let modifiers):
            scene.pointerAxis(source: source, delta: delta, value120: value120, modifiers: modifiers, timeMilliseconds: time)
        case .pointerAxisStop(let horizontal, let vertical):
            scene.pointerAxisStop(horizontal: horizontal, vertical: vertical, timeMilliseconds: time)
        case .pinchBegin:
            // A touchpad pinch zooms about the pointer.
            scene.pinchBegin(at: pointerLocation, timeMilliseconds: time)
        case .pinchUpdate(let scale):
            scene.pinchUpdate(scale: scale, timeMilliseconds: time)
        case .pinchEnd(let isCancelled):
            scene.pinchEnd(isCancelled: isCancelled, timeMilliseconds: time)
        case .holdBegin:
            scene.holdBegin(timeMilliseconds: time)
        case .holdEnd(let isCancelled):
            scene.holdEnd(isCancelled: isCancelled, timeMilliseconds: time)
        case .key(let name, let modifiers):
            // A key nothing answers changes nothing to draw.
            if !handleKey(name, modifiers: modifiers) { needsFrame = wasNeeded }
        }
    }

    /// Whether the scene moved for a key; window keys become requests.
    private func handleKey(_ name: String, modifiers: InputModifiers) -> Bool {
        switch (name, modifiers) {
        case ("Escape", _) where isFullscreen:
            requests.append(.setFullscreen(false))
        case ("Escape", _), ("q", []), ("q", .control), ("Q", .control):
            requests.append(.quit)
        case ("F11", []):
            requests.append(.setFullscreen(!isFullscreen))
        default:
            return scene.key(name, modifiers: modifiers, timeMilliseconds: timeMilliseconds)
        }
        return false
    }

    /// A tap on a heading of the outline pages the document to it.
    func handleTap(_ tap: Tap, inView view: Int) {
        guard let (pane, outline) = outlinePane, pane.view == view else { return }
        let list = scene[view]
        let y = (tap.location.y + list.contentOffset.y) / list.zoomScale
        guard let heading = outline.heading(atY: y) else { return }
        scene[documentPane.view].scrollToPage(outline.page(ofHeading: heading), timeMilliseconds: timeMilliseconds)
    }
}
