import CWaylandServer
import CWaylandServerProtocols

/// The primary selection (`zwp_primary_selection_device_manager_v1`): what a middle click
/// pastes. Works as `DataDeviceManager` does.
public final class PrimarySelectionManager: GlobalOwner {
    var resources: [OpaquePointer] = []
    /// The sources clients made, kept while their resources live.
    var sources: [SelectionSource] = []
    private var devices = DeviceResources(interfaceName: "zwp_primary_selection_device_v1")
    public private(set) var selection: SelectionSource?

    private static let handlers = RequestHandlers(zwp_primary_selection_device_manager_v1_interface(
        create_source: { client, resource, id in
            let manager = owner(of: resource, as: PrimarySelectionManager.self)
            SelectionSource.make(.primary, client: client, manager: resource, id: id, keptIn: \PrimarySelectionManager.sources, by: manager)
        },
        get_device: { client, resource, id, _ in
            let manager = owner(of: resource, as: PrimarySelectionManager.self)
            manager.devices.make(for: manager, client: client,
                                 interface: glide_server_zwp_primary_selection_device_v1_interface(),
                                 version: UInt32(wl_resource_get_version(resource)), id: id,
                                 implementation: PrimarySelectionManager.deviceHandlers.implementation)
        },
        destroy: destroyResource))
    private static let deviceHandlers = RequestHandlers(zwp_primary_selection_device_v1_interface(
        set_selection: { _, resource, source, _ in
            let manager = owner(of: resource, as: PrimarySelectionManager.self)
            let new = source.map { owner(of: $0, as: SelectionSource.self) }
            if let old = manager.selection, old !== new { old.cancel() }
            manager.selection = new
        },
        destroy: destroyResource))

    init(display: OpaquePointer) {
        offer(on: display, version: 1)
    }

    static var interface: UnsafePointer<wl_interface> { glide_server_zwp_primary_selection_device_manager_v1_interface() }
    static var implementation: UnsafeRawPointer { PrimarySelectionManager.handlers.implementation }

    /// As `DataDeviceManager.requestSelection`.
    public func requestSelection(as mimeType: String = "text/plain;charset=utf-8") -> Int32? {
        selection?.requestContent(as: mimeType)
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        resources.removeAll { $0 == resource }
        devices.remove(resource)
    }
}
