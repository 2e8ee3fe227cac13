import CWaylandServer
import CWaylandServerProtocols

/// An `xdg_toplevel`: a desktop window. The test configures its size and states, asks it to
/// close, and reads what the client set (title, app id, size limits).
public final class XdgToplevel: ResourceOwner {
    /// A window state that a configure can carry (`xdg_toplevel.state`).
    public enum State: UInt32, Sendable {
        case maximized = 1
        case fullscreen = 2
        case resizing = 3
        case activated = 4
    }

    /// The window's surface.
    public var surface: Surface { xdgSurface.surface }
    public private(set) var title: String?
    public private(set) var appID: String?
    /// The size limits in logical px; 0 means none.
    public private(set) var minimumSize = Size(width: 0, height: 0)
    public private(set) var maximumSize = Size(width: 0, height: 0)
    /// What the client last asked for with `set_fullscreen`/`unset_fullscreen` and
    /// `set_maximized`/`unset_maximized`; the test decides whether to configure it so.
    public private(set) var wantsFullscreen = false
    public private(set) var wantsMaximized = false
    /// The serial of the last configure the client acknowledged, nil before the first.
    public var acknowledgedSerial: UInt32? { xdgSurface.acknowledgedSerial }
    /// The window geometry as of the last commit, in logical px, if the client set one.
    public var windowGeometry: Rect? { xdgSurface.windowGeometry }
    /// Whether the client still has the toplevel.
    public var isAlive: Bool { resource != nil }
    /// Every `set_fullscreen` (true) and `unset_fullscreen` (false), oldest first.
    public private(set) var fullscreenRequests: [Bool] = []
    /// The size and states of the last configure sent, nil before the first.
    public private(set) var lastConfigure: (size: Size, states: [State])?

    /// The toplevel's `zxdg_toplevel_decoration_v1`, while the client has one.
    var decoration: ToplevelDecoration?
    /// Whether the client made a decoration object for this toplevel (and still has it).
    public var hasDecorationObject: Bool { decoration?.isAlive == true }
    /// The mode the client last asked for with `set_mode`; nil before any, or after `unset_mode`.
    public internal(set) var requestedDecorationMode: DecorationMode?
    /// How many `set_mode` and `unset_mode` requests the client sent.
    public internal(set) var decorationRequestCount = 0
    /// The mode the compositor last configured the decoration with.
    public internal(set) var configuredDecorationMode: DecorationMode?
    /// Whether the toplevel got its first configure.
    var hasBeenConfigured: Bool { lastConfigure != nil }

    private let xdgSurface: XdgSurface
    private unowned let shell: XdgShell
    private let serials: SerialSource
    private var resource: OpaquePointer?

    private static let handlers = RequestHandlers(xdg_toplevel_interface(
        destroy: destroyResource,
        set_parent: { _, _, _ in
            // A dialog's parent matters only to a window manager's stacking.
        },
        set_title: { _, resource, title in owner(of: resource, as: XdgToplevel.self).title = title.map { String(cString: $0) } },
        set_app_id: { _, resource, id in owner(of: resource, as: XdgToplevel.self).appID = id.map { String(cString: $0) } },
        // Interactive requests need a user at a real seat; a compositor may ignore them.
        show_window_menu: { _, _, _, _, _, _ in },
        move: { _, _, _, _ in },
        resize: { _, _, _, _, _ in },
        set_max_size: { _, resource, width, height in
            owner(of: resource, as: XdgToplevel.self).maximumSize = Size(width: width, height: height)
        },
        set_min_size: { _, resource, width, height in
            owner(of: resource, as: XdgToplevel.self).minimumSize = Size(width: width, height: height)
        },
        set_maximized: { _, resource in owner(of: resource, as: XdgToplevel.self).wantsMaximized = true },
        unset_maximized: { _, resource in owner(of: resource, as: XdgToplevel.self).wantsMaximized = false },
        set_fullscreen: { _, resource, _ in owner(of: resource, as: XdgToplevel.self).requestFullscreen(true) },
        unset_fullscreen: { _, resource in owner(of: resource, as: XdgToplevel.self).requestFullscreen(false) },
        set_minimized: { _, _ in }))

    init?(shell: XdgShell, xdgSurface: XdgSurface, client: OpaquePointer?, version: UInt32, id: UInt32) {
        self.shell = shell
        self.xdgSurface = xdgSurface
        serials = shell.serialSource
        guard let resource = makeResource(client: client, interface: glide_server_xdg_toplevel_interface(),
                                          version: version, id: id, implementation: XdgToplevel.handlers.implementation)
        else { return nil }
        self.resource = resource
    }

    /// Suggests a size in logical px (0×0: the client chooses) and states; returns the
    /// serial the client will acknowledge.
    @discardableResult
    public func sendConfigure(width: Int32, height: Int32, states: [State] = [.activated]) -> UInt32 {
        let serial = serials.next()
        guard let resource else { return serial }
        lastConfigure = (Size(width: width, height: height), states)
        // A decoration's configure belongs to the toplevel's configure sequence.
        decoration?.sendConfigure()
        withWaylandArray(states.map(\.rawValue)) { array in
            xdg_toplevel_send_configure(resource, width, height, array)
        }
        xdgSurface.sendConfigure(serial: serial)
        return serial
    }

    /// Configures again with the last size and states (after a change the test made
    /// elsewhere, such as a decoration mode); returns the serial.
    @discardableResult
    func sendConfigure(repeatingLast: Void) -> UInt32 {
        let last = lastConfigure ?? (Size(width: 0, height: 0), [.activated])
        return sendConfigure(width: last.size.width, height: last.size.height, states: last.states)
    }

    /// Whether `resource` is this toplevel's.
    func isResource(_ resource: OpaquePointer?) -> Bool {
        resource != nil && self.resource == resource
    }

    private func requestFullscreen(_ isFullscreen: Bool) {
        wantsFullscreen = isFullscreen
        fullscreenRequests.append(isFullscreen)
    }

    /// Asks the client to close the window, as its close button would.
    public func sendClose() {
        if let resource { xdg_toplevel_send_close(resource) }
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        if let decoration, decoration.isAlive {
            decoration.postError(ZXDG_TOPLEVEL_DECORATION_V1_ERROR_ORPHANED.rawValue,
                                 "xdg_toplevel destroyed before its zxdg_toplevel_decoration_v1")
        }
        self.resource = nil
        shell.forget(self)
    }
}
