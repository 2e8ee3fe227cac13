import CAtk
import Glibc

/// GLib's default main context, iterated from the app's own poll loop: before each poll it
/// gives the descriptors and the longest sleep GLib wants, after it the results, and GLib then
/// dispatches what is ready (the accessibility bridge's D-Bus traffic). There is never a second
/// loop, so a client's request is answered between frames and can never hold one back.
public final class GLibMainContextPoll {
    private let context: OpaquePointer
    private var descriptors = [GPollFD](repeating: GPollFD(), count: 8)
    private var descriptorCount = 0
    private var maximumPriority: Int32 = 0
    private var isPrepared = false

    /// Takes ownership of the default context for this thread, the loop's.
    public init() {
        context = g_main_context_default()
        g_main_context_acquire(context)
    }

    deinit {
        g_main_context_release(context)
    }

    /// Before the poll: GLib's descriptors to watch and the longest the poll may sleep in ms
    /// (-1: as long as it likes; 0 when a source is ready now).
    public func descriptorsForPoll() -> (descriptors: [pollfd], timeoutMilliseconds: Int32) {
        let isReady = g_main_context_prepare(context, &maximumPriority) != 0
        var timeout: Int32 = -1
        while true {
            let needed = Int(g_main_context_query(context, maximumPriority, &timeout, &descriptors, Int32(descriptors.count)))
            if needed <= descriptors.count {
                descriptorCount = needed
                break
            }
            descriptors = [GPollFD](repeating: GPollFD(), count: needed)
        }
        isPrepared = true
        let watched = descriptors[0..<descriptorCount].map {
            pollfd(fd: $0.fd, events: Int16(truncatingIfNeeded: $0.events), revents: 0)
        }
        return (watched, isReady ? 0 : timeout)
    }

    /// After the poll, with the results for the descriptors `descriptorsForPoll` gave, in
    /// order: dispatches every source that is ready. Returns whether any was.
    @discardableResult
    public func pollReturned(_ results: ArraySlice<pollfd>) -> Bool {
        guard isPrepared else { return false }
        isPrepared = false
        for (index, result) in zip(0..<descriptorCount, results) {
            descriptors[index].revents = UInt16(truncatingIfNeeded: result.revents)
        }
        guard g_main_context_check(context, maximumPriority, &descriptors, Int32(descriptorCount)) != 0 else { return false }
        g_main_context_dispatch(context)
        return true
    }
}
