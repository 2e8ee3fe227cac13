import CWaylandClient

/// A monitor (`wl_output`); Glide needs its integer scale.
public final class Output: ProxyOwner {
    let proxy: OpaquePointer
    let name: UInt32
    /// The output's scale factor (`wl_output.scale`, version 2), 1 until told otherwise.
    public private(set) var scale: Int32 = 1
    /// Called when the scale changes after start-up.
    var onScaleChange: (() -> Void)?

    private static let listener = ListenerTable(wl_output_listener(
        geometry: { _, _, _, _, _, _, _, _, _, _ in },
        mode: { _, _, _, _, _, _ in },
        done: { data, _ in owner(data, as: Output.self).onScaleChange?() },
        scale: { data, _, factor in owner(data, as: Output.self).scale = max(1, factor) },
        name: { _, _, _ in },
        description: { _, _, _ in }))

    init(proxy: OpaquePointer, name: UInt32) {
        self.proxy = proxy
        self.name = name
        wl_output_add_listener(proxy, Output.listener.pointer, unretainedPointer)
    }

    deinit {
        if wl_proxy_get_version(proxy) >= 3 {
            wl_output_release(proxy)
        } else {
            wl_output_destroy(proxy)
        }
    }
}
