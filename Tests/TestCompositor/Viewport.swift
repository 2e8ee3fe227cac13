import CWaylandServer
import CWaylandServerProtocols

/// A `wp_viewport`: a surface's source rectangle and destination size, double-buffered
/// like the rest of the surface's state.
final class Viewport: ResourceOwner {
    private unowned let viewporter: Viewporter
    private weak var surface: Surface?
    private var resource: OpaquePointer?

    private static let handlers = RequestHandlers(wp_viewport_interface(
        destroy: destroyResource,
        set_source: { _, resource, x, y, width, height in
            owner(of: resource, as: Viewport.self).setSource(
                x: wl_fixed_to_double(x), y: wl_fixed_to_double(y),
                width: wl_fixed_to_double(width), height: wl_fixed_to_double(height))
        },
        set_destination: { _, resource, width, height in
            owner(of: resource, as: Viewport.self).setDestination(width: width, height: height)
        }))

    init?(viewporter: Viewporter, client: OpaquePointer?, id: UInt32, surface: Surface) {
        self.viewporter = viewporter
        self.surface = surface
        guard let resource = makeResource(client: client, interface: glide_server_wp_viewport_interface(),
                                          version: 1, id: id, implementation: Viewport.handlers.implementation)
        else { return nil }
        self.resource = resource
    }

    /// The surface, or nil after posting `no_surface` if the client destroyed it.
    private var liveSurface: Surface? {
        if let surface, surface.isAlive { return surface }
        glide_server_post_error(resource, WP_VIEWPORT_ERROR_NO_SURFACE.rawValue, "the viewport's wl_surface is gone")
        return nil
    }

    /// All -1 unsets the source; otherwise the origin must be non-negative and the size positive.
    private func setSource(x: Double, y: Double, width: Double, height: Double) {
        guard let surface = liveSurface else { return }
        if x == -1, y == -1, width == -1, height == -1 {
            surface.pending.viewportSource = .some(nil)
        } else if x >= 0, y >= 0, width > 0, height > 0 {
            surface.pending.viewportSource = ViewportSource(x: x, y: y, width: width, height: height)
        } else {
            glide_server_post_error(resource, WP_VIEWPORT_ERROR_BAD_VALUE.rawValue,
                                    "source \(width)x\(height)+\(x)+\(y) is invalid")
        }
    }

    /// -1 × -1 unsets the destination; otherwise both sides must be positive.
    private func setDestination(width: Int32, height: Int32) {
        guard let surface = liveSurface else { return }
        if width == -1, height == -1 {
            surface.pending.viewportDestination = .some(nil)
        } else if width > 0, height > 0 {
            surface.pending.viewportDestination = Size(width: width, height: height)
        } else {
            glide_server_post_error(resource, WP_VIEWPORT_ERROR_BAD_VALUE.rawValue,
                                    "destination \(width)x\(height) is invalid")
        }
    }

    /// Destroying the viewport unsets both at the surface's next commit.
    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        if let surface, surface.isAlive {
            surface.pending.viewportSource = .some(nil)
            surface.pending.viewportDestination = .some(nil)
        }
        viewporter.forget(self)
    }
}
