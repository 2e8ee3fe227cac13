import CWaylandServer
import CWaylandServerProtocols

/// The one monitor (`wl_output`): a fixed mode and an integer scale the test may change
/// while clients run.
public final class Output: GlobalOwner {
    /// Version 4 adds `name` and `description` (libwayland 1.21's highest).
    static let version: Int32 = 4

    /// The mode in physical px and its refresh rate in mHz.
    public let width: Int32 = 1920
    public let height: Int32 = 1080
    public let refreshMillihertz: Int32 = 60_000

    /// The integer scale (`wl_output.scale`); setting it sends `scale` and `done` to every
    /// client, as a compositor does when the user changes it.
    public var scale: Int32 = 1 {
        didSet {
            for resource in resources { sendScale(to: resource) }
        }
    }

    var resources: [OpaquePointer] = []

    private static let handlers = RequestHandlers(wl_output_interface(release: destroyResource))

    init(display: OpaquePointer) {
        offer(on: display, version: Output.version)
    }

    static var interface: UnsafePointer<wl_interface> { glide_server_wl_output_interface() }
    static var implementation: UnsafeRawPointer { Output.handlers.implementation }

    /// Tells the surface's client that the surface is now shown on this output.
    func enter(_ surface: Surface) {
        guard let surfaceResource = surface.resource else { return }
        for resource in resources(of: surface.client) {
            wl_surface_send_enter(surfaceResource, resource)
        }
    }

    /// Describes the output to a new resource, ending with `done` as version 2 requires.
    func didBind(_ resource: OpaquePointer) {
        wl_output_send_geometry(resource, 0, 0, 344, 194, Int32(WL_OUTPUT_SUBPIXEL_UNKNOWN.rawValue),
                                "Glide", "Test output", Int32(WL_OUTPUT_TRANSFORM_NORMAL.rawValue))
        wl_output_send_mode(resource, WL_OUTPUT_MODE_CURRENT.rawValue | WL_OUTPUT_MODE_PREFERRED.rawValue,
                            width, height, refreshMillihertz)
        if wl_resource_get_version(resource) >= 4 {
            wl_output_send_name(resource, "TEST-1")
            wl_output_send_description(resource, "Glide test compositor output")
        }
        sendScale(to: resource)
    }

    private func sendScale(to resource: OpaquePointer) {
        guard wl_resource_get_version(resource) >= 2 else { return }
        wl_output_send_scale(resource, scale)
        wl_output_send_done(resource)
    }
}
