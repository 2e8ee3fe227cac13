import CWaylandServer
import CWaylandServerProtocols

/// A `wl_region`: rectangles a client adds and subtracts, then sets as a surface's opaque or
/// input region (which copies it).
final class Region: ResourceOwner {
    private(set) var shape = RegionShape()
    private unowned let compositor: Compositor

    private static let handlers = RequestHandlers(wl_region_interface(
        destroy: destroyResource,
        add: { _, resource, x, y, width, height in
            owner(of: resource, as: Region.self).shape.added.append(Rect(x: x, y: y, width: width, height: height))
        },
        subtract: { _, resource, x, y, width, height in
            owner(of: resource, as: Region.self).shape.subtracted.append(Rect(x: x, y: y, width: width, height: height))
        }))

    init?(compositor: Compositor, client: OpaquePointer?, id: UInt32) {
        self.compositor = compositor
        guard makeResource(client: client, interface: glide_server_wl_region_interface(), version: 1, id: id,
                           implementation: Region.handlers.implementation) != nil
        else { return nil }
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        compositor.forget(self)
    }
}
