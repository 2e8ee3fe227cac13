/// A reference that crosses to a worker and back untouched: only the loop's thread (where
/// `MainThreadMailbox` delivers) dereferences it. The one carrier of loop-thread objects
/// through background work: a layout, a search or a store a result is for.
public final class LoopThreadReference<Object: AnyObject>: @unchecked Sendable {
    public weak var object: Object?

    public init(_ object: Object) {
        self.object = object
    }

    /// A reference set later: for an object whose workers are made before it is whole.
    public init() {}

    /// A worker's callback that hands its value to the object through `MainThreadMailbox`:
    /// `receive` runs on the loop thread, and not at all once the object is gone.
    public func posting<Value: Sendable>(_ receive: @escaping @Sendable (Object, Value) -> Void) -> @Sendable (Value) -> Void {
        { [self] value in MainThreadMailbox.shared.post { [self] in if let object { receive(object, value) } } }
    }
}

/// A value only the loop's thread may use (a completion handler), carried through a worker
/// untouched and handed back through the mailbox.
public struct LoopThreadValue<Value>: @unchecked Sendable {
    public let value: Value

    public init(_ value: Value) {
        self.value = value
    }
}
