import CWaylandServer
import CWaylandServerProtocols
import Glibc

/// The `wp_presentation` global: feedback on when each commit's content was shown, with
/// the frame clock's times and refresh.
public final class Presentation: GlobalOwner {
    private unowned let compositor: Compositor
    var resources: [OpaquePointer] = []

    private static let handlers = RequestHandlers(wp_presentation_interface(
        destroy: destroyResource,
        feedback: { client, resource, surfaceResource, id in
            let presentation = owner(of: resource, as: Presentation.self)
            guard let surface = presentation.compositor.surface(for: surfaceResource) else { return }
            if let feedback = PresentationFeedback(client: client, id: id) {
                surface.pending.feedbacks.append(feedback)
            }
        }))

    init(display: OpaquePointer, compositor: Compositor, isOffered: Bool) {
        self.compositor = compositor
        if isOffered { offer(on: display, version: 1) }
    }

    static var interface: UnsafePointer<wl_interface> { glide_server_wp_presentation_interface() }
    static var implementation: UnsafeRawPointer { Presentation.handlers.implementation }

    /// The protocol requires the clock's id at once; the frame clock counts in it.
    func didBind(_ resource: OpaquePointer) {
        wp_presentation_send_clock_id(resource, UInt32(CLOCK_MONOTONIC))
    }
}

/// A `wp_presentation_feedback`: one commit's fate, presented or discarded, after which the
/// protocol destroys it.
final class PresentationFeedback: ResourceOwner {
    private var resource: OpaquePointer?

    init?(client: OpaquePointer?, id: UInt32) {
        guard let resource = makeResource(client: client, interface: glide_server_wp_presentation_feedback_interface(),
                                          version: 1, id: id, implementation: nil)
        else { return nil }
        self.resource = resource
    }

    /// Reports the content as shown on `output` at `time`, synchronized to its vblank.
    func presented(_ time: PresentationTime, output: Output) {
        guard let resource else { return }
        for outputResource in output.resources(of: wl_resource_get_client(resource)) {
            wp_presentation_feedback_send_sync_output(resource, outputResource)
        }
        let seconds = time.timeNanoseconds / 1_000_000_000
        wp_presentation_feedback_send_presented(
            resource, UInt32(seconds >> 32), UInt32(truncatingIfNeeded: seconds),
            UInt32(time.timeNanoseconds % 1_000_000_000), time.refreshNanoseconds,
            UInt32(time.sequence >> 32), UInt32(truncatingIfNeeded: time.sequence),
            WP_PRESENTATION_FEEDBACK_KIND_VSYNC.rawValue)
        wl_resource_destroy(resource)
    }

    /// Reports the content as never shown: a later commit replaced it, or its surface died.
    func discard() {
        guard let resource else { return }
        wp_presentation_feedback_send_discarded(resource)
        wl_resource_destroy(resource)
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
    }
}
