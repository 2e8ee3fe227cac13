import CWaylandClient
import CWaylandProtocols

/// A touchscreen (`wl_touch`): points are collected until `frame` and delivered together.
final class Touch: ProxyOwner {
    let proxy: OpaquePointer
    unowned let seat: Seat
    private var pending: [TouchEvent] = []
    /// The points that went down on Glide's surfaces; `motion` and `up` carry no surface, so
    /// points on other surfaces are recognised by their absence here, and an empty set says
    /// the last `up` came (some compositors send no frame after it). Protocol bookkeeping
    /// only: who owns a point (a control or a scroll view) is the viewer's claim table's call.
    private var activeIDs: Set<Int32> = []

    private static let listener = ListenerTable(wl_touch_listener(
        down: { data, _, serial, time, surface, id, x, y in
            let touch = owner(data, as: Touch.self)
            guard isOwnSurface(surface) else { return }
            touch.seat.noteInputSerial(serial)
            touch.activeIDs.insert(id)
            touch.pending.append(.down(id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y),
                                       timeMilliseconds: time, serial: serial))
        },
        up: { data, _, _, time, id in
            let touch = owner(data, as: Touch.self)
            guard touch.activeIDs.remove(id) != nil else { return }
            touch.pending.append(.up(id: id, timeMilliseconds: time))
            // Some compositors (weston, mutter 43) send no frame after the last up.
            if touch.activeIDs.isEmpty { touch.flush() }
        },
        motion: { data, _, time, id, x, y in
            let touch = owner(data, as: Touch.self)
            guard touch.activeIDs.contains(id) else { return }
            touch.pending.append(.motion(id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y), timeMilliseconds: time))
        },
        frame: { data, _ in owner(data, as: Touch.self).flush() },
        cancel: { data, _ in
            let touch = owner(data, as: Touch.self)
            // No up follows a cancel: the client finalises every point itself.
            touch.pending.removeAll()
            touch.activeIDs.removeAll()
            touch.seat.delegate?.seatDidCancelTouches(touch.seat)
        },
        shape: { _, _, _, _, _ in },
        orientation: { _, _, _, _ in }))

    init(seat: Seat) {
        self.seat = seat
        proxy = wl_seat_get_touch(seat.proxy)
        wl_touch_add_listener(proxy, Touch.listener.pointer, unretainedPointer)
    }

    deinit {
        if wl_proxy_get_version(proxy) >= 3 {
            wl_touch_release(proxy)
        } else {
            wl_touch_destroy(proxy)
        }
    }

    private func flush() {
        guard !pending.isEmpty else { return }
        let events = pending
        pending.removeAll(keepingCapacity: true)
        seat.delegate?.seat(seat, didReceiveTouchFrame: events)
    }
}

/// Whether a surface is one Glide created (tagged in `Surface.init`).
func isOwnSurface(_ surface: OpaquePointer?) -> Bool {
    guard let surface else { return false }
    return wl_proxy_get_tag(surface) == glide_surface_tag()
}
