import CWaylandClient

/// A mouse or touchpad (`wl_pointer`): events are grouped per `frame` (version 5) so that a
/// scroll's source, values and stops arrive as one logical event.
final class Pointer: ProxyOwner {
    let proxy: OpaquePointer
    unowned let seat: Seat
    private var frame = PointerFrame()
    private var hasPendingFrame = false
    /// Whether the pointer is over one of Glide's surfaces.
    private var isOverOwnSurface = false
    private let cursor: Cursor?
    /// The serial of the latest `enter`, which `set_cursor` needs.
    private var enterSerial: UInt32 = 0
    /// The image shown while over Glide's surfaces.
    var cursorShape = CursorShape.arrow {
        didSet {
            guard cursorShape != oldValue, isOverOwnSurface else { return }
            cursor?.show(cursorShape, on: proxy, serial: enterSerial)
        }
    }

    private static let listener = ListenerTable(wl_pointer_listener(
        enter: { data, _, serial, surface, x, y in
            let pointer = owner(data, as: Pointer.self)
            pointer.isOverOwnSurface = isOwnSurface(surface)
            guard pointer.isOverOwnSurface else { return }
            pointer.enterSerial = serial
            pointer.cursor?.show(pointer.cursorShape, on: pointer.proxy, serial: serial)
            pointer.update { $0.didEnter = true; $0.x = wl_fixed_to_double(x); $0.y = wl_fixed_to_double(y) }
        },
        leave: { data, _, _, _ in
            let pointer = owner(data, as: Pointer.self)
            guard pointer.isOverOwnSurface else { return }
            pointer.isOverOwnSurface = false
            pointer.update { $0.didLeave = true }
        },
        motion: { data, _, time, x, y in
            owner(data, as: Pointer.self).update {
                $0.didMove = true
                $0.timeMilliseconds = time
                $0.x = wl_fixed_to_double(x)
                $0.y = wl_fixed_to_double(y)
            }
        },
        button: { data, _, serial, time, button, state in
            let pointer = owner(data, as: Pointer.self)
            if pointer.isOverOwnSurface { pointer.seat.noteInputSerial(serial) }
            pointer.update {
                $0.timeMilliseconds = time
                $0.buttons.append(.init(button: button, isPressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue))
            }
        },
        axis: { data, _, time, axis, value in
            owner(data, as: Pointer.self).updateAxis {
                if axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue {
                    $0.deltaX += wl_fixed_to_double(value)
                } else {
                    $0.deltaY += wl_fixed_to_double(value)
                }
            } time: { $0.timeMilliseconds = time }
        },
        frame: { data, _ in owner(data, as: Pointer.self).flush() },
        axis_source: { data, _, source in
            owner(data, as: Pointer.self).updateAxis { $0.source = AxisSource(waylandValue: source) }
        },
        axis_stop: { data, _, time, axis in
            owner(data, as: Pointer.self).updateAxis {
                if axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue {
                    $0.isStoppedHorizontal = true
                } else {
                    $0.isStoppedVertical = true
                }
            } time: { $0.timeMilliseconds = time }
        },
        axis_discrete: { data, _, axis, discrete in
            // Sent only to seats below version 8; one step is 120 in value120 terms.
            owner(data, as: Pointer.self).addValue120(axis: axis, value: discrete &* 120)
        },
        axis_value120: { data, _, axis, value in
            owner(data, as: Pointer.self).addValue120(axis: axis, value: value)
        }))

    init(seat: Seat, cursor: Cursor?) {
        self.seat = seat
        self.cursor = cursor
        proxy = wl_seat_get_pointer(seat.proxy)
        wl_pointer_add_listener(proxy, Pointer.listener.pointer, unretainedPointer)
    }

    deinit {
        if wl_proxy_get_version(proxy) >= 3 {
            wl_pointer_release(proxy)
        } else {
            wl_pointer_destroy(proxy)
        }
    }

    private func update(_ change: (inout PointerFrame) -> Void) {
        guard isOverOwnSurface || frame.didLeave else { return }
        change(&frame)
        hasPendingFrame = true
        // Before version 5 there is no frame event: every event stands alone.
        if wl_proxy_get_version(proxy) < 5 { flush() }
    }

    private func updateAxis(_ change: (inout AxisChange) -> Void, time: (inout PointerFrame) -> Void = { _ in }) {
        update { frame in
            var axis = frame.axis ?? AxisChange()
            change(&axis)
            frame.axis = axis
            time(&frame)
        }
    }

    private func addValue120(axis: UInt32, value: Int32) {
        updateAxis {
            if axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue {
                $0.value120X &+= value
            } else {
                $0.value120Y &+= value
            }
        }
    }

    private func flush() {
        guard hasPendingFrame else { return }
        let complete = frame
        hasPendingFrame = false
        frame.didEnter = false
        frame.didLeave = false
        frame.didMove = false
        frame.buttons.removeAll()
        frame.axis = nil
        seat.delegate?.seat(seat, didReceivePointerFrame: complete)
    }
}

extension AxisSource {
    init(waylandValue: UInt32) {
        switch waylandValue {
        case WL_POINTER_AXIS_SOURCE_WHEEL.rawValue: self = .wheel
        case WL_POINTER_AXIS_SOURCE_FINGER.rawValue: self = .finger
        case WL_POINTER_AXIS_SOURCE_CONTINUOUS.rawValue: self = .continuous
        case WL_POINTER_AXIS_SOURCE_WHEEL_TILT.rawValue: self = .wheelTilt
        default: self = .unknown
        }
    }
}
