import CWaylandClient
import CWaylandProtocols
import Machinery

/// The globals the compositor offers (`wl_registry`), bound at min(ours, theirs).
///
/// Required globals (`wl_compositor`, `wl_shm`, `xdg_wm_base`) make `Registry.init` throw when
/// missing; optional ones disable their feature and are logged once at debug level.
public final class Registry: ProxyOwner {
    let proxy: OpaquePointer

    public private(set) var compositor: Compositor?
    public private(set) var shm: Shm?
    public private(set) var windowManager: WindowManager?
    public private(set) var decorationManager: DecorationManager?
    public private(set) var pointerGestures: PointerGestures?
    public private(set) var presentation: Presentation?
    public private(set) var fractionalScaleManager: FractionalScaleManager?
    public private(set) var viewporter: Viewporter?
    private(set) var dataDeviceManager: DataDeviceManager?
    private(set) var primarySelectionManager: PrimarySelectionManager?
    private(set) var textInputManager: TextInputManager?
    /// Whether the first roundtrip is over, so seats bound later can attach their devices at once.
    private var hasListedGlobals = false
    public private(set) var seats: [Seat] = []
    public private(set) var outputs: [Output] = []

    /// Called when a seat appears after start-up, so the app can listen to it.
    public var onSeatAdded: ((Seat) -> Void)?
    /// Kept to the end: every object above must be destroyed while the connection is open.
    private let display: Display

    private static let listener = ListenerTable(wl_registry_listener(
        global: { data, _, name, interface, version in
            guard let interface else { return }
            owner(data, as: Registry.self).bind(name: name, interface: String(cString: interface), version: version)
        },
        global_remove: { data, _, name in
            owner(data, as: Registry.self).remove(name: name)
        }))

    /// Lists the globals and binds the ones Glide uses, with one roundtrip.
    public init(display: Display) throws(WaylandError) {
        self.display = display
        proxy = wl_display_get_registry(display.proxy)
        wl_registry_add_listener(proxy, Registry.listener.pointer, unretainedPointer)
        try display.roundtrip()
        guard compositor != nil else { throw .missingGlobal("wl_compositor") }
        guard shm != nil else { throw .missingGlobal("wl_shm") }
        guard windowManager != nil else { throw .missingGlobal("xdg_wm_base") }
        if decorationManager == nil {
            DebugLog.write("no zxdg_decoration_manager_v1: the window has no server-side decorations")
        }
        if fractionalScaleManager == nil || viewporter == nil {
            DebugLog.write("no wp_fractional_scale_manager_v1 with wp_viewporter: integer output scales only")
        }
        if presentation == nil {
            DebugLog.write("no wp_presentation: no presentation times in the trace")
        }
        if pointerGestures == nil {
            DebugLog.write("no zwp_pointer_gestures_v1: no touchpad pinch or hold")
        }
        if dataDeviceManager == nil { DebugLog.write("no wl_data_device_manager: nothing can be copied") }
        if primarySelectionManager == nil {
            DebugLog.write("no zwp_primary_selection_device_manager_v1: no middle-click paste of a selection")
        }
        if textInputManager == nil {
            DebugLog.write("no zwp_text_input_manager_v3: on-screen keyboards and input methods cannot type")
        }
        hasListedGlobals = true
        for seat in seats { seat.attachSelectionAndTextInput() }
        // A second roundtrip delivers the events that the newly bound objects send at once
        // (wl_shm formats, wl_seat capabilities, wl_output scale).
        try display.roundtrip()
    }

    deinit {
        // The bound objects go first, in the body, while `display` is still connected (stored
        // properties are released after the body, in no order to rely on).
        seats.removeAll()
        outputs.removeAll()
        pointerGestures = nil
        textInputManager = nil
        primarySelectionManager = nil
        dataDeviceManager = nil
        presentation = nil
        fractionalScaleManager = nil
        viewporter = nil
        decorationManager = nil
        windowManager = nil
        shm = nil
        compositor = nil
        wl_registry_destroy(proxy)
    }

    private func bind(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_compositor":
            compositor = Compositor(proxy: bindProxy(name, glide_wl_compositor_interface(), min(version, 5)))
        case "wl_shm":
            shm = Shm(proxy: bindProxy(name, glide_wl_shm_interface(), 1))
        case "xdg_wm_base":
            windowManager = WindowManager(proxy: bindProxy(name, glide_xdg_wm_base_interface(), min(version, 6)))
        case "zxdg_decoration_manager_v1":
            decorationManager = DecorationManager(
                proxy: bindProxy(name, glide_zxdg_decoration_manager_v1_interface(), 1))
        case "zwp_pointer_gestures_v1":
            pointerGestures = PointerGestures(
                proxy: bindProxy(name, glide_zwp_pointer_gestures_v1_interface(), min(version, 3)))
        case "wp_fractional_scale_manager_v1":
            fractionalScaleManager = FractionalScaleManager(
                proxy: bindProxy(name, glide_wp_fractional_scale_manager_v1_interface(), 1))
        case "wp_viewporter":
            viewporter = Viewporter(proxy: bindProxy(name, glide_wp_viewporter_interface(), 1))
        case "wp_presentation":
            presentation = Presentation(proxy: bindProxy(name, glide_wp_presentation_interface(), 1))
        case "wl_data_device_manager":
            dataDeviceManager = DataDeviceManager(
                proxy: bindProxy(name, glide_wl_data_device_manager_interface(), min(version, 3)))
        case "zwp_primary_selection_device_manager_v1":
            primarySelectionManager = PrimarySelectionManager(
                proxy: bindProxy(name, glide_zwp_primary_selection_device_manager_v1_interface(), 1))
        case "zwp_text_input_manager_v3":
            textInputManager = TextInputManager(proxy: bindProxy(name, glide_zwp_text_input_manager_v3_interface(), 1))
        case "wl_seat":
            let seat = Seat(proxy: bindProxy(name, glide_wl_seat_interface(), min(version, 8)), name: name, registry: self)
            if hasListedGlobals { seat.attachSelectionAndTextInput() }
            seats.append(seat)
            onSeatAdded?(seat)
        case "wl_output":
            outputs.append(Output(proxy: bindProxy(name, glide_wl_output_interface(), min(version, 4)), name: name))
        default:
            break
        }
    }

    private func remove(name: UInt32) {
        seats.removeAll { $0.name == name }
        outputs.removeAll { $0.name == name }
    }

    private func bindProxy(_ name: UInt32, _ interface: UnsafePointer<wl_interface>, _ version: UInt32) -> OpaquePointer {
        OpaquePointer(wl_registry_bind(proxy, name, interface, version))
    }

    /// The output with this proxy, if it is still there.
    func output(for proxy: OpaquePointer) -> Output? {
        outputs.first { $0.proxy == proxy }
    }
}
