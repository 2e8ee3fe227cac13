import CWaylandClient
import CWaylandProtocols

/// The desktop role of a surface (`xdg_surface`): configure events end with a serial that the
/// client acknowledges before its next commit.
final class XdgSurface: ProxyOwner {
    let proxy: OpaquePointer
    /// The protocol requires the role to be destroyed before its surface; holding the surface
    /// makes that the only possible order.
    private let surface: Surface
    var onConfigure: ((UInt32) -> Void)?

    private static let listener = ListenerTable(xdg_surface_listener(
        configure: { data, _, serial in owner(data, as: XdgSurface.self).onConfigure?(serial) }))

    init(windowManager: WindowManager, surface: Surface) {
        self.surface = surface
        proxy = xdg_wm_base_get_xdg_surface(windowManager.proxy, surface.proxy)
        xdg_surface_add_listener(proxy, XdgSurface.listener.pointer, unretainedPointer)
    }

    deinit {
        xdg_surface_destroy(proxy)
    }

    func acknowledgeConfigure(serial: UInt32) {
        xdg_surface_ack_configure(proxy, serial)
    }
}
