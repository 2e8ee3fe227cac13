/// A listener table in storage that lives as long as the process.
///
/// `wl_proxy_add_listener` keeps the pointer it is given, so a table must never be a
/// temporary. Each Wayland wrapper keeps its table in a `static let`. The table is written
/// once, before any use, and only read after that, hence `@unchecked Sendable`.
struct ListenerTable<Table>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Table>

    init(_ table: Table) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: table)
    }
}

/// A wrapper that registers itself as the user data of its proxy's listener.
///
/// It registers `Unmanaged.passUnretained(self)`: each wrapper owns its proxy and destroys it
/// in `deinit`, so the object always outlives the callbacks of its proxy.
protocol ProxyOwner: AnyObject {}

extension ProxyOwner {
    /// The user data to register with the proxy's listener.
    var unretainedPointer: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(self).toOpaque()
    }
}

/// Recovers the wrapper object from the user data of a Wayland callback.
func owner<Object: ProxyOwner>(_ data: UnsafeMutableRawPointer?, as type: Object.Type) -> Object {
    Unmanaged<Object>.fromOpaque(data!).takeUnretainedValue()
}
