import CPoppler
import DocumentKit
import Machinery

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

    private let open: WorkQueue.Promise<Outcome>
    /// The open's own queue, so a long cross-reference table never waits behind other work.
    private let queue = WorkQueue(name: "glide-pdf-open")

    /// Starts `open` on a queue of its own.
    init(_ open: @escaping @Sendable () throws(DocumentError) -> Opened) {
        self.open = queue.promise { Outcome { () throws(DocumentError) in try open() } }
    }

    /// Waits for the open to end, so poppler is not parsing when the process's static state
    /// is torn down (as the render worker does).
    deinit {
        queue.stop()
    }

    /// The outcome if the open has ended; never waits.
    var outcome: Outcome? { open.value }

    /// Waits until the open ends.
    func wait() -> Outcome { open.wait() }

    /// Calls `handler` with the outcome on the opening thread when the open ends, or at once
    /// on this thread if it has.
    func whenDone(_ handler: @escaping @Sendable (Outcome) -> Void) { open.whenDone(handler) }
}
