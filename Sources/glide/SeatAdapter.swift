import Home
import Machinery
import ScrollEngine
import Viewer
import WaylandClient

/// Turns a seat's Wayland input, already grouped per frame, into `ViewerInput` for the
/// viewer, in window coordinates with the events' timestamps. It only records and marks:
/// the loop draws after dispatch, never from inside these callbacks.
final class SeatAdapter: SeatDelegate {
    private unowned let app: ViewerApp
    /// The seat of the latest touch or click, which a window move must name.
    private(set) var lastTouchSeat: Seat?

    init(app: ViewerApp) {
        self.app = app
    }

    func seat(_ seat: Seat, didReceiveDrop uriList: String) { HomeScreens.openInNewWindow(URIList.localPaths(in: uriList)) }

    private func deliver(_ event: SceneInput, at time: UInt32, serial: UInt32 = 0, text: String = "",
                         heldModifiers: InputModifiers = []) {
        app.deliver(ViewerInput(event, timeMilliseconds: Double(time), serial: serial, text: text,
                                heldModifiers: heldModifiers))
    }

    func seat(_ seat: Seat, didReceiveTouchFrame events: [TouchEvent]) {
        lastTouchSeat = seat
        var time: UInt32 = 0
        for event in events {
            switch event {
            case .down(let id, let x, let y, let eventTime, let serial):
                time = eventTime
                deliver(.touchDown(id: Int(id), location: LogicalPoint(x: x, y: y)), at: eventTime, serial: serial)
            case .motion(let id, let x, let y, let eventTime):
                time = eventTime
                deliver(.touchMotion(id: Int(id), location: LogicalPoint(x: x, y: y)), at: eventTime)
            case .up(let id, let eventTime):
                time = eventTime
                deliver(.touchUp(id: Int(id)), at: eventTime)
            }
        }
        // The frame carries no time of its own: it happens with its last event.
        deliver(.touchFrame, at: time)
    }

    func seatDidCancelTouches(_ seat: Seat) {
        deliver(.touchCancel, at: 0)
    }

    func seat(_ seat: Seat, didReceivePointerFrame frame: PointerFrame) {
        let time = frame.timeMilliseconds
        if frame.didEnter || frame.didMove { deliver(.pointerMotion(LogicalPoint(x: frame.x, y: frame.y)), at: time) }
        for change in frame.buttons {
            if change.isPressed { lastTouchSeat = seat }
            deliver(.pointerButton(change.button, isPressed: change.isPressed), at: time,
                    heldModifiers: InputModifiers(seat.keyboard?.heldModifiers ?? []))
        }
        if let axis = frame.axis {
            deliver(.pointerAxis(source: PointerAxisSource(axis), delta: LogicalPoint(x: axis.deltaX, y: axis.deltaY),
                                 value120: AxisPair(horizontal: Int(axis.value120X), vertical: Int(axis.value120Y)),
                                 modifiers: InputModifiers(seat.keyboard?.heldModifiers ?? [])), at: time)
            if axis.isStoppedHorizontal || axis.isStoppedVertical {
                deliver(.pointerAxisStop(horizontal: axis.isStoppedHorizontal, vertical: axis.isStoppedVertical), at: time)
            }
        }
        if frame.didLeave { deliver(.pointerLeave, at: time) }
    }

    func seat(_ seat: Seat, didReceivePinch event: PinchEvent) {
        switch event {
        case .begin(_, let time): deliver(.pinchBegin(nil), at: time)
        case .update(_, _, let scale, let rotation, let time): deliver(.pinchUpdate(scale: scale, rotationDegrees: rotation), at: time)
        case .end(let isCancelled, let time): deliver(.pinchEnd(isCancelled: isCancelled), at: time)
        }
    }

    func seat(_ seat: Seat, didReceiveHold event: HoldEvent) {
        switch event {
        case .begin(_, let time): deliver(.holdBegin, at: time)
        case .end(let isCancelled, let time): deliver(.holdEnd(isCancelled: isCancelled), at: time)
        }
    }

    func seat(_ seat: Seat, didPressKey key: KeyEvent) {
        deliver(.key(key.name, modifiers: InputModifiers(key.modifiers)), at: key.timeMilliseconds, text: key.text)
    }

    /// What an on-screen keyboard or input method typed (`zwp_text_input_v3`), for the find field.
    func seat(_ seat: Seat, didReceiveTextInput event: TextInputEvent) {
        switch event {
        // Text input carries no time of its own (0: none).
        case .commit(let text, let before, _): app.deliver(ViewerInput(event: .textCommitted(text, deletingBefore: before), timeMilliseconds: 0))
        case .preedit(let text): app.deliver(ViewerInput(event: .textComposing(text), timeMilliseconds: 0))
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
