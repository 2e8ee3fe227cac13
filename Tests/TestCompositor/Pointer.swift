import CWaylandServer
import CWaylandServerProtocols

/// The seat's pointer (`wl_pointer`): the test moves it, clicks and scrolls. Events go to
/// the client of the surface under the pointer (the focus, set by `sendEnter`), and only
/// those its `wl_pointer` version knows.
public final class Pointer: ResourceOwner, SurfaceRole {
    /// A scroll axis (`wl_pointer.axis`).
    public enum Axis: UInt32, Sendable, CaseIterable {
        case vertical = 0
        case horizontal = 1
    }

    /// What produced an axis event (`wl_pointer.axis_source`).
    public enum AxisSource: UInt32, Sendable {
        /// Discrete steps: the client should scroll by whole steps and not fling.
        case wheel = 0
        /// Fingers on a touchpad: 1:1 scrolling, ended by `axis_stop` (kinetic scrolling).
        case finger = 1
        /// A continuous device such as a trackpoint.
        case continuous = 2
        /// A tilted wheel, sideways (version 6).
        case wheelTilt = 3
    }

    /// The linux/input-event-codes.h code of the left button, `BTN_LEFT`.
    public static let leftButton: UInt32 = 0x110
    /// How far one wheel step scrolls in surface px: libinput's 15° click angle, which
    /// mutter, weston and wlroots all send as the axis value of a step.
    public static let wheelStepDistance = 15.0

    /// The surface under the pointer, set by `sendEnter`.
    public private(set) weak var focus: Surface?
    /// The surface the client set as its cursor (`set_cursor`), if any.
    public private(set) weak var cursorSurface: Surface?

    private var resources = DeviceResources(interfaceName: "wl_pointer")
    private unowned let compositor: Compositor
    private let serials: SerialSource
    private let problems: ProblemLog
    /// The serial of the last `enter`: `set_cursor` must quote it.
    private var enterSerial: UInt32 = 0

    private static let handlers = RequestHandlers(wl_pointer_interface(
        set_cursor: { _, resource, serial, surface, _, _ in
            owner(of: resource, as: Pointer.self).setCursor(surface, serial: serial, resource: resource)
        },
        release: destroyResource))

    init(compositor: Compositor, serials: SerialSource, problems: ProblemLog) {
        self.compositor = compositor
        self.serials = serials
        self.problems = problems
    }

    func addResource(client: OpaquePointer?, version: UInt32, id: UInt32) {
        resources.make(for: self, client: client, interface: glide_server_wl_pointer_interface(), version: version,
                       id: id, implementation: Pointer.handlers.implementation)
    }

    var roleName: String { "cursor" }

    private func setCursor(_ surfaceResource: OpaquePointer?, serial: UInt32, resource: OpaquePointer?) {
        // A stale serial (from an older enter) is ignored, as compositors do.
        guard serial == enterSerial else { return }
        guard let surfaceResource else {
            cursorSurface = nil
            return
        }
        guard let surface = compositor.surface(for: surfaceResource) else { return }
        if surface.role !== self {
            guard surface.mayTakeRole(error: WL_POINTER_ERROR_ROLE.rawValue, on: resource) else { return }
            surface.assignRole(self)
        }
        cursorSurface = surface
    }

    // MARK: Events

    /// Moves the pointer onto `surface` at (x, y) in its logical px, leaving the old focus.
    public func sendEnter(_ surface: Surface, x: Double, y: Double) {
        if let focus, focus.isAlive { sendLeave() }
        focus = surface
        enterSerial = serials.next()
        for resource in targets(of: "enter") {
            wl_pointer_send_enter(resource, enterSerial, surface.resource, wl_fixed_from_double(x), wl_fixed_from_double(y))
        }
    }

    /// Moves the pointer off the focused surface.
    public func sendLeave() {
        let serial = serials.next()
        for resource in targets(of: "leave") { wl_pointer_send_leave(resource, serial, focus?.resource) }
        focus = nil
    }

    /// Moves the pointer to (x, y) in the focused surface's logical px.
    public func sendMotion(x: Double, y: Double, time: UInt32) {
        for resource in targets(of: "motion") {
            wl_pointer_send_motion(resource, time, wl_fixed_from_double(x), wl_fixed_from_double(y))
        }
    }

