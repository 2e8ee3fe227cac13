import CWaylandClient
import CWaylandProtocols

/// A rectangle of pixels on screen (`wl_surface`), and the outputs it is shown on.
public final class Surface: ProxyOwner {
    let proxy: OpaquePointer
    /// The outputs' owner, for window surfaces (nil for a cursor's). Held strongly, as every
    /// wrapper holds what must outlive it: the connection must stay open until this surface
    /// is destroyed.
    private let registry: Registry?
    /// The compositor that made the surface, kept alive for the same reason.
    private let compositor: Compositor
    private var enteredOutputs: [OpaquePointer] = []
    /// Called when the largest scale among the outputs the surface is on changes.
    var onPreferredScaleChange: (() -> Void)?

    private static let listener = ListenerTable(wl_surface_listener(
        enter: { data, _, output in
            guard let output else { return }
            owner(data, as: Surface.self).enter(output)
        },
        leave: { data, _, output in
            guard let output else { return }
            owner(data, as: Surface.self).leave(output)
        }))

    /// A window surface: tagged as Glide's, so input on it is taken, and following the
    /// scale of the outputs it is shown on.
    init(registry: Registry) {
        self.registry = registry
        compositor = registry.compositor!
        proxy = compositor.makeSurface()
        wl_proxy_set_tag(proxy, glide_surface_tag())
        wl_surface_add_listener(proxy, Surface.listener.pointer, unretainedPointer)
        for output in registry.outputs {
            output.onScaleChange = { [weak self] in self?.onPreferredScaleChange?() }
        }
    }

    /// A plain surface, such as the cursor's.
    init(compositor: Compositor) {
        registry = nil
        self.compositor = compositor
        proxy = compositor.makeSurface()
    }

    deinit {
        wl_surface_destroy(proxy)
    }

    /// The buffer scale to render at: the largest integer scale of the outputs the surface is
    /// on, or of any output before the compositor says where the surface is (as foot does).
    public var preferredScale: Int32 {
        guard let registry else { return 1 }
        let scales = enteredOutputs.compactMap { registry.output(for: $0)?.scale }
        return scales.max() ?? registry.outputs.map(\.scale).max() ?? 1
    }

    private func enter(_ output: OpaquePointer) {
        enteredOutputs.append(output)
        onPreferredScaleChange?()
    }

    private func leave(_ output: OpaquePointer) {
        enteredOutputs.removeAll { $0 == output }
        onPreferredScaleChange?()
    }

    /// Attaches a buffer, marks the changed rectangles (in buffer pixels) and sets its scale.
    func attach(_ buffer: ShmBuffer, scale: Int32, damage: [any BufferDamage]) {
        wl_surface_set_buffer_scale(proxy, scale)
        wl_surface_attach(proxy, buffer.proxy, 0, 0)
        for rect in damage {
            wl_surface_damage_buffer(proxy, Int32(clamping: rect.x), Int32(clamping: rect.y),
                                     Int32(clamping: rect.width), Int32(clamping: rect.height))
        }
    }

    func commit() {
        wl_surface_commit(proxy)
    }
}

/// What `wl_surface.damage_buffer` reads of a rectangle of buffer pixels. WaylandClient has
/// no rectangle type of its own: the renderer's `DeviceRect` is the one type of that space,
/// and conforms where the app joins the two (`glide/ViewerApp.swift`).
public protocol BufferDamage {
    var x: Int { get }
    var y: Int { get }
    var width: Int { get }
    var height: Int { get }
}
