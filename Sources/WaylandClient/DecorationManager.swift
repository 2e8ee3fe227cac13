import CWaylandClient
import CWaylandProtocols
import Machinery

/// Server-side decorations (`zxdg_decoration_manager_v1`), offered by Sway and KDE.
public final class DecorationManager: ProxyOwner {
    let proxy: OpaquePointer

    init(proxy: OpaquePointer) {
        self.proxy = proxy
    }

    deinit {
        zxdg_decoration_manager_v1_destroy(proxy)
    }
}

/// One toplevel's decoration (`zxdg_toplevel_decoration_v1`): Glide asks for server-side.
final class ToplevelDecoration: ProxyOwner {
    let proxy: OpaquePointer
    /// The decoration object must go before its toplevel.
    private let toplevel: XdgToplevel

    private static let listener = ListenerTable(zxdg_toplevel_decoration_v1_listener(
        configure: { _, _, mode in
            DebugLog.write("decoration mode \(mode == 2 ? "server-side" : "client-side")")
        }))

    init(manager: DecorationManager, toplevel: XdgToplevel) {
        self.toplevel = toplevel
        proxy = zxdg_decoration_manager_v1_get_toplevel_decoration(manager.proxy, toplevel.proxy)
        zxdg_toplevel_decoration_v1_add_listener(proxy, ToplevelDecoration.listener.pointer, nil)
        zxdg_toplevel_decoration_v1_set_mode(proxy, UInt32(ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue))
    }

    deinit {
        zxdg_toplevel_decoration_v1_destroy(proxy)
    }
}
