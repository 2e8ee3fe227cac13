import CWaylandClient

/// The clipboard's factory (`wl_data_device_manager`): a data device per seat and sources
/// that offer Glide's selection.
final class DataDeviceManager: ProxyOwner {
    let proxy: OpaquePointer

    init(proxy: OpaquePointer) {
        self.proxy = proxy
    }

    deinit {
        // The interface has no destructor request: this only frees the proxy.
        wl_data_device_manager_destroy(proxy)
    }
}
