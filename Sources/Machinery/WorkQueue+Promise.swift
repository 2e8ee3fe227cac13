/// One job's result that others wait for or are told of: a file's first open, which the
/// loop asks after without waiting and a failing start-up waits for.
extension WorkQueue {
    public final class Promise<Value: Sendable>: @unchecked Sendable {
        private let lock = ConditionLock()
        // Touched only under `lock`.
        private var result: Value?
        private var handlers: [@Sendable (Value) -> Void] = []

        fileprivate init() {}

        /// A promise already kept: a result the caller had at hand (a small archive listed
        /// at once), for whoever takes either kind.
        public static func fulfilled(_ value: Value) -> Promise<Value> {
            let promise = Promise<Value>()
            promise.result = value
            return promise
        }

        /// The result if the job has ended; never waits.
        public var value: Value? { lock.withLock { result } }

        /// Waits until the job ends.
        public func wait() -> Value {
            lock.withLock {
                while result == nil { lock.waitLocked() }
                return result!
            }
        }

        /// Waits until the job ends or `milliseconds` pass: the result, or nil when the time ran
        /// out (a start-up that will not wait long for an answer from the desktop).
        public func wait(atMostMilliseconds milliseconds: Int) -> Value? {
            let deadline = MonotonicClock.milliseconds() + Double(milliseconds)
            return lock.withLock {
                while result == nil {
                    let left = Int((deadline - MonotonicClock.milliseconds()).rounded(.up))
                    guard left > 0 else { break }
                    _ = lock.waitLocked(milliseconds: left)
                }
                return result
            }
        }

        /// Calls `handler` with the result on the job's thread when it ends, or at once on this
        /// thread if it has.
        public func whenDone(_ handler: @escaping @Sendable (Value) -> Void) {
            let done: Value? = lock.withLock {
                if let result { return result }
                handlers.append(handler)
                return nil
            }
            if let done { handler(done) }
        }

        fileprivate func fulfil(_ value: Value) {
            let waiting = lock.withLock {
                result = value
                defer { handlers = [] }
                return handlers
            }
            lock.wake()
            for handler in waiting { handler(value) }
        }
    }

    /// Runs `body` at `priority` and keeps what it returns for whoever asks.
    public func promise<Value: Sendable>(priority: WorkPriority = .immediate,
                                         _ body: @escaping @Sendable () -> Value) -> Promise<Value> {
        let promise = Promise<Value>()
        submit(priority: priority) { _ in promise.fulfil(body()) }
        return promise
    }
}
