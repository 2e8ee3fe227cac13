import CWaylandServer
import CWaylandServerProtocols

/// The clipboard (`wl_data_device_manager`, version 3): clients make sources and set the
/// selection through their data device; a test reads the selection as a paste would. A test
/// drags content from another client over a surface (`drag`, then `drop`); drags the
/// clients start are accepted and ignored.
public final class DataDeviceManager: GlobalOwner {
    static let version: Int32 = 3

    var resources: [OpaquePointer] = []
    /// The sources clients made, kept while their resources live.
    var sources: [SelectionSource] = []
    private var devices = DeviceResources(interfaceName: "wl_data_device")
    /// The source of the current selection, if a client set one.
    public private(set) var selection: SelectionSource?
    /// How many times a client set the selection.
    public private(set) var selectionCount = 0
    /// The drags a test made, kept while their offers live.
    private var drags: [DragOffer] = []
    private let serials: SerialSource

    private static let handlers = RequestHandlers(wl_data_device_manager_interface(
        create_data_source: { client, resource, id in
            let manager = owner(of: resource, as: DataDeviceManager.self)
            SelectionSource.make(.clipboard, client: client, manager: resource, id: id, keptIn: \DataDeviceManager.sources, by: manager)
        },
        get_data_device: { client, resource, id, _ in
            let manager = owner(of: resource, as: DataDeviceManager.self)
            manager.devices.make(for: manager, client: client, interface: glide_server_wl_data_device_interface(),
                                 version: UInt32(wl_resource_get_version(resource)), id: id,
                                 implementation: DataDeviceManager.deviceHandlers.implementation)
        }))
    private static let deviceHandlers = RequestHandlers(wl_data_device_interface(
        start_drag: { _, _, _, _, _, _ in },
        set_selection: { _, resource, source, _ in
            let manager = owner(of: resource, as: DataDeviceManager.self)
            manager.setSelection(source.map { owner(of: $0, as: SelectionSource.self) })
        },
        release: destroyResource))

    init(display: OpaquePointer) {
        serials = SerialSource(display: display)
        offer(on: display, version: DataDeviceManager.version)
    }

    /// Drags `content` (bytes by MIME type) from another client onto `surface` at (x, y) in its
    /// logical px, as the pointer would bring it: the offer and its types, then `enter`.
    /// Nil when the surface's client has no data device.
    public func drag(_ content: [String: [UInt8]], onto surface: Surface, x: Double, y: Double) -> DragOffer? {
        guard let device = clientResources(devices.all, of: surface.client).first,
              let drag = DragOffer(content: content, device: device), let offer = drag.resource else { return nil }
        drags.append(drag)
        wl_data_device_send_data_offer(device, offer)
        for type in content.keys.sorted() { wl_data_offer_send_offer(offer, type) }
        if wl_resource_get_version(offer) >= 3 {
            wl_data_offer_send_source_actions(offer, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue)
        }
        wl_data_device_send_enter(device, serials.next(), surface.resource, wl_fixed_from_double(x), wl_fixed_from_double(y), offer)
        return drag
    }

    /// Drops `drag` where it is, as releasing the button does: the compositor settles the copy
    /// the client chose, then sends `drop`.
    public func drop(_ drag: DragOffer) {
        guard let offer = drag.resource, let device = clientResources(devices.all, of: wl_resource_get_client(offer)).first else { return }
        if wl_resource_get_version(offer) >= 3, drag.acceptedActions & WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue != 0 {
            wl_data_offer_send_action(offer, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue)
        }
        wl_data_device_send_drop(device)
    }

    static var interface: UnsafePointer<wl_interface> { glide_server_wl_data_device_manager_interface() }
    static var implementation: UnsafeRawPointer { DataDeviceManager.handlers.implementation }

    private func setSelection(_ source: SelectionSource?) {
        if let selection, selection !== source { selection.cancel() }
        selection = source
        selectionCount += 1
    }

    /// Asks the selection's client for its text as `mimeType`; read the returned descriptor
    /// with `SelectionSource.readAll` after leaving `exec`, so the client can answer.
    public func requestSelection(as mimeType: String = "text/plain;charset=utf-8") -> Int32? {
        selection?.requestContent(as: mimeType)
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        resources.removeAll { $0 == resource }
        devices.remove(resource)
        drags.removeAll { $0.resource == nil }
    }
}
