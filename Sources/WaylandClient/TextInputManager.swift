import CWaylandClient
import CWaylandProtocols

/// The factory of text inputs (`zwp_text_input_manager_v3`), through which on-screen
/// keyboards and input methods type into a client.
final class TextInputManager: ProxyOwner {
    let proxy: OpaquePointer

    init(proxy: OpaquePointer) {
        self.proxy = proxy
    }

    deinit {
        zwp_text_input_manager_v3_destroy(proxy)
    }
}
