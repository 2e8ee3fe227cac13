/// A value a worker reads once, when it is first asked for (a document's outline): who waits
/// for it is told on the loop thread when it arrives, and later askers at once.
public final class LoadedOnce<Value> {
    public private(set) var value: Value?
    private var handlers: [(Value) -> Void] = []

    public init() {}

    /// Calls `handler` with the value: at once if it has arrived, else when it does; the first
    /// to wait calls `ask`, which asks the worker for it.
    public func whenLoaded(_ handler: @escaping (Value) -> Void, ask: () -> Void) {
        if let value { return handler(value) }
        handlers.append(handler)
        if handlers.count == 1 { ask() }
    }

    /// The value has arrived: everyone waiting is told.
    public func deliver(_ value: Value) {
        self.value = value
        let waiting = handlers
        handlers = []
        for handler in waiting { handler(value) }
    }
}
