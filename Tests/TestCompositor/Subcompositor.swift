import CWaylandServer
import CWaylandServerProtocols

/// The `wl_subcompositor` global: it gives surfaces the subsurface role.
public final class Subcompositor: GlobalOwner {
    /// Every live subsurface of every client.
    public private(set) var subsurfaces: [Subsurface] = []
    private unowned let compositor: Compositor
    var resources: [OpaquePointer] = []

    private static let handlers = RequestHandlers(wl_subcompositor_interface(
        destroy: destroyResource,
        get_subsurface: { client, resource, id, surface, parent in
            owner(of: resource, as: Subcompositor.self)
                .makeSubsurface(client: client, resource: resource, id: id, surface: surface, parent: parent)
        }))

    init(display: OpaquePointer, compositor: Compositor) {
        self.compositor = compositor
        offer(on: display, version: 1)
    }

    static var interface: UnsafePointer<wl_interface> { glide_server_wl_subcompositor_interface() }
    static var implementation: UnsafeRawPointer { Subcompositor.handlers.implementation }

    private func makeSubsurface(client: OpaquePointer?, resource: OpaquePointer?, id: UInt32,
                                surface surfaceResource: OpaquePointer?, parent parentResource: OpaquePointer?) {
        guard let surface = compositor.surface(for: surfaceResource),
              let parent = compositor.surface(for: parentResource), surface !== parent
        else {
            glide_server_post_error(resource, WL_SUBCOMPOSITOR_ERROR_BAD_SURFACE.rawValue,
                                    "a subsurface needs two different live surfaces")
            return
        }
        guard surface.mayTakeRole(error: WL_SUBCOMPOSITOR_ERROR_BAD_SURFACE.rawValue, on: resource),
              let subsurface = Subsurface(subcompositor: self, client: client, id: id, surface: surface, parent: parent)
        else { return }
        surface.assignRole(subsurface)
        subsurfaces.append(subsurface)
        parent.children.append(subsurface)
    }

    func forget(_ subsurface: Subsurface) {
        subsurfaces.removeAll { $0 === subsurface }
    }
}
