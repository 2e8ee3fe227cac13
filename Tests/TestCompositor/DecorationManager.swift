import CWaylandServer
import CWaylandServerProtocols

/// Who draws a window's decorations (`zxdg_toplevel_decoration_v1.mode`).
public enum DecorationMode: UInt32, Sendable, CustomStringConvertible {
    /// The client draws them (libdecor, GTK's headerbar).
    case clientSide = 1
    /// The compositor draws them (Sway's title bars and borders).
    case serverSide = 2

    public var description: String { self == .clientSide ? "client-side" : "server-side" }
}

/// The `zxdg_decoration_manager_v1` global: a client asks who draws a toplevel's
/// decorations, and the compositor decides, as Sway does, with the mode of its configuration.
public final class DecorationManager: GlobalOwner {
    /// The mode every decoration is configured with, whatever the client prefers.
    public let mode: DecorationMode
    private unowned let shell: XdgShell
    private var decorations: [ToplevelDecoration] = []
    var resources: [OpaquePointer] = []

    private static let handlers = RequestHandlers(zxdg_decoration_manager_v1_interface(
        destroy: destroyResource,
        get_toplevel_decoration: { client, resource, id, toplevelResource in
            owner(of: resource, as: DecorationManager.self).makeDecoration(client: client, id: id, toplevel: toplevelResource)
        }))

    init(display: OpaquePointer, shell: XdgShell, mode: DecorationMode, isOffered: Bool) {
        self.shell = shell
        self.mode = mode
        if isOffered { offer(on: display, version: 1) }
    }

    static var interface: UnsafePointer<wl_interface> { glide_server_zxdg_decoration_manager_v1_interface() }
    static var implementation: UnsafeRawPointer { DecorationManager.handlers.implementation }

    private func makeDecoration(client: OpaquePointer?, id: UInt32, toplevel toplevelResource: OpaquePointer?) {
        guard let toplevel = shell.toplevel(for: toplevelResource),
              let decoration = ToplevelDecoration(manager: self, client: client, id: id, toplevel: toplevel)
        else { return }
        if toplevel.decoration != nil {
            decoration.postError(ZXDG_TOPLEVEL_DECORATION_V1_ERROR_ALREADY_CONSTRUCTED.rawValue,
                                 "the xdg_toplevel already has a decoration object")
            return
        }
        if toplevel.surface.committed.image != nil {
            decoration.postError(ZXDG_TOPLEVEL_DECORATION_V1_ERROR_UNCONFIGURED_BUFFER.rawValue,
                                 "decoration object made for an xdg_toplevel that already has a buffer")
            return
        }
        toplevel.decoration = decoration
        decorations.append(decoration)
    }

    func forget(_ decoration: ToplevelDecoration) {
        decorations.removeAll { $0 === decoration }
    }
}

/// A `zxdg_toplevel_decoration_v1`: the client's preference for one toplevel. Each request
/// is answered with a configure in the manager's mode; the toplevel's configure sequence
/// (which this object joins) carries the decoration's configure first.
final class ToplevelDecoration: ResourceOwner {
    private unowned let manager: DecorationManager
    private weak var toplevel: XdgToplevel?
    private var resource: OpaquePointer?

    private static let handlers = RequestHandlers(zxdg_toplevel_decoration_v1_interface(
        destroy: destroyResource,
        set_mode: { _, resource, mode in
            owner(of: resource, as: ToplevelDecoration.self).request(DecorationMode(rawValue: mode), isSet: true)
        },
        unset_mode: { _, resource in
            owner(of: resource, as: ToplevelDecoration.self).request(nil, isSet: false)
        }))

    init?(manager: DecorationManager, client: OpaquePointer?, id: UInt32, toplevel: XdgToplevel) {
        self.manager = manager
        self.toplevel = toplevel
        guard let resource = makeResource(client: client, interface: glide_server_zxdg_toplevel_decoration_v1_interface(),
                                          version: 1, id: id, implementation: ToplevelDecoration.handlers.implementation)
        else { return nil }
        self.resource = resource
    }

    var isAlive: Bool { resource != nil }

    func postError(_ code: UInt32, _ message: String) {
        glide_server_post_error(resource, code, message)
    }

    /// Sends the mode; the toplevel's configure that follows ends the sequence.
    func sendConfigure() {
        guard let resource else { return }
        zxdg_toplevel_decoration_v1_send_configure(resource, manager.mode.rawValue)
        toplevel?.configuredDecorationMode = manager.mode
    }

    private func request(_ mode: DecorationMode?, isSet: Bool) {
        guard let toplevel else { return }
        if isSet, mode == nil {
            // An unknown mode: version 1 of the protocol has no error for it; ignore it as wlroots does.
            return
        }
        toplevel.requestedDecorationMode = mode
        toplevel.decorationRequestCount += 1
        // Before the first configure the compositor waits for the initial commit, whose
        // configure carries the mode; afterwards it configures at once.
        if toplevel.hasBeenConfigured { toplevel.sendConfigure(repeatingLast: ()) }
    }

    /// The protocol forbids destroying the toplevel first (checked by the toplevel); destroying
    /// this object returns the window to the client's own decorations.
    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        if let toplevel, toplevel.decoration === self { toplevel.decoration = nil }
        manager.forget(self)
    }
}
