import CWaylandServer
import CWaylandServerProtocols

/// The `wp_viewporter` global: it gives surfaces a viewport (crop and scale).
public final class Viewporter: GlobalOwner {
    private unowned let compositor: Compositor
    private var viewports: [Viewport] = []
    var resources: [OpaquePointer] = []

    private static let handlers = RequestHandlers(wp_viewporter_interface(
        destroy: destroyResource,
        get_viewport: { client, resource, id, surfaceResource in
            owner(of: resource, as: Viewporter.self).makeViewport(client: client, resource: resource, id: id,
                                                                  surface: surfaceResource)
        }))

    init(display: OpaquePointer, compositor: Compositor, isOffered: Bool) {
        self.compositor = compositor
        if isOffered { offer(on: display, version: 1) }
    }

    static var interface: UnsafePointer<wl_interface> { glide_server_wp_viewporter_interface() }
    static var implementation: UnsafeRawPointer { Viewporter.handlers.implementation }

    private func makeViewport(client: OpaquePointer?, resource: OpaquePointer?, id: UInt32, surface surfaceResource: OpaquePointer?) {
        guard let surface = compositor.surface(for: surfaceResource) else { return }
        guard surface.viewport == nil else {
            glide_server_post_error(resource, WP_VIEWPORTER_ERROR_VIEWPORT_EXISTS.rawValue,
                                    "wl_surface@\(surface.id) already has a viewport")
            return
        }
        if let viewport = Viewport(viewporter: self, client: client, id: id, surface: surface) {
            viewports.append(viewport)
            surface.viewport = viewport
        }
    }

    func forget(_ viewport: Viewport) {
        viewports.removeAll { $0 === viewport }
    }
}
