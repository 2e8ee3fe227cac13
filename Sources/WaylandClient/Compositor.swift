import CWaylandClient

/// Makes surfaces (`wl_compositor`).
public final class Compositor: ProxyOwner {
    let proxy: OpaquePointer

    init(proxy: OpaquePointer) {
        self.proxy = proxy
    }

    deinit {
        wl_compositor_destroy(proxy)
    }

    func makeSurface() -> OpaquePointer {
        wl_compositor_create_surface(proxy)
    }
}
