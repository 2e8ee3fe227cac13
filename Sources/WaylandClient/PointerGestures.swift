import CWaylandClient
import CWaylandProtocols

/// Touchpad gestures (`zwp_pointer_gestures_v1`): pinch from version 1, hold from version 3.
public final class PointerGestures: ProxyOwner {
    let proxy: OpaquePointer

    init(proxy: OpaquePointer) {
        self.proxy = proxy
    }

    deinit {
        if wl_proxy_get_version(proxy) >= 2 {
            zwp_pointer_gestures_v1_release(proxy)
        } else {
            zwp_pointer_gestures_v1_destroy(proxy)
        }
    }

    var supportsHold: Bool { wl_proxy_get_version(proxy) >= 3 }
}

/// A two-or-more-finger touchpad pinch (`zwp_pointer_gesture_pinch_v1`).
final class PinchGesture: ProxyOwner {
    let proxy: OpaquePointer
    unowned let seat: Seat
    private var isOnOwnSurface = false

    private static let listener = ListenerTable(zwp_pointer_gesture_pinch_v1_listener(
        begin: { data, _, _, time, surface, fingers in
            let gesture = owner(data, as: PinchGesture.self)
            gesture.isOnOwnSurface = isOwnSurface(surface)
            gesture.deliver(.begin(fingers: fingers, timeMilliseconds: time))
        },
        update: { data, _, time, dx, dy, scale, rotation in
            owner(data, as: PinchGesture.self).deliver(.update(
                deltaX: wl_fixed_to_double(dx), deltaY: wl_fixed_to_double(dy), scale: wl_fixed_to_double(scale),
                rotationDegrees: wl_fixed_to_double(rotation), timeMilliseconds: time))
        },
        end: { data, _, _, time, cancelled in
            owner(data, as: PinchGesture.self).deliver(.end(isCancelled: cancelled != 0, timeMilliseconds: time))
        }))

    init(gestures: PointerGestures, pointer: Pointer, seat: Seat) {
        self.seat = seat
        proxy = zwp_pointer_gestures_v1_get_pinch_gesture(gestures.proxy, pointer.proxy)
        zwp_pointer_gesture_pinch_v1_add_listener(proxy, PinchGesture.listener.pointer, unretainedPointer)
    }

    deinit {
        zwp_pointer_gesture_pinch_v1_destroy(proxy)
    }

    private func deliver(_ event: PinchEvent) {
        guard isOnOwnSurface else { return }
        seat.delegate?.seat(seat, didReceivePinch: event)
    }
}

/// Fingers resting on the touchpad (`zwp_pointer_gesture_hold_v1`), which stops a fling.
final class HoldGesture: ProxyOwner {
    let proxy: OpaquePointer
    unowned let seat: Seat
    private var isOnOwnSurface = false

    private static let listener = ListenerTable(zwp_pointer_gesture_hold_v1_listener(
        begin: { data, _, _, time, surface, fingers in
            let gesture = owner(data, as: HoldGesture.self)
            gesture.isOnOwnSurface = isOwnSurface(surface)
            gesture.deliver(.begin(fingers: fingers, timeMilliseconds: time))
        },
        end: { data, _, _, time, cancelled in
            owner(data, as: HoldGesture.self).deliver(.end(isCancelled: cancelled != 0, timeMilliseconds: time))
        }))

    init(gestures: PointerGestures, pointer: Pointer, seat: Seat) {
        self.seat = seat
        proxy = zwp_pointer_gestures_v1_get_hold_gesture(gestures.proxy, pointer.proxy)
        zwp_pointer_gesture_hold_v1_add_listener(proxy, HoldGesture.listener.pointer, unretainedPointer)
    }

    deinit {
        zwp_pointer_gesture_hold_v1_destroy(proxy)
    }

    private func deliver(_ event: HoldEvent) {
        guard isOnOwnSurface else { return }
        seat.delegate?.seat(seat, didReceiveHold: event)
    }
}
