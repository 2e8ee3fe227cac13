import CWaylandClient
import CWaylandProtocols

/// Fractional scaling (`wp_fractional_scale_manager_v1`); no Debian 12 compositor offers it
/// yet, so it is used only when present.
public final class FractionalScaleManager: ProxyOwner {
    let proxy: OpaquePointer

    init(proxy: OpaquePointer) {
        self.proxy = proxy
    }

    deinit {
        wp_fractional_scale_manager_v1_destroy(proxy)
    }
}

/// A surface's preferred fractional scale (`wp_fractional_scale_v1`).
final class FractionalScale: ProxyOwner {
    let proxy: OpaquePointer
    /// The preferred scale, or nil until the compositor says.
    private(set) var scale: Double?
    var onChange: (() -> Void)?

    private static let listener = ListenerTable(wp_fractional_scale_v1_listener(
        preferred_scale: { data, _, numerator in
            // The scale is the numerator of a fraction with denominator 120.
            let fractional = owner(data, as: FractionalScale.self)
            guard numerator > 0 else { return }
            fractional.scale = Double(numerator) / 120
            fractional.onChange?()
        }))

    init(manager: FractionalScaleManager, surface: Surface) {
        proxy = wp_fractional_scale_manager_v1_get_fractional_scale(manager.proxy, surface.proxy)
        wp_fractional_scale_v1_add_listener(proxy, FractionalScale.listener.pointer, unretainedPointer)
    }

    deinit {
        wp_fractional_scale_v1_destroy(proxy)
    }
}

/// Cropping and scaling of surfaces (`wp_viewporter`).
public final class Viewporter: ProxyOwner {
    let proxy: OpaquePointer

    init(proxy: OpaquePointer) {
        self.proxy = proxy
    }

    deinit {
        wp_viewporter_destroy(proxy)
    }
}

/// One surface's viewport (`wp_viewport`): with fractional scale the buffer is drawn at
/// round(logical × scale) pixels with buffer scale 1, and the viewport maps it back onto the
/// logical size.
final class Viewport: ProxyOwner {
    let proxy: OpaquePointer
    /// The destination last set; it is sent again only when it changes.
    private var destination: (width: Int32, height: Int32)?

    init(viewporter: Viewporter, surface: Surface) {
        proxy = wp_viewporter_get_viewport(viewporter.proxy, surface.proxy)
    }

    deinit {
        wp_viewport_destroy(proxy)
    }

    func setDestination(width: Int32, height: Int32) {
        guard destination?.width != width || destination?.height != height else { return }
        destination = (width, height)
        wp_viewport_set_destination(proxy, width, height)
    }
}
