import CWaylandServer
import CWaylandServerProtocols

/// An `xdg_surface`: the desktop role of a surface. The compositor configures it, and the
/// client must acknowledge a configure before it attaches a buffer.
final class XdgSurface: ResourceOwner, SurfaceRole {
    let surface: Surface
    /// The toplevel role object, while it exists.
    weak var toplevel: XdgToplevel?
    /// The window geometry (`set_window_geometry`) as of the last commit, in logical px.
    private(set) var windowGeometry: Rect?
    /// The serial of the last configure the client acknowledged.
    private(set) var acknowledgedSerial: UInt32?

    private unowned let shell: XdgShell
    private(set) var resource: OpaquePointer?
    private var pendingWindowGeometry: Rect?
    /// Configures sent and not yet acknowledged, oldest first.
    private var unacknowledgedSerials: [UInt32] = []
    private var hasSentInitialConfigure = false

    private static let handlers = RequestHandlers(xdg_surface_interface(
        destroy: { _, resource in owner(of: resource, as: XdgSurface.self).destroy() },
        get_toplevel: { client, resource, id in
            owner(of: resource, as: XdgSurface.self).makeToplevel(client: client, id: id)
        },
        get_popup: { client, resource, _, _, _ in
            owner(of: resource, as: XdgSurface.self).shell.reportUnsupported("xdg_surface.get_popup", client: client)
        },
        set_window_geometry: { _, resource, x, y, width, height in
            owner(of: resource, as: XdgSurface.self).pendingWindowGeometry = Rect(x: x, y: y, width: width, height: height)
        },
        ack_configure: { _, resource, serial in
            owner(of: resource, as: XdgSurface.self).acknowledge(serial)
        }))

    init?(shell: XdgShell, client: OpaquePointer?, version: UInt32, id: UInt32, surface: Surface) {
        self.shell = shell
        self.surface = surface
        guard let resource = makeResource(client: client, interface: glide_server_xdg_surface_interface(),
                                          version: version, id: id, implementation: XdgSurface.handlers.implementation)
        else { return nil }
        self.resource = resource
    }

    var client: OpaquePointer? { resource.map { wl_resource_get_client($0) } }

    var roleName: String { toplevel == nil ? "xdg_surface" : "xdg_toplevel" }

    /// A commit needs a role object, and a buffer needs an acknowledged configure.
    func validateCommit(attachesBuffer: Bool) -> Bool {
        guard toplevel != nil else {
            glide_server_post_error(resource, XDG_SURFACE_ERROR_NOT_CONSTRUCTED.rawValue,
                                    "commit of an xdg_surface without a toplevel")
            return false
        }
        if attachesBuffer, acknowledgedSerial == nil {
            glide_server_post_error(resource, XDG_SURFACE_ERROR_UNCONFIGURED_BUFFER.rawValue,
                                    "buffer attached before the first configure was acknowledged")
            return false
        }
        return true
    }

    /// The first commit (with no buffer) asks for the first configure.
    func surfaceDidApplyCommit() {
        windowGeometry = pendingWindowGeometry ?? windowGeometry
        pendingWindowGeometry = nil
        guard !hasSentInitialConfigure, let toplevel else { return }
        hasSentInitialConfigure = true
        toplevel.sendConfigure(width: shell.initialToplevelSize.width, height: shell.initialToplevelSize.height)
    }

    /// Ends a configure sequence (the role object sent its part) with a new serial.
    func sendConfigure(serial: UInt32) {
        guard let resource else { return }
        unacknowledgedSerials.append(serial)
        xdg_surface_send_configure(resource, serial)
    }

    private func acknowledge(_ serial: UInt32) {
        guard let index = unacknowledgedSerials.firstIndex(of: serial) else {
            glide_server_post_error(resource, XDG_SURFACE_ERROR_INVALID_SERIAL.rawValue,
                                    "ack_configure of serial \(serial), which was not sent or was acknowledged")
            return
        }
        // Acknowledging a configure also acknowledges the ones sent before it.
        unacknowledgedSerials.removeFirst(index + 1)
        acknowledgedSerial = serial
    }

    private func makeToplevel(client: OpaquePointer?, id: UInt32) {
        guard toplevel == nil else {
            glide_server_post_error(resource, XDG_SURFACE_ERROR_ALREADY_CONSTRUCTED.rawValue,
                                    "xdg_surface already has a toplevel")
            return
        }
        guard let resource,
              let toplevel = XdgToplevel(shell: shell, xdgSurface: self, client: client,
                                         version: UInt32(wl_resource_get_version(resource)), id: id)
        else { return }
        self.toplevel = toplevel
        shell.add(toplevel)
    }

    /// The protocol forbids destroying the xdg_surface before its role object.
    private func destroy() {
        if toplevel?.isAlive == true {
            glide_server_post_error(resource, XDG_SURFACE_ERROR_DEFUNCT_ROLE_OBJECT.rawValue,
                                    "xdg_surface destroyed before its xdg_toplevel")
            return
        }
        if let resource { wl_resource_destroy(resource) }
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        surface.removeRole()
        shell.forget(self)
    }
}
