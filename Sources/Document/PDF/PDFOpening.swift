import CPoppler
import Glibc

/// The poppler document the loop thread reads page sizes from, opened on a thread of its own.
///
/// poppler reads a file's whole cross-reference table when it opens it (about 2 ms per 1,000
/// pages on the project's VM, `glide-bench pdf`) and poppler-glib has no lazy open, so opening on the loop
/// thread would make a long PDF's first frame wait for it. The first frame shows a
/// placeholder page instead, and the layout learns the page count when the open ends. The
/// document passes to the loop thread through the lock and is used only there afterwards.
final class PDFOpening: @unchecked Sendable {
    /// What a successful open found.
    struct Opened: @unchecked Sendable {
        let document: PopplerDocumentHandle
        /// At least one.
        let pageCount: Int
        /// Page 1's size in PDF points; nil when poppler cannot read that page.
        let firstPageSize: (width: Double, height: Double)?
    }

    typealias Outcome = Result<Opened, DocumentError>

    /// What the opening thread and its waiters share.
    private final class Shared: @unchecked Sendable {
        let signal = WorkQueueSignal()
        var outcome: Outcome?
        var handlers: [@Sendable (Outcome) -> Void] = []
    }

    private let shared = Shared()
    private var thread: pthread_t?

    /// Starts `open` on a new thread.
    init(_ open: @escaping @Sendable () throws(DocumentError) -> Opened) {
        let shared = self.shared
        thread = startThread {
            let outcome = Outcome { () throws(DocumentError) in try open() }
            let handlers = shared.signal.withLock {
                shared.outcome = outcome
                defer { shared.handlers = [] }
                return shared.handlers
            }
            shared.signal.wake()
            for handler in handlers { handler(outcome) }
        }
    }

    /// Waits for the open to end, so poppler is not parsing when the process's static state
    /// is torn down (as the render worker does).
    deinit {
        if let thread { pthread_join(thread, nil) }
    }

    /// The outcome if the open has ended; never waits.
    var outcome: Outcome? { shared.signal.withLock { shared.outcome } }

    /// Waits until the open ends.
    func wait() -> Outcome {
        shared.signal.withLock {
            while shared.outcome == nil { shared.signal.waitLocked() }
            return shared.outcome!
        }
    }

    /// Calls `handler` with the outcome on the opening thread when the open ends, or at once
    /// on this thread if it has.
    func whenDone(_ handler: @escaping @Sendable (Outcome) -> Void) {
        let done: Outcome? = shared.signal.withLock {
            if let outcome = shared.outcome { return outcome }
            shared.handlers.append(handler)
            return nil
        }
        if let done { handler(done) }
    }
}
