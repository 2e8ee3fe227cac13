import CWaylandServer

/// The resources that clients made for one input device (`wl_pointer`, `wl_keyboard`,
/// `wl_touch`, a gesture), and the check that keeps a test's events legal: an event goes
/// only to the client of a live surface, through the resources that client made.
struct DeviceResources {
    /// The interface, for problems: "wl_touch".
    let interfaceName: String
    private(set) var all: [OpaquePointer] = []

    init(interfaceName: String) {
        self.interfaceName = interfaceName
    }

    /// Makes the resource `client` asked for, handled by `owner`, and keeps it; returns nil
    /// when memory ran out.
    @discardableResult
    mutating func make(
        for owner: ResourceOwner, client: OpaquePointer?, interface: UnsafePointer<wl_interface>, version: UInt32,
        id: UInt32, implementation: UnsafeRawPointer
    ) -> OpaquePointer? {
        let resource = owner.makeResource(client: client, interface: interface, version: version, id: id,
                                          implementation: implementation)
        if let resource { all.append(resource) }
        return resource
    }

    mutating func remove(_ resource: OpaquePointer) {
        all.removeAll { $0 == resource }
    }

    /// The resources that `event` goes to, those of `surface`'s client; reports a problem and
    /// returns none when there is no surface, it is destroyed, or its client has no resource.
    func targets(of event: String, surface: Surface?, problems: ProblemLog) -> [OpaquePointer] {
        guard let surface else {
            problems.report(.misdirectedEvent, "\(interfaceName).\(event) with no focused surface")
            return []
        }
        guard surface.isAlive else {
            problems.report(.misdirectedEvent, "\(interfaceName).\(event) to wl_surface@\(surface.id), which the client destroyed")
            return []
        }
        let targets = clientResources(all, of: surface.client)
        if targets.isEmpty {
            problems.report(.misdirectedEvent, "\(interfaceName).\(event) to \(describe(client: surface.client)), which has no \(interfaceName)")
        }
        return targets
    }
}
