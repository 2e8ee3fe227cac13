import CCairo
import CPoppler
import Glibc
import Localization
import Synchronization

/// Renders a PDF's pages on a thread of its own with a poppler document of its own, so the
/// frame loop never waits for poppler and no poppler document is used from two threads.
///
/// The loop thread replaces the wanted jobs whenever the view moves (`want(_:)`), in priority
/// order; jobs no longer wanted are dropped before they start. Results are handed to
/// `deliver` on the worker, which posts them to the loop thread.
final class PDFRenderWorker: @unchecked Sendable {
    private struct State {
        var wanted: [PDFRenderJob] = []
        /// Jobs rendered and handed over but not yet acknowledged by the loop thread: not
        /// rendered again while their result is on its way.
        var delivered: Set<PDFRenderJob> = []
        var wantsOutline = false
        var isStopped = false
    }

    private let signal = WorkQueueSignal()
    private var state = State()
    /// How many jobs have been rendered, for tests and benchmarks.
    private let renderedCount = Atomic<Int>(0)
    private var thread: pthread_t?

    init(file: PDFFile, deliver: @escaping @Sendable (PDFRenderResult) -> Void,
         deliverOutline: @escaping @Sendable (PDFOutline) -> Void) {
        PopplerWarmUp.ensure()
        thread = startThread { [self] in
            // Opened here: parsing the cross-reference table costs with the file's size.
            let document = try? file.makeDocument()
            let pageCount = document.map { Int(poppler_document_get_n_pages($0.pointer)) } ?? 0
            run(document: document, pageCount: pageCount, deliver: deliver, deliverOutline: deliverOutline)
        }
    }

    /// Ends the thread after the job it is on and waits for it: poppler must not be rendering
    /// when the process exits and its static state is torn down.
    func stop() {
        signal.withLock { state.isStopped = true }
        signal.wake()
        if let thread { pthread_join(thread, nil) }
        thread = nil
    }

    /// Replaces the jobs to do, most wanted first.
    func want(_ jobs: [PDFRenderJob]) {
        signal.withLock { state.wanted = jobs }
        signal.wake()
    }

    /// Asks for the outline once.
    func wantOutline() {
        signal.withLock { state.wantsOutline = true }
        signal.wake()
    }

    /// The loop thread has the result of `job`: it may be rendered again if asked.
    func acknowledge(_ job: PDFRenderJob) {
        signal.withLock { _ = state.delivered.remove(job) }
    }

    var jobsRendered: Int { renderedCount.load(ordering: .relaxed) }

    private enum Work {
        case render(PDFRenderJob)
        case outline
        case stop
    }

    private func next() -> Work {
        signal.withLock {
            while true {
                if state.isStopped { return .stop }
                if state.wantsOutline {
                    state.wantsOutline = false
                    return .outline
                }
                while let job = state.wanted.first {
                    state.wanted.removeFirst()
                    if state.delivered.insert(job).inserted { return .render(job) }
                }
                signal.waitLocked()
            }
        }
    }

    private func run(document: PopplerDocumentHandle?, pageCount: Int, deliver: @Sendable (PDFRenderResult) -> Void,
                     deliverOutline: @Sendable (PDFOutline) -> Void) {
        while true {
            switch next() {
            case .stop:
                return
            case .outline:
                deliverOutline(document?.outline(pageCount: pageCount) ?? .pageList(pageCount: pageCount))
            case .render(let job):
                let result = document.map { PDFPageRenderer(document: $0).render(job) }
                    ?? PDFRenderResult(job: job, failure: localized("poppler cannot read this document"))
                renderedCount.add(1, ordering: .relaxed)
                deliver(result)
            }
        }
    }
}
