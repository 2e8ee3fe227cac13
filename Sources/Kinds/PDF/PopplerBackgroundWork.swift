import DocumentKit
import Glibc
import Machinery
import Synchronization

/// Poppler calls made off the render worker (find's pages, the text under the pointer, a
/// paste's text), which no one joins before the process exits: at exit, poppler's static
/// state is torn down, and a call still running then can crash. Each call goes through
/// `perform`; an `atexit` handler (registered after poppler's own teardown, so it runs first)
/// turns new calls away and waits for those under way, each at most a page's work.
enum PopplerBackgroundWork {
    private struct State {
        var active = 0
        var isClosing = false
        var isRegistered = false
    }

    private static let state = Mutex(State())

    /// Runs `body`, unless the process is exiting (then nil).
    static func perform<Result>(_ body: () -> Result) -> Result? {
        let admitted = state.withLock { state in
            if !state.isRegistered {
                state.isRegistered = true
                atexit { PopplerBackgroundWork.finish() }
            }
            guard !state.isClosing else { return false }
            state.active += 1
            return true
        }
        guard admitted else { return nil }
        // Seen by ProcessExit: an exit during a page's text that never ends skips the handlers.
        LibraryCallsInFlight.enter()
        defer {
            LibraryCallsInFlight.leave()
            state.withLock { $0.active -= 1 }
        }
        return body()
    }

    private static func finish() {
        state.withLock { $0.isClosing = true }
        // A page's text takes milliseconds; the wait is that long at most.
        while state.withLock({ $0.active }) > 0 { usleep(1000) }
    }
}
