import CWaylandClient
import CWaylandProtocols
import Glibc
import TestCompositor

/// A minimal in-process client that binds the seat, the gestures and the presentation
/// globals and records every event it receives as text, decoded by libwayland-client from
/// the wire: proof that the compositor's events are well formed, and a view of exactly what
/// a client sees.
///
/// It dispatches on the test's thread (`roundtrip`) while the compositor runs on its own.
final class ProbeClient {
    /// One decoded event: "wl_touch.down" and its arguments as text.
    struct Event: Equatable, CustomStringConvertible {
        let name: String
        let arguments: [String]
        var description: String { ([name] + arguments).joined(separator: " ") }
    }

    private(set) var events: [Event] = []
    let display: OpaquePointer
    private(set) var surface: OpaquePointer!
    private(set) var presentation: OpaquePointer!
    private var registry: OpaquePointer!

    /// Connects, binds `wl_compositor`, `wl_seat` at `seatVersion`, `wl_output`,
    /// `zwp_pointer_gestures_v1` and `wp_presentation`, and makes one surface, a pointer,
    /// a keyboard, a touch and pinch and hold gestures.
    init(compositor: TestCompositor, seatVersion: UInt32 = 8) throws {
        let socket = try compositor.runtimeDirectory.connect()
        guard let display = wl_display_connect_to_fd(socket) else {
            throw TestCompositorError.cannotConnect("wl_display_connect_to_fd failed")
        }
        self.display = display
        registry = record(wl_display_get_registry(display))
        try roundtrip()
        let wlCompositor = bind("wl_compositor", glide_wl_compositor_interface(), version: 5)
        let seat = bind("wl_seat", glide_wl_seat_interface(), version: seatVersion)
        _ = bind("wl_output", glide_wl_output_interface(), version: 4)
        let gestures = bind("zwp_pointer_gestures_v1", glide_zwp_pointer_gestures_v1_interface(), version: 3)
        presentation = bind("wp_presentation", glide_wp_presentation_interface(), version: 1)
        surface = record(wl_compositor_create_surface(wlCompositor))
        let pointer = record(wl_seat_get_pointer(seat))
        _ = record(wl_seat_get_keyboard(seat))
        _ = record(wl_seat_get_touch(seat))
        _ = record(zwp_pointer_gestures_v1_get_pinch_gesture(gestures, pointer))
        _ = record(zwp_pointer_gestures_v1_get_hold_gesture(gestures, pointer))
        try roundtrip()
    }

    deinit {
        wl_display_disconnect(display)
    }

    /// Sends the requests so far and dispatches every event the compositor sent before
    /// answering them.
    func roundtrip() throws {
        guard wl_display_roundtrip(display) >= 0 else {
            throw TestCompositorError.cannotConnect("the probe's connection broke: \(String(cString: strerror(wl_display_get_error(display))))")
        }
    }

    /// Returns the events recorded so far and forgets them.
    func takeEvents() -> [Event] {
        defer { events = [] }
        return events
    }

    /// Binds a global the compositor announced, recording its events.
    func bind(_ interfaceName: String, _ interface: UnsafePointer<wl_interface>, version: UInt32) -> OpaquePointer {
        let announcement = events.first { $0.name == "wl_registry.global" && $0.arguments[1] == interfaceName }!
        return record(OpaquePointer(wl_registry_bind(registry, UInt32(announcement.arguments[0])!, interface, version)))
    }

    /// Records every event of `proxy` through the generic dispatcher.
    @discardableResult
    func record(_ proxy: OpaquePointer?) -> OpaquePointer {
        let proxy = proxy!
        wl_proxy_add_dispatcher(proxy, ProbeClient.dispatcher, nil, Unmanaged.passUnretained(self).toOpaque())
        return proxy
    }

    /// Decodes an event by its signature ("uuo?ff"): one text per argument; file
    /// descriptors (the keymap) are closed at once.
    private static let dispatcher: wl_dispatcher_func_t = { _, target, _, message, arguments in
        let proxy = OpaquePointer(target!)
        let probe = Unmanaged<ProbeClient>.fromOpaque(wl_proxy_get_user_data(proxy)!).takeUnretainedValue()
        let interfaceName = String(cString: wl_proxy_get_class(proxy))
        let signature = String(cString: message!.pointee.signature).filter { $0.isLetter }
        var texts: [String] = []
        for (index, type) in signature.enumerated() {
            let argument = arguments![index]
            switch type {
            case "i": texts.append(String(argument.i))
            case "u": texts.append(String(argument.u))
            case "f": texts.append(String(wl_fixed_to_double(argument.f)))
            case "s": texts.append(argument.s.map { String(cString: $0) } ?? "nil")
            case "o": texts.append(argument.o.map { "\(String(cString: wl_proxy_get_class($0)))@\(wl_proxy_get_id($0))" } ?? "nil")
            case "n": texts.append("new id")
            case "a": texts.append("array of \(argument.a.pointee.size) bytes")
            case "h":
                close(argument.h)
                texts.append("fd")
            default: texts.append("?")
            }
        }
        probe.events.append(Event(name: "\(interfaceName).\(String(cString: message!.pointee.name))", arguments: texts))
        return 0
    }
}
