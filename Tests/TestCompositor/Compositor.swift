import CWaylandServer
import CWaylandServerProtocols

/// The `wl_compositor` global: it makes surfaces and regions.
public final class Compositor: GlobalOwner {
    /// Version 5 adds `wl_surface.offset` (libwayland 1.21's highest).
    static let version: Int32 = 5

    /// Every live surface of every client, oldest first.
    public private(set) var surfaces: [Surface] = []
    let output: Output
    /// Called after each applied commit, for frame pacing.
    var onCommit: ((Surface) -> Void)?
    /// How many frames were presented so far, for the commit log.
    var presentedFrameCount: UInt64 = 0
    private var regions: [Region] = []
    var resources: [OpaquePointer] = []

    private static let handlers = RequestHandlers(wl_compositor_interface(
        create_surface: { client, resource, id in
            let compositor = owner(of: resource, as: Compositor.self)
            guard let resource else { return }
            let version = UInt32(wl_resource_get_version(resource))
            if let surface = Surface(compositor: compositor, client: client, version: version, id: id) {
                compositor.surfaces.append(surface)
            }
        },
        create_region: { client, resource, id in
            let compositor = owner(of: resource, as: Compositor.self)
            if let region = Region(compositor: compositor, client: client, id: id) {
                compositor.regions.append(region)
            }
        }))

    init(display: OpaquePointer, output: Output) {
        self.output = output
        offer(on: display, version: Compositor.version)
    }

    static var interface: UnsafePointer<wl_interface> { glide_server_wl_compositor_interface() }
    static var implementation: UnsafeRawPointer { Compositor.handlers.implementation }

    /// The surface behind a `wl_surface` resource that a request names.
    func surface(for resource: OpaquePointer?) -> Surface? {
        guard let resource else { return nil }
        return surfaces.first { $0.resource == resource }
    }

    func forget(_ surface: Surface) {
        surfaces.removeAll { $0 === surface }
    }

    func forget(_ region: Region) {
        regions.removeAll { $0 === region }
    }
}
