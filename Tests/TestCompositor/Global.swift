import CWaylandServer

/// An object that offers a global: every client that binds it gets a resource handled by
/// this object, kept in `resources` until libwayland destroys it.
protocol GlobalOwner: ResourceOwner {
    /// The global's interface, from a C helper (see CWaylandServerProtocols.h).
    static var interface: UnsafePointer<wl_interface> { get }
    /// The request handlers of a bound resource.
    static var implementation: UnsafeRawPointer { get }
    /// The resources clients bound, oldest first.
    var resources: [OpaquePointer] { get set }
    /// Sends the events the protocol requires right after a bind (a seat's capabilities).
    func didBind(_ resource: OpaquePointer)
}

extension GlobalOwner {
    /// Offers the global at `version` on `display`.
    func offer(on display: OpaquePointer, version: Int32) {
        let global = wl_global_create(display, Self.interface, version, Unmanaged.passUnretained(self).toOpaque()) {
            client, data, version, id in
            // Only `offer` creates globals, and always with a GlobalOwner as data.
            let owner = Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! any GlobalOwner
            owner.bind(client: client, version: version, id: id)
        }
        precondition(global != nil, "wl_global_create failed for \(String(cString: Self.interface.pointee.name))")
    }

    func didBind(_ resource: OpaquePointer) {}

    func resourceDestroyed(_ resource: OpaquePointer) {
        resources.removeAll { $0 == resource }
    }

    /// The resources `client` bound.
    func resources(of client: OpaquePointer?) -> [OpaquePointer] {
        clientResources(resources, of: client)
    }

    private func bind(client: OpaquePointer?, version: UInt32, id: UInt32) {
        guard let resource = makeResource(client: client, interface: Self.interface, version: version, id: id,
                                          implementation: Self.implementation)
        else { return }
        resources.append(resource)
        didBind(resource)
    }
}
