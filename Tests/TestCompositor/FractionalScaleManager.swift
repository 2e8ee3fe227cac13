import CWaylandServer
import CWaylandServerProtocols

/// The `wp_fractional_scale_manager_v1` global: each surface's preferred scale in 120ths,
/// which a client meets with a buffer of round(logical × scale) px, buffer scale 1 and a
/// viewport whose destination is the logical size.
public final class FractionalScaleManager: GlobalOwner {
    /// The preferred scale in 120ths (120 is 1, 180 is 1.5), nil before the test chooses one;
    /// setting it sends `preferred_scale` to every surface's fractional-scale object.
    public var preferredScale: UInt32? {
        didSet {
            guard let preferredScale else { return }
            for object in objects { object.sendPreferredScale(preferredScale) }
        }
    }

    private unowned let compositor: Compositor
    private var objects: [FractionalScale] = []
    var resources: [OpaquePointer] = []

    private static let handlers = RequestHandlers(wp_fractional_scale_manager_v1_interface(
        destroy: destroyResource,
        get_fractional_scale: { client, resource, id, surfaceResource in
            owner(of: resource, as: FractionalScaleManager.self).makeObject(client: client, resource: resource, id: id,
                                                                            surface: surfaceResource)
        }))

    init(display: OpaquePointer, compositor: Compositor, preferredScale: UInt32?, isOffered: Bool) {
        self.compositor = compositor
        self.preferredScale = preferredScale
        if isOffered { offer(on: display, version: 1) }
    }

    static var interface: UnsafePointer<wl_interface> { glide_server_wp_fractional_scale_manager_v1_interface() }
    static var implementation: UnsafeRawPointer { FractionalScaleManager.handlers.implementation }

    /// How many surfaces have a fractional-scale object.
    public var objectCount: Int { objects.count }

    private func makeObject(client: OpaquePointer?, resource: OpaquePointer?, id: UInt32, surface surfaceResource: OpaquePointer?) {
        guard let surface = compositor.surface(for: surfaceResource) else { return }
        if objects.contains(where: { $0.surface === surface }) {
            glide_server_post_error(resource, WP_FRACTIONAL_SCALE_MANAGER_V1_ERROR_FRACTIONAL_SCALE_EXISTS.rawValue,
                                    "wl_surface@\(surface.id) already has a wp_fractional_scale_v1")
            return
        }
        guard let object = FractionalScale(manager: self, client: client, id: id, surface: surface) else { return }
        objects.append(object)
        if let preferredScale { object.sendPreferredScale(preferredScale) }
    }

    func forget(_ object: FractionalScale) {
        objects.removeAll { $0 === object }
    }
}

/// A `wp_fractional_scale_v1`: one surface's preferred scale.
final class FractionalScale: ResourceOwner {
    private unowned let manager: FractionalScaleManager
    private(set) weak var surface: Surface?
    private var resource: OpaquePointer?

    private static let handlers = RequestHandlers(wp_fractional_scale_v1_interface(destroy: destroyResource))

    init?(manager: FractionalScaleManager, client: OpaquePointer?, id: UInt32, surface: Surface) {
        self.manager = manager
        self.surface = surface
        guard let resource = makeResource(client: client, interface: glide_server_wp_fractional_scale_v1_interface(),
                                          version: 1, id: id, implementation: FractionalScale.handlers.implementation)
        else { return nil }
        self.resource = resource
    }

    func sendPreferredScale(_ scale: UInt32) {
        if let resource { wp_fractional_scale_v1_send_preferred_scale(resource, scale) }
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        manager.forget(self)
    }
}
