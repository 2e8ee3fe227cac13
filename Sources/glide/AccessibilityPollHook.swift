import Accessibility
import Glibc

/// The accessibility bridge in the loop: GLib's descriptors join the poll, and before each
/// poll (everything of the last turn handled, frames drawn) the tree follows the view.
final class AccessibilityPollHook: PollHook {
    let bridge: AccessibilityBridge
    /// Told how long each turn's accessibility work took, in ms of the loop thread's CPU time
    /// (the trace's `a11y_ms`): what the loop spent, not what other processes took from it.
    private let onWork: ((Double) -> Void)?

    init(bridge: AccessibilityBridge, onWork: ((Double) -> Void)?) {
        self.bridge = bridge
        self.onWork = onWork
    }

    func descriptorsForPoll() -> (descriptors: [pollfd], timeoutMilliseconds: Int32) {
        let start = AccessibilityPollHook.nowMilliseconds()
        bridge.viewDidChange()
        let wanted = bridge.mainContext.descriptorsForPoll()
        report(since: start)
        return wanted
    }

    func pollReturned(_ results: ArraySlice<pollfd>) {
        let start = AccessibilityPollHook.nowMilliseconds()
        if bridge.mainContext.pollReturned(results) { report(since: start) }
    }

    private func report(since start: Double) {
        onWork?(AccessibilityPollHook.nowMilliseconds() - start)
    }

    private static func nowMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
    }
}
