import CWaylandClient
import CWaylandProtocols

/// The primary selection's factory (`zwp_primary_selection_device_manager_v1`): what a
/// middle click pastes elsewhere.
final class PrimarySelectionManager: ProxyOwner {
    let proxy: OpaquePointer

    init(proxy: OpaquePointer) {
        self.proxy = proxy
    }

    deinit {
        zwp_primary_selection_device_manager_v1_destroy(proxy)
    }
}
