import ScrollEngine
import WaylandClient

/// Wayland input, already grouped per frame, mapped into the scene in window coordinates with
/// the events' timestamps.
extension Viewer: SeatDelegate {
    func seat(_ seat: Seat, didReceiveTouchFrame events: [TouchEvent]) {
        for event in events {
            if handleControlTouch(event, seat: seat) { continue }
            switch event {
            case .down(let id, let x, let y, let time, _):
                advanceClock(to: time)
                scene.touchDown(id: Int(id), at: LogicalPoint(x: x, y: y), timeMilliseconds: timeMilliseconds)
            case .motion(let id, let x, let y, let time):
                advanceClock(to: time)
                scene.touchMotion(id: Int(id), to: LogicalPoint(x: x, y: y), timeMilliseconds: timeMilliseconds)
            case .up(let id, let time):
                advanceClock(to: time)
                scene.touchUp(id: Int(id), timeMilliseconds: timeMilliseconds)
            }
        }
        // Taps are handled once the scene has finished the frame: handling one changes the
        // scene, which must not happen while the scene is still mutating itself.
        var taps: [(view: Int, tap: Tap)] = []
        scene.touchFrame { view, tap in taps.append((view, tap)) }
        for (view, tap) in taps { handleTap(tap, inView: view) }
        // Any touch reveals the window controls (after the hit test above, so a first touch
        // on a hidden control scrolls instead).
        lastTouchMilliseconds = timeMilliseconds
        window.setNeedsDisplay()
    }

    func seatDidCancelTouches(_ seat: Seat) {
        claimedTouches.removeAll()
        scene.touchCancel(timeMilliseconds: timeMilliseconds)
        // Touch changes take effect at a frame; a cancel has none of its own.
        scene.touchFrame()
        window.setNeedsDisplay()
    }

    func seat(_ seat: Seat, didReceivePointerFrame frame: PointerFrame) {
        advanceClock(to: frame.timeMilliseconds)
        if frame.didEnter || frame.didMove {
            pointerLocation = LogicalPoint(x: frame.x, y: frame.y)
            scene.pointerMotion(to: pointerLocation, timeMilliseconds: timeMilliseconds)
        }
        for change in frame.buttons {
            let isPageControlClick = change.isPressed && change.button == PointerButton.left
            if isPageControlClick, let pane = pageControlPane(at: pointerLocation.x, pointerLocation.y) {
                tapPageControl(ofPane: pane, atX: pointerLocation.x)
            } else {
                scene.pointerButton(change.button, isPressed: change.isPressed, timeMilliseconds: timeMilliseconds)
            }
        }
        if let axis = frame.axis {
            scene.pointerAxis(
                source: PointerAxisSource(axis), delta: LogicalPoint(x: axis.deltaX, y: axis.deltaY),
                value120: AxisPair(horizontal: Int(axis.value120X), vertical: Int(axis.value120Y)),
                modifiers: InputModifiers(seat.keyboard?.heldModifiers ?? []), timeMilliseconds: timeMilliseconds)
            if axis.isStoppedHorizontal || axis.isStoppedVertical {
                scene.pointerAxisStop(horizontal: axis.isStoppedHorizontal, vertical: axis.isStoppedVertical,
                                      timeMilliseconds: timeMilliseconds)
            }
        }
        if frame.didLeave { scene.pointerLeave(timeMilliseconds: timeMilliseconds) }
        window.setNeedsDisplay()
    }

    func seat(_ seat: Seat, didReceivePinch event: PinchEvent) {
        switch event {
        case .begin(_, let time):
            advanceClock(to: time)
            // A touchpad pinch zooms about the pointer; its scale is relative to the begin.
            scene.pinchBegin(at: pointerLocation, timeMilliseconds: timeMilliseconds)
        case .update(_, _, let scale, _, let time):
            advanceClock(to: time)
            scene.pinchUpdate(scale: scale, timeMilliseconds: timeMilliseconds)
        case .end(let isCancelled, let time):
            advanceClock(to: time)
            scene.pinchEnd(isCancelled: isCancelled, timeMilliseconds: timeMilliseconds)
        }
        window.setNeedsDisplay()
    }

    func seat(_ seat: Seat, didReceiveHold event: HoldEvent) {
        switch event {
        case .begin(_, let time):
            advanceClock(to: time)
            scene.holdBegin(timeMilliseconds: timeMilliseconds)
        case .end(let isCancelled, let time):
            advanceClock(to: time)
            scene.holdEnd(isCancelled: isCancelled, timeMilliseconds: timeMilliseconds)
        }
        window.setNeedsDisplay()
    }

    func seat(_ seat: Seat, didPressKey key: KeyEvent) {
        advanceClock(to: key.timeMilliseconds)
        switch (key.name, key.modifiers) {
        case ("Escape", _) where window.states.isFullscreen:
            window.setFullscreen(false)
        case ("Escape", _), ("q", []), ("q", .control), ("Q", .control):
            isQuitRequested = true
        case ("F11", []):
            window.setFullscreen(!window.states.isFullscreen)
        default:
            if scene.key(key.name, modifiers: InputModifiers(key.modifiers), timeMilliseconds: timeMilliseconds) {
                window.setNeedsDisplay()
            }
        }
    }
}

extension PointerAxisSource {
    /// The engine's reading of a Wayland axis source. Without a source (seat below version 5)
    /// wheel steps still say they are steps.
    init(_ axis: AxisChange) {
        switch axis.source {
        case .wheel, .wheelTilt: self = .wheel
        case .finger: self = .finger
        case .continuous: self = .continuous
        case .unknown: self = axis.value120X != 0 || axis.value120Y != 0 ? .wheel : .continuous
        }
    }
}

extension InputModifiers {
    /// The same modifiers, from the Wayland client's type (the engine knows no Wayland).
    init(_ modifiers: KeyModifiers) {
        self.init(rawValue: modifiers.rawValue)
    }
}
