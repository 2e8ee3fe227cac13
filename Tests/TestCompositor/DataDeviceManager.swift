import CWaylandServer
import CWaylandServerProtocols

/// The clipboard (`wl_data_device_manager`, version 3): clients make sources and set the
/// selection through their data device; a test reads the selection as a paste would.
/// Drag and drop is accepted and ignored.
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
        offer(on: display, version: DataDeviceManager.version)
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
    }
}
