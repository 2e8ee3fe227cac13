import CWaylandClient
import CWaylandProtocols

/// A top-level window (`xdg_toplevel`): its suggested size and states, and the close request.
final class XdgToplevel: ProxyOwner {
    let proxy: OpaquePointer
    /// The size the compositor suggests in logical px; 0 means "the client decides".
    private(set) var suggestedWidth: Int32 = 0
    private(set) var suggestedHeight: Int32 = 0
    var onClose: (() -> Void)?

    private static let listener = ListenerTable(xdg_toplevel_listener(
        configure: { data, _, width, height, _ in
            let toplevel = owner(data, as: XdgToplevel.self)
            toplevel.suggestedWidth = width
            toplevel.suggestedHeight = height
        },
        close: { data, _ in owner(data, as: XdgToplevel.self).onClose?() },
        configure_bounds: { _, _, _, _ in },
        wm_capabilities: { _, _, _ in }))

    init(xdgSurface: XdgSurface, title: String, appID: String) {
        proxy = xdg_surface_get_toplevel(xdgSurface.proxy)
        xdg_toplevel_add_listener(proxy, XdgToplevel.listener.pointer, unretainedPointer)
        xdg_toplevel_set_title(proxy, title)
        xdg_toplevel_set_app_id(proxy, appID)
    }

    deinit {
        xdg_toplevel_destroy(proxy)
    }

    func setMinimumSize(width: Int32, height: Int32) {
        xdg_toplevel_set_min_size(proxy, width, height)
    }
}
