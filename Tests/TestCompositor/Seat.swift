import CWaylandServer
import CWaylandServerProtocols

/// The one seat (`wl_seat`, version 8): a pointer, a keyboard and a touchscreen, whose
/// capabilities the test may take away and give back while clients run.
public final class Seat: GlobalOwner {
    /// Version 8 adds `wl_pointer.axis_value120` (libwayland 1.21's highest).
    static let version: Int32 = 8

    /// Input devices a seat can have (`wl_seat.capability`).
    public struct Capabilities: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let pointer = Capabilities(rawValue: WL_SEAT_CAPABILITY_POINTER.rawValue)
        public static let keyboard = Capabilities(rawValue: WL_SEAT_CAPABILITY_KEYBOARD.rawValue)
        public static let touch = Capabilities(rawValue: WL_SEAT_CAPABILITY_TOUCH.rawValue)
    }

    /// The devices the seat has now; setting it sends `capabilities` to every client, as
    /// when a device is plugged in or out. Clients then release or get the devices.
    public var capabilities: Capabilities = [.pointer, .keyboard, .touch] {
        didSet {
            everOffered.formUnion(capabilities)
            for resource in resources { wl_seat_send_capabilities(resource, capabilities.rawValue) }
        }
    }

    public let pointer: Pointer
    public let keyboard: Keyboard
    public let touch: Touch

    /// Asking for a device the seat never had is a protocol error; one it had is not.
    private var everOffered: Capabilities = [.pointer, .keyboard, .touch]
    var resources: [OpaquePointer] = []

    private static let handlers = RequestHandlers(wl_seat_interface(
        get_pointer: { client, resource, id in
            let seat = owner(of: resource, as: Seat.self)
            guard seat.mayGet(.pointer, named: "wl_pointer", on: resource) else { return }
            seat.pointer.addResource(client: client, version: seat.version(of: resource), id: id)
        },
        get_keyboard: { client, resource, id in
            let seat = owner(of: resource, as: Seat.self)
            guard seat.mayGet(.keyboard, named: "wl_keyboard", on: resource) else { return }
            seat.keyboard.addResource(client: client, version: seat.version(of: resource), id: id)
        },
        get_touch: { client, resource, id in
            let seat = owner(of: resource, as: Seat.self)
            guard seat.mayGet(.touch, named: "wl_touch", on: resource) else { return }
            seat.touch.addResource(client: client, version: seat.version(of: resource), id: id)
        },
        release: destroyResource))

    init(display: OpaquePointer, compositor: Compositor, problems: ProblemLog) throws(TestCompositorError) {
        let serials = SerialSource(display: display)
        pointer = Pointer(compositor: compositor, serials: serials, problems: problems)
        keyboard = try Keyboard(serials: serials, problems: problems)
        touch = Touch(serials: serials, problems: problems)
        offer(on: display, version: Seat.version)
    }

    static var interface: UnsafePointer<wl_interface> { glide_server_wl_seat_interface() }
    static var implementation: UnsafeRawPointer { Seat.handlers.implementation }

    func didBind(_ resource: OpaquePointer) {
        wl_seat_send_capabilities(resource, capabilities.rawValue)
        if wl_resource_get_version(resource) >= 2 { wl_seat_send_name(resource, "seat0") }
    }

    private func version(of resource: OpaquePointer?) -> UInt32 {
        UInt32(wl_resource_get_version(resource))
    }

    private func mayGet(_ capability: Capabilities, named name: String, on resource: OpaquePointer?) -> Bool {
        guard everOffered.contains(capability) else {
            glide_server_post_error(resource, WL_SEAT_ERROR_MISSING_CAPABILITY.rawValue,
                                    "the seat never had a \(name)")
            return false
        }
        return true
    }
}

/// Serial numbers for input events, from the display's counter (`wl_display_next_serial`).
struct SerialSource {
    let display: OpaquePointer

    func next() -> UInt32 {
        wl_display_next_serial(display)
    }
}
