import CWaylandServer
import CWaylandServerProtocols

/// The `xdg_wm_base` global: desktop windows. It pings clients to see that they are alive;
/// popups and positioners are reported as unsupported (Glide makes none).
public final class XdgShell: GlobalOwner {
    /// Version 5 is the highest in wayland-protocols 1.31.
    static let version: Int32 = 5

    /// Every live toplevel of every client, oldest first.
    public private(set) var toplevels: [XdgToplevel] = []
    /// The size the first configure of a toplevel suggests; 0×0 lets the client choose.
    public var initialToplevelSize = Size(width: 0, height: 0)
    /// The serials of the pongs received, oldest first.
    public private(set) var pongSerials: [UInt32] = []

    private unowned let compositor: Compositor
    let serialSource: SerialSource
    private let problems: ProblemLog
    private var xdgSurfaces: [XdgSurface] = []
    var resources: [OpaquePointer] = []
    /// The serial of each `xdg_wm_base`'s latest pong.
    private var lastPongSerials: [OpaquePointer: UInt32] = [:]

    private static let handlers = RequestHandlers(xdg_wm_base_interface(
        destroy: { _, resource in owner(of: resource, as: XdgShell.self).destroy(resource) },
        create_positioner: { client, resource, _ in
            owner(of: resource, as: XdgShell.self).reportUnsupported("xdg_wm_base.create_positioner (popups)", client: client)
        },
        get_xdg_surface: { client, resource, id, surface in
            owner(of: resource, as: XdgShell.self).makeXdgSurface(client: client, resource: resource, id: id, surface: surface)
        },
        pong: { _, resource, serial in
            let shell = owner(of: resource, as: XdgShell.self)
            shell.pongSerials.append(serial)
            if let resource { shell.lastPongSerials[resource] = serial }
        }))

    init(display: OpaquePointer, compositor: Compositor, problems: ProblemLog) {
        self.compositor = compositor
        serialSource = SerialSource(display: display)
        self.problems = problems
        offer(on: display, version: XdgShell.version)
    }

    static var interface: UnsafePointer<wl_interface> { glide_server_xdg_wm_base_interface() }

    func resourceDestroyed(_ resource: OpaquePointer) {
        resources.removeAll { $0 == resource }
        lastPongSerials[resource] = nil
    }
    static var implementation: UnsafeRawPointer { XdgShell.handlers.implementation }

    /// Pings every client; returns the serial that each must answer with `pong`.
    @discardableResult
    public func sendPing() -> UInt32 {
        let serial = serialSource.next()
        for resource in resources { xdg_wm_base_send_ping(resource, serial) }
        return serial
    }

    /// A ping that every client must answer: since a client handles events in order and its
    /// requests arrive in order, its pong means that it has handled every event sent before
    /// the ping, and that the compositor has every request it sent in response.
    public struct Ping: Sendable {
        let serial: UInt32
        let resources: [UInt]
    }

    /// Pings every client (see `Ping`).
    public func ping() -> Ping {
        let serial = sendPing()
        return Ping(serial: serial, resources: resources.map { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer($0))) })
    }

    /// Whether every client pinged has answered `ping` (or is gone).
    public func isAnswered(_ ping: Ping) -> Bool {
        ping.resources.allSatisfy { address in
            guard let resource = resources.first(where: { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer($0))) == address })
            else { return true }
            guard let answer = lastPongSerials[resource] else { return false }
            return answer &- ping.serial < 1 << 31
        }
    }

    /// Reports a request the test compositor does not implement and disconnects the client
    /// with an implementation error, rather than pretend.
    func reportUnsupported(_ request: String, client: OpaquePointer?) {
        problems.report(.unsupportedRequest, "\(describe(client: client)) asked for \(request)")
        glide_server_post_implementation_error(client, "the test compositor does not implement \(request)")
    }

    private func makeXdgSurface(client: OpaquePointer?, resource: OpaquePointer?, id: UInt32, surface surfaceResource: OpaquePointer?) {
        guard let surface = compositor.surface(for: surfaceResource),
              surface.mayTakeRole(error: XDG_WM_BASE_ERROR_ROLE.rawValue, on: resource),
              let xdgSurface = XdgSurface(shell: self, client: client, version: UInt32(wl_resource_get_version(resource)),
                                          id: id, surface: surface)
        else { return }
        surface.assignRole(xdgSurface)
        xdgSurfaces.append(xdgSurface)
    }

    /// The toplevel behind an `xdg_toplevel` resource that a request names.
    func toplevel(for resource: OpaquePointer?) -> XdgToplevel? {
        toplevels.first { $0.isResource(resource) }
    }

    func add(_ toplevel: XdgToplevel) {
        toplevels.append(toplevel)
    }

    func forget(_ toplevel: XdgToplevel) {
        toplevels.removeAll { $0 === toplevel }
    }

    func forget(_ xdgSurface: XdgSurface) {
        xdgSurfaces.removeAll { $0 === xdgSurface }
    }

    /// The protocol forbids destroying `xdg_wm_base` while the client still has xdg surfaces.
    private func destroy(_ resource: OpaquePointer?) {
        let client = wl_resource_get_client(resource)
        if xdgSurfaces.contains(where: { $0.client == client }) {
            glide_server_post_error(resource, XDG_WM_BASE_ERROR_DEFUNCT_SURFACES.rawValue,
                                    "xdg_wm_base destroyed before its xdg_surfaces")
            return
        }
        wl_resource_destroy(resource)
    }
}
