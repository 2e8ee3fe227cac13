import CWaylandServer
import CWaylandServerProtocols

/// The seat's touchscreen (`wl_touch`): the test puts fingers down, moves and lifts them.
///
/// As on real hardware, each event goes to the client of the surface the point went down
/// on; the test ends each group of simultaneous changes with `sendFrame`, and may cancel
/// the whole sequence as a compositor does when it takes the gesture for itself.
public final class Touch: ResourceOwner {
    /// The surface each point that is down went down on, by touch id.
    private var points: [Int32: Surface] = [:]
    /// The surface of the latest event, which `frame` and `cancel` go to.
    private weak var lastSurface: Surface?
    private var resources = DeviceResources(interfaceName: "wl_touch")
    private let serials: SerialSource
    private let problems: ProblemLog

    private static let handlers = RequestHandlers(wl_touch_interface(release: destroyResource))

    init(serials: SerialSource, problems: ProblemLog) {
        self.serials = serials
        self.problems = problems
    }

    func addResource(client: OpaquePointer?, version: UInt32, id: UInt32) {
        resources.make(for: self, client: client, interface: glide_server_wl_touch_interface(), version: version,
                       id: id, implementation: Touch.handlers.implementation)
    }

    /// The ids of the points that are down.
    public var activePointIDs: [Int32] { points.keys.sorted() }

    /// Puts point `id` down on `surface` at (x, y) in its logical px.
    public func sendDown(on surface: Surface, id: Int32, x: Double, y: Double, time: UInt32) {
        guard points[id] == nil else {
            problems.report(.misdirectedEvent, "wl_touch.down for touch point \(id), which is already down")
            return
        }
        points[id] = surface
        lastSurface = surface
        let serial = serials.next()
        for resource in resources.targets(of: "down", surface: surface, problems: problems) {
            wl_touch_send_down(resource, serial, time, surface.resource, id, wl_fixed_from_double(x), wl_fixed_from_double(y))
        }
    }

    /// Moves point `id` to (x, y) in the logical px of the surface it went down on.
    public func sendMotion(id: Int32, x: Double, y: Double, time: UInt32) {
        for resource in targets(of: "motion", id: id) {
            wl_touch_send_motion(resource, time, id, wl_fixed_from_double(x), wl_fixed_from_double(y))
        }
    }

    /// Lifts point `id`.
    public func sendUp(id: Int32, time: UInt32) {
        let serial = serials.next()
        for resource in targets(of: "up", id: id) { wl_touch_send_up(resource, serial, time, id) }
        points[id] = nil
    }

    /// Ends a group of changes that happened at once.
    public func sendFrame() {
        for resource in resources.targets(of: "frame", surface: lastSurface, problems: problems) {
            wl_touch_send_frame(resource)
        }
    }

    /// Takes the touch sequence away from the client: every point ends with no `up`.
    public func sendCancel() {
        for resource in resources.targets(of: "cancel", surface: lastSurface, problems: problems) {
            wl_touch_send_cancel(resource)
        }
        points = [:]
    }

    /// The resources that an event about point `id` goes to; a problem if it is not down.
    private func targets(of event: String, id: Int32) -> [OpaquePointer] {
        guard let surface = points[id] else {
            problems.report(.misdirectedEvent, "wl_touch.\(event) for touch point \(id), which is not down")
            return []
        }
        lastSurface = surface
        return resources.targets(of: event, surface: surface, problems: problems)
    }

    /// How many `wl_touch` objects clients hold (a client releases its own when the capability goes).
    public var resourceCount: Int { resources.all.count }

    func resourceDestroyed(_ resource: OpaquePointer) {
        resources.remove(resource)
    }
}
