import CWaylandServer

/// A table of request handlers in storage that lives as long as the process.
///
/// libwayland keeps the pointer given to `wl_resource_set_implementation`, so a table must
/// never be a temporary: each kind of object keeps its table in a `static let`. It is written
/// once, before any use, and only read after that, hence `@unchecked Sendable`.
struct RequestHandlers<Table>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Table>

    init(_ table: Table) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: table)
    }

    /// The table as `wl_resource_set_implementation` takes it.
    var implementation: UnsafeRawPointer { UnsafeRawPointer(pointer) }
}

/// The Swift object behind one or more resources (server-side protocol objects).
///
/// It is registered as each resource's user data with `Unmanaged.passUnretained(self)`, so it
/// must stay alive while any of its resources does: whoever keeps it (a global's list, a
/// surface) lets go only in `resourceDestroyed`, which libwayland calls for every resource,
/// whether the client destroyed it or disconnected.
protocol ResourceOwner: AnyObject {
    /// Forgets `resource`, which libwayland is destroying.
    func resourceDestroyed(_ resource: OpaquePointer)
}

extension ResourceOwner {
    /// Creates the resource that `client` asked for with `id`, handled by this object.
    ///
    /// Returns nil, after telling the client, when memory runs out.
    /// `implementation` is a `RequestHandlers` table, or nil for an interface without requests.
    func makeResource(
        client: OpaquePointer?, interface: UnsafePointer<wl_interface>, version: UInt32, id: UInt32,
        implementation: UnsafeRawPointer?
    ) -> OpaquePointer? {
        guard let resource = wl_resource_create(client, interface, Int32(version), id) else {
            wl_client_post_no_memory(client)
            return nil
        }
        wl_resource_set_implementation(
            resource, implementation,
            Unmanaged.passUnretained(self).toOpaque(), notifyResourceDestroyed)
        return resource
    }
}

/// Calls the owner's `resourceDestroyed`; every resource is made with this destroy hook.
private let notifyResourceDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let data = wl_resource_get_user_data(resource) else { return }
    // Only `makeResource` sets user data, and always to a ResourceOwner.
    let object = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! ResourceOwner
    object.resourceDestroyed(resource)
}

/// The object that handles `resource`'s requests, from inside one of its handlers.
func owner<Owner: ResourceOwner>(of resource: OpaquePointer?, as type: Owner.Type) -> Owner {
    Unmanaged<Owner>.fromOpaque(wl_resource_get_user_data(resource)!).takeUnretainedValue()
}

/// The handler of every `destroy` (and `release`) request: libwayland then calls the
/// resource's destroy hook, which does the work.
let destroyResource: @convention(c) (OpaquePointer?, OpaquePointer?) -> Void = { _, resource in
    wl_resource_destroy(resource)
}

/// The resources among `resources` that belong to `client`.
func clientResources(_ resources: [OpaquePointer], of client: OpaquePointer?) -> [OpaquePointer] {
    resources.filter { wl_resource_get_client($0) == client }
}
