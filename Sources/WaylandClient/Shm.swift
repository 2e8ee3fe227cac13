import CWaylandClient

/// Shared-memory buffers (`wl_shm`). ARGB8888 and XRGB8888 are always supported, so the
/// format events need no listener.
public final class Shm: ProxyOwner {
    let proxy: OpaquePointer

    init(proxy: OpaquePointer) {
        self.proxy = proxy
    }

    deinit {
        wl_shm_destroy(proxy)
    }
}
