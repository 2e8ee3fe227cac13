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
            lastTouchMilliseconds = timeMilliseconds
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
            hoverOutline(at: location)
        case .pointerLeave:
            scene.pointerLeave(timeMilliseconds: time)
            hoverOutline(at: nil)
        case .pointerButton(let button, let isPressed):
            let key = ControlClaims.pointerKey
            let isControl = button == DocumentViewer.leftButton
                && (isPressed ? claimControl(key, at: pointerLocation, serial: 0) : releaseClaim(key))
            if !isControl {
                let isUsed = scene.pointerButton(button, isPressed: isPressed, timeMilliseconds: time)
                if button == DocumentViewer.leftButton { clickOutline(isPressed: isPressed, isUsed: isUsed) }
            }
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
            if !handleKey(name, modifiers: modifiers, at: time) { needsFrame = wasNeeded }
        }
    }

    /// Whether the scene moved for a key (at the event's `time`); window keys become requests.
    /// Escape closes what is transient (full screen) and otherwise does nothing; `q`,
    /// Ctrl+Q and Ctrl+W quit.
    private func handleKey(_ name: String, modifiers: InputModifiers, at time: Double) -> Bool {
        switch (name, modifiers) {
        case ("Escape", _):
            if isFullscreen { requests.append(.setFullscreen(false)) }
        case ("q", []), ("q", .control), ("Q", .control), ("w", .control), ("W", .control):
            requests.append(.quit)
        case ("F11", []):
            requests.append(.setFullscreen(!isFullscreen))
        case ("0", .control) where scene.focusedView == documentPane.view && resetTextSize():
            return true
        default:
            if handleOutlineKey(name, modifiers: modifiers) { return true }
            return scene.key(name, modifiers: modifiers, timeMilliseconds: time)
        }
        return false
    }
}
