import Glibc
import Synchronization

/// The long-lived helper processes running (page renderers), so that each is killed and reaped
/// exactly once: by whoever ends it first, its owner or the process's exit. A process ID is
/// forgotten before it is reaped, so no one kills a process that took a reaped one's ID.
public enum HelperProcesses {
    private static let running = Mutex<Set<pid_t>>([])

    static func register(_ processID: pid_t) {
        _ = running.withLock { $0.insert(processID) }
    }

    /// The helper processes running now (for tests and benchmarks).
    public static var processIDs: Set<pid_t> { running.withLock { $0 } }

    /// Kills `processID` (if it still runs; one that ended by itself is only reaped) and reaps
    /// it; its wait status, or nil when another caller ended it first.
    @discardableResult
    static func end(_ processID: pid_t) -> Int32? {
        let owned = running.withLock { running in
            guard running.remove(processID) != nil else { return false }
            kill(processID, SIGKILL)
            return true
        }
        return owned ? ProgramLauncher.waitStatus(of: processID) : nil
    }

    /// Kills every helper and reaps them: on the way out of the process.
    public static func endAll() {
        let all = running.withLock { running in
            defer { running.removeAll() }
            for processID in running { kill(processID, SIGKILL) }
            return running
        }
        for processID in all { _ = ProgramLauncher.waitStatus(of: processID) }
    }
}
