import Accessibility
import Glibc

/// The accessibility bridge in the loop: GLib's descriptors join the poll, and before each
/// poll (everything of the last turn handled, frames drawn) the tree follows the view.
final class AccessibilityPollHook: PollHook {
    let bridge: AccessibilityBridge

    init(bridge: AccessibilityBridge) {
        self.bridge = bridge
    }

    func descriptorsForPoll() -> (descriptors: [pollfd], timeoutMilliseconds: Int32) {
        bridge.viewDidChange()
        return bridge.mainContext.descriptorsForPoll()
    }

    func pollReturned(_ results: ArraySlice<pollfd>) {
        bridge.mainContext.pollReturned(results)
    }
}
