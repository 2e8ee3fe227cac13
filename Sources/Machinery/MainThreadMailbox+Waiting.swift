import Glibc

extension MainThreadMailbox {
    /// Delivers what is posted, on the calling thread, while `isWaiting` holds and for at most
    /// `timeoutSeconds`: for programs that draw once (tests, benchmarks, pictures) and wait for
    /// background work before they do, never for the frame loop, which polls the descriptor.
    public func deliver(while isWaiting: () -> Bool, timeoutSeconds: Double) {
        let deadline = MonotonicClock.seconds() + timeoutSeconds
        while isWaiting(), MonotonicClock.seconds() < deadline {
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            // 50 ms: a bound on how long a wait outlives a deadline, not a tuned figure; a
            // delivery wakes the poll at once.
            _ = poll(&descriptor, 1, 50)
            deliverPending()
        }
    }
}
