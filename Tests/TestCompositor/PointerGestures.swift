import CWaylandServer
import CWaylandServerProtocols

/// The `zwp_pointer_gestures_v1` global (version 3): touchpad pinch and hold gestures,
/// sent to the client of the surface under the pointer. Swipe objects can be made, as the
/// protocol requires, but the test compositor sends no swipes.
public final class PointerGestures: GlobalOwner {
    /// Version 3 adds hold gestures.
    static let version: Int32 = 3

    private let serials: SerialSource
    private let problems: ProblemLog
    var resources: [OpaquePointer] = []
    private var swipes = DeviceResources(interfaceName: "zwp_pointer_gesture_swipe_v1")
    private var pinches = DeviceResources(interfaceName: "zwp_pointer_gesture_pinch_v1")
    private var holds = DeviceResources(interfaceName: "zwp_pointer_gesture_hold_v1")
    /// The surfaces of the pinch and hold under way.
    private weak var pinchSurface: Surface?
    private weak var holdSurface: Surface?

    private static let handlers = RequestHandlers(zwp_pointer_gestures_v1_interface(
        get_swipe_gesture: { client, resource, id, _ in
            let gestures = owner(of: resource, as: PointerGestures.self)
            gestures.makeGesture(client: client, resource: resource, id: id, kind: \.swipes,
                                 interface: glide_server_zwp_pointer_gesture_swipe_v1_interface(),
                                 implementation: PointerGestures.swipeHandlers.implementation)
        },
        get_pinch_gesture: { client, resource, id, _ in
            let gestures = owner(of: resource, as: PointerGestures.self)
            gestures.makeGesture(client: client, resource: resource, id: id, kind: \.pinches,
                                 interface: glide_server_zwp_pointer_gesture_pinch_v1_interface(),
                                 implementation: PointerGestures.pinchHandlers.implementation)
        },
        release: destroyResource,
        get_hold_gesture: { client, resource, id, _ in
            let gestures = owner(of: resource, as: PointerGestures.self)
            gestures.makeGesture(client: client, resource: resource, id: id, kind: \.holds,
                                 interface: glide_server_zwp_pointer_gesture_hold_v1_interface(),
                                 implementation: PointerGestures.holdHandlers.implementation)
        }))
    private static let swipeHandlers = RequestHandlers(zwp_pointer_gesture_swipe_v1_interface(destroy: destroyResource))
    private static let pinchHandlers = RequestHandlers(zwp_pointer_gesture_pinch_v1_interface(destroy: destroyResource))
    private static let holdHandlers = RequestHandlers(zwp_pointer_gesture_hold_v1_interface(destroy: destroyResource))

    init(display: OpaquePointer, problems: ProblemLog, isOffered: Bool) {
        serials = SerialSource(display: display)
        self.problems = problems
        if isOffered { offer(on: display, version: PointerGestures.version) }
    }

    static var interface: UnsafePointer<wl_interface> { glide_server_zwp_pointer_gestures_v1_interface() }
    static var implementation: UnsafeRawPointer { PointerGestures.handlers.implementation }

    private func makeGesture(client: OpaquePointer?, resource: OpaquePointer?, id: UInt32,
                             kind: ReferenceWritableKeyPath<PointerGestures, DeviceResources>,
                             interface: UnsafePointer<wl_interface>, implementation: UnsafeRawPointer) {
        self[keyPath: kind].make(for: self, client: client, interface: interface,
                                 version: UInt32(wl_resource_get_version(resource)), id: id, implementation: implementation)
    }

    /// Starts a pinch of `fingers` fingers on `surface` (the surface under the pointer).
    public func sendPinchBegin(on surface: Surface, fingers: UInt32 = 2, time: UInt32) {
        pinchSurface = surface
        let serial = serials.next()
        for resource in pinches.targets(of: "begin", surface: surface, problems: problems) {
            zwp_pointer_gesture_pinch_v1_send_begin(resource, serial, time, surface.resource, fingers)
        }
    }

    /// Moves the pinch: the centre by (dx, dy) logical px since the last update, `scale`
    /// relative to the begin (1 = unchanged) and `rotation` in degrees clockwise since the
    /// last update.
    public func sendPinchUpdate(dx: Double, dy: Double, scale: Double, rotation: Double = 0, time: UInt32) {
        for resource in pinches.targets(of: "update", surface: pinchSurface, problems: problems) {
            zwp_pointer_gesture_pinch_v1_send_update(resource, time, wl_fixed_from_double(dx), wl_fixed_from_double(dy),
                                                     wl_fixed_from_double(scale), wl_fixed_from_double(rotation))
        }
    }

    /// Ends the pinch; a cancelled pinch should leave no effect.
    public func sendPinchEnd(isCancelled: Bool = false, time: UInt32) {
        let serial = serials.next()
        for resource in pinches.targets(of: "end", surface: pinchSurface, problems: problems) {
            zwp_pointer_gesture_pinch_v1_send_end(resource, serial, time, isCancelled ? 1 : 0)
        }
        pinchSurface = nil
    }

    /// Fingers rest on the touchpad without moving: the client should stop a fling.
    public func sendHoldBegin(on surface: Surface, fingers: UInt32 = 2, time: UInt32) {
        holdSurface = surface
        let serial = serials.next()
        for resource in holds.targets(of: "begin", surface: surface, problems: problems) {
            zwp_pointer_gesture_hold_v1_send_begin(resource, serial, time, surface.resource, fingers)
        }
    }

    /// The fingers lifted (or, if cancelled, started to move: a scroll or a pinch follows).
    public func sendHoldEnd(isCancelled: Bool = false, time: UInt32) {
        let serial = serials.next()
        for resource in holds.targets(of: "end", surface: holdSurface, problems: problems) {
            zwp_pointer_gesture_hold_v1_send_end(resource, serial, time, isCancelled ? 1 : 0)
        }
        holdSurface = nil
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        resources.removeAll { $0 == resource }
        swipes.remove(resource)
        pinches.remove(resource)
        holds.remove(resource)
    }
}
