import Document
import Render
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
                if handleFindButtonTouch(x: x, y: y) { continue }
                if readingTools.touchDown(id: id, x: x, y: y, timeMilliseconds: timeMilliseconds) { continue }
                longPressTimer.arm()
                scene.touchDown(id: Int(id), at: LogicalPoint(x: x, y: y), timeMilliseconds: timeMilliseconds)
            case .motion(let id, let x, let y, let time):
                advanceClock(to: time)
                if readingTools.touchMoved(id: id, x: x, y: y) { continue }
                if readingTools.touch == nil || readingTools.touch?.id != id || !readingTools.isTouchPending {
                    longPressTimer.disarm()
                }
                scene.touchMotion(id: Int(id), to: LogicalPoint(x: x, y: y), timeMilliseconds: timeMilliseconds)
            case .up(let id, let time):
                advanceClock(to: time)
                longPressTimer.disarm()
                if readingTools.touchUp(id: id) { continue }
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
        longPressTimer.disarm()
        readingTools.touchesCancelled()
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
            readingTools.mouseMoved(x: frame.x, y: frame.y)
        }
        for change in frame.buttons {
            let isLeft = change.button == PointerButton.left
            let isPageControlClick = change.isPressed && isLeft
            if isPageControlClick, let pane = pageControlPane(at: pointerLocation.x, pointerLocation.y) {
                tapPageControl(ofPane: pane, atX: pointerLocation.x)
            } else if scene.pointerButton(change.button, isPressed: change.isPressed, timeMilliseconds: timeMilliseconds) {
                // The engine's (the scroll bar).
            } else if isLeft, change.isPressed {
                if readingTools.isHelpShown {
                    readingTools.toggleHelp()
                } else if !isOnFindField(pointerLocation) {
                    let extending = seat.keyboard?.heldModifiers.contains(.shift) ?? false
                    _ = readingTools.mousePressed(x: pointerLocation.x, y: pointerLocation.y, extending: extending,
                                                  timeMilliseconds: timeMilliseconds)
                }
            } else if isLeft {
                readingTools.mouseReleased(x: pointerLocation.x, y: pointerLocation.y)
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
        if frame.didLeave {
            scene.pointerLeave(timeMilliseconds: timeMilliseconds)
            readingTools.mouseLeft()
        }
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
        if readingTools.key(key.name, shift: key.modifiers.contains(.shift), control: key.modifiers.contains(.control),
                            alt: key.modifiers.contains(.alt), text: key.text) {
            window.setNeedsDisplay()
            return
        }
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

extension Viewer {
    /// Whether a window point is on the open find field (a click there keeps the focus).
    func isOnFindField(_ point: LogicalPoint) -> Bool {
        guard readingTools.isFindOpen else { return false }
        let field = ReadingOverlayGeometry.findFieldRect(windowWidth: readingPaneRect.size.width)
        let origin = readingPaneRect.origin
        return field.contains(ContentPoint(x: point.x - origin.x, y: point.y - origin.y))
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
