import CSystem
import Synchronization

/// Where background work (decoded images, rendered PDF pages, search results, reloaded files)
/// hands its results to the frame loop's thread.
///
/// A worker posts a closure; the loop polls `fileDescriptor` beside the display's and, when it
/// is readable, calls `deliverPending()` between frames, so results never arrive in the middle
/// of a frame or inside a Wayland listener. The frame loop stays the only thread that touches
/// layouts, the engine and the window.
public final class MainThreadMailbox: Sendable {
    /// The process's one mailbox: the loop watches a single descriptor whoever posts.
    public static let shared = MainThreadMailbox()

    /// Readable while deliveries wait (an eventfd).
    public let fileDescriptor: Int32
    private let pending = Mutex<[@Sendable () -> Void]>([])

    public init() {
        fileDescriptor = glide_eventfd_create()
    }

    /// Queues `delivery` to run on the loop's thread; callable from any thread.
    public func post(_ delivery: @escaping @Sendable () -> Void) {
        pending.withLock { $0.append(delivery) }
        glide_eventfd_signal(fileDescriptor)
    }

    /// Runs what was posted, in order, on the calling (loop) thread; returns how many ran.
    /// Deliveries posted while these run wait for the next call (the descriptor stays readable).
    @discardableResult
    public func deliverPending() -> Int {
        _ = glide_eventfd_take(fileDescriptor)
        let deliveries = pending.withLock { queued in
            let taken = queued
            queued.removeAll(keepingCapacity: true)
            return taken
        }
        for delivery in deliveries { delivery() }
        return deliveries.count
    }
}
