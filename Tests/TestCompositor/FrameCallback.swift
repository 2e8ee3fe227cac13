import CWaylandServer
import CWaylandServerProtocols

/// A `wl_surface.frame` callback: a one-shot "good time to draw the next frame", which the
/// test compositor answers only when the test presents a frame.
final class FrameCallback: ResourceOwner {
    private var resource: OpaquePointer?

    init(client: OpaquePointer?, id: UInt32) {
        resource = makeResource(client: client, interface: glide_server_wl_callback_interface(), version: 1,
                                id: id, implementation: nil)
    }

    /// Whether the client still waits for it.
    var isPending: Bool { resource != nil }

    /// Sends `done` with the frame time; the protocol then destroys the callback.
    func done(timeMilliseconds: UInt32) {
        guard let resource else { return }
        wl_callback_send_done(resource, timeMilliseconds)
        wl_resource_destroy(resource)
    }

    /// Destroys the callback unanswered, as when its surface goes away.
    func cancel() {
        if let resource { wl_resource_destroy(resource) }
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
    }
}
