import CWaylandClient
import CWaylandProtocols

/// The desktop shell (`xdg_wm_base`), which pings to check that the client is alive.
public final class WindowManager: ProxyOwner {
    let proxy: OpaquePointer

    private static let listener = ListenerTable(xdg_wm_base_listener(
        ping: { _, proxy, serial in xdg_wm_base_pong(proxy, serial) }))

    init(proxy: OpaquePointer) {
        self.proxy = proxy
        xdg_wm_base_add_listener(proxy, WindowManager.listener.pointer, nil)
    }

    deinit {
        xdg_wm_base_destroy(proxy)
    }
}