    /// Presses or releases a button (a linux/input-event-codes.h code such as `leftButton`).
    public func sendButton(_ button: UInt32, isPressed: Bool, time: UInt32) {
        let state = isPressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED
        let serial = serials.next()
        for resource in targets(of: "button") { wl_pointer_send_button(resource, serial, time, button, state.rawValue) }
    }

    /// Scrolls by `distance` surface px along `axis` (positive: down or right).
    public func sendAxis(_ axis: Axis, distance: Double, time: UInt32) {
        for resource in targets(of: "axis") {
            wl_pointer_send_axis(resource, time, axis.rawValue, wl_fixed_from_double(distance))
        }
    }

    /// Says what produces the axis events of this frame (version 5; `wheelTilt` version 6).
    public func sendAxisSource(_ source: AxisSource) {
        let since: Int32 = source == .wheelTilt ? 6 : 5
        for resource in targets(of: "axis_source", since: since) { wl_pointer_send_axis_source(resource, source.rawValue) }
    }

    /// Says the fingers left the touchpad on `axis`: the client may start a kinetic fling
    /// (version 5).
    public func sendAxisStop(_ axis: Axis, time: UInt32) {
        for resource in targets(of: "axis_stop", since: 5) { wl_pointer_send_axis_stop(resource, time, axis.rawValue) }
    }

    /// Says the axis event that follows is `steps` wheel steps; sent only to versions 5 to 7,
    /// since version 8 clients get `axis_value120` instead.
    public func sendAxisDiscrete(_ axis: Axis, steps: Int32) {
        for resource in targets(of: "axis_discrete", since: 5) where wl_resource_get_version(resource) < 8 {
            wl_pointer_send_axis_discrete(resource, axis.rawValue, steps)
        }
    }

    /// Says the axis event that follows is `value120 / 120` wheel steps (version 8): a
    /// high-resolution wheel sends fractions of a step.
    public func sendAxisValue120(_ axis: Axis, value120: Int32) {
        for resource in targets(of: "axis_value120", since: 8) {
            wl_pointer_send_axis_value120(resource, axis.rawValue, value120)
        }
    }

    /// Ends a group of events that belong together (version 5).
    public func sendFrame() {
        for resource in targets(of: "frame", since: 5) { wl_pointer_send_frame(resource) }
    }

    /// One frame of wheel scrolling by whole steps, as compositors send it: source, steps
    /// (discrete or value120 by the client's version), distance, frame.
    public func sendWheel(_ axis: Axis, steps: Int32, time: UInt32) {
        sendAxisSource(.wheel)
        sendAxisDiscrete(axis, steps: steps)
        sendAxisValue120(axis, value120: steps * 120)
        sendAxis(axis, distance: Double(steps) * Pointer.wheelStepDistance, time: time)
        sendFrame()
    }

    /// One frame of two-finger touchpad scrolling by (dx, dy) surface px.
    public func sendFingerScroll(dx: Double, dy: Double, time: UInt32) {
        sendAxisSource(.finger)
        if dx != 0 { sendAxis(.horizontal, distance: dx, time: time) }
        if dy != 0 { sendAxis(.vertical, distance: dy, time: time) }
        sendFrame()
    }

    /// The frame sent when the fingers leave the touchpad: `axis_stop` on both axes.
    public func sendFingerScrollStop(time: UInt32) {
        sendAxisSource(.finger)
        for axis in Axis.allCases { sendAxisStop(axis, time: time) }
        sendFrame()
    }

    /// The focus client's resources whose version has the event.
    private func targets(of event: String, since version: Int32 = 1) -> [OpaquePointer] {
        resources.targets(of: event, surface: focus, problems: problems)
            .filter { wl_resource_get_version($0) >= version }
    }

    /// How many `wl_pointer` objects clients hold (a client releases its own when the capability goes).
    public var resourceCount: Int { resources.all.count }

    func resourceDestroyed(_ resource: OpaquePointer) {
        resources.remove(resource)
    }
}
