import CWaylandClient

/// A one-shot "good time to draw the next frame" notice (`wl_surface.frame`).
final class FrameCallback: ProxyOwner {
    let proxy: OpaquePointer
    private let handler: (UInt32) -> Void

    private static let listener = ListenerTable(wl_callback_listener(
        done: { data, _, timeMilliseconds in
            owner(data, as: FrameCallback.self).handler(timeMilliseconds)
        }))

    /// Requests a callback for the next commit of `surface`; `handler` gets the time in ms.
    init(surface: Surface, handler: @escaping (UInt32) -> Void) {
        proxy = wl_surface_frame(surface.proxy)
        self.handler = handler
        wl_callback_add_listener(proxy, FrameCallback.listener.pointer, unretainedPointer)
    }

    deinit {
        wl_callback_destroy(proxy)
    }
}
