import Glibc
import Synchronization

/// The long-lived helper processes running (page renderers), so that each is killed and reaped
/// exactly once: by whoever ends it first, its owner or the process's exit. A process ID is
/// forgotten before it is reaped, so no one kills a process that took a reaped one's ID.
public enum HelperProcesses {
    private struct State {
        var running: Set<pid_t> = []
        /// Killed by their owner, who is reaping them.
        var ending: Set<pid_t> = []
        /// Set on the way out of the process: no helper starts after that.
        var closed = false
    }

    private static let state = Mutex(State())

    /// How long the process's exit waits for helpers their owners are reaping, in s: a renderer
    /// killed at its budget frees up to its gigabyte before it ends (tens of ms), well within
    /// the 1 s in which Glide answers SIGTERM.
    static let endingWaitSeconds = 0.5

    /// Starts a helper with `launch` and registers it in one step, so that the process's exit
    /// cannot fall between the two and miss a helper being started on a worker; nil (errno
    /// ECANCELED) once the process is on its way out.
    static func start(_ launch: () -> pid_t?) -> pid_t? {
        state.withLock { state in
            guard !state.closed else {
                errno = ECANCELED
                return nil
            }
            guard let processID = launch() else { return nil }
            state.running.insert(processID)
            return processID
        }
    }

    /// Registers `processID`, a child of this process that another helper started for it (a
    /// renderer forked by a zygote). False once the process is on its way out: the child is
    /// then killed and reaped here.
    static func adopt(_ processID: pid_t) -> Bool {
        let isAdopted = state.withLock { state in
            guard !state.closed else { return false }
            state.running.insert(processID)
            return true
        }
        if !isAdopted {
            kill(processID, SIGKILL)
            _ = ProgramLauncher.waitStatus(of: processID)
        }
        return isAdopted
    }

    /// The helper processes running now (for tests and benchmarks).
    public static var processIDs: Set<pid_t> { state.withLock { $0.running } }

    /// Kills `processID` (if it still runs; one that ended by itself is only reaped) and reaps
    /// it; its wait status, or nil when another caller ended it first.
    @discardableResult
    static func end(_ processID: pid_t) -> Int32? {
        let owned = state.withLock { state in
            guard state.running.remove(processID) != nil else { return false }
            kill(processID, SIGKILL)
            state.ending.insert(processID)
            return true
        }
        guard owned else { return nil }
        let status = ProgramLauncher.waitStatus(of: processID)
        _ = state.withLock { $0.ending.remove(processID) }
        return status
    }

    /// Kills every helper and reaps them, and waits a moment for those their owners are
    /// reaping: on the way out of the process, so that none outlives it.
    public static func endAll() {
        let all = state.withLock { state in
            defer { state.running.removeAll() }
            state.closed = true
            for processID in state.running { kill(processID, SIGKILL) }
            return state.running
        }
        for processID in all { _ = ProgramLauncher.waitStatus(of: processID) }
        let deadline = MonotonicClock.seconds() + endingWaitSeconds
        while state.withLock({ !$0.ending.isEmpty }), MonotonicClock.seconds() < deadline { usleep(1000) }
    }
}
