import CCairo
import CPoppler
import DocumentKit
import Glibc
import Localization
import Machinery
import Synchronization

/// Renders a PDF's pages on a queue of one thread with a poppler document of its own, so the
/// frame loop never waits for poppler and no poppler document is used from two threads.
///
/// The loop thread replaces the wanted jobs whenever the view moves (`want(_:)`), in priority
/// order; jobs no longer wanted are dropped before they start. Results are handed to
/// `deliver` on the worker, which posts them to the loop thread.
final class PDFRenderWorker: Sendable {
    /// The worker's poppler document: opened by its first job, used only on the queue's one
    /// thread.
    private final class Renderer: @unchecked Sendable {
        let file: PDFFile
        private var isOpened = false
        private(set) var document: PopplerDocumentHandle?
        private(set) var pageCount = 0

        init(file: PDFFile) {
            self.file = file
        }

        /// Opens the document on first use: parsing the cross-reference table costs with the
        /// file's size.
        func open() {
            guard !isOpened else { return }
            isOpened = true
            document = try? file.makeDocument()
            pageCount = document.map { Int(poppler_document_get_n_pages($0.pointer)) } ?? 0
        }
    }

    /// The one group of the queue's render jobs, replaced as the view moves.
    private static let renderGroup = 0
    private let queue = WorkQueue(name: "glide-pdf-render",
                                  releasesMemoryAfterIdleMilliseconds: WorkQueue.pageMemoryReleaseIdleMilliseconds)
    private let renderer: Renderer
    /// Jobs rendered and handed over but not yet acknowledged by the loop thread: not rendered
    /// again while their result is on its way.
    private let delivered = Mutex<Set<PDFRenderJob>>([])
    private let deliver: @Sendable (PDFRenderResult) -> Void
    private let deliverOutline: @Sendable (PDFOutline) -> Void

    init(file: PDFFile, deliver: @escaping @Sendable (PDFRenderResult) -> Void,
         deliverOutline: @escaping @Sendable (PDFOutline) -> Void) {
        PopplerWarmUp.ensure()
        renderer = Renderer(file: file)
        self.deliver = deliver
        self.deliverOutline = deliverOutline
        // The document opens at once, not with the first page asked for.
        queue.submit(priority: .immediate) { [renderer] _ in renderer.open() }
    }

    /// Ends the queue after the job it is on, waiting a moment for it (`WorkQueue.stop`): a page
    /// poppler does not finish is left to draw on, and the process then ends without tearing
    /// down poppler's static state under it (`ProcessExit`).
    func stop() {
        queue.stop()
    }

    /// Replaces the jobs to do, most wanted first.
    func want(_ jobs: [PDFRenderJob]) {
        queue.replacePending(inGroup: PDFRenderWorker.renderGroup, with: jobs.map { job in { [self] _ in render(job) } })
    }

    /// Asks for the outline once.
    func wantOutline() {
        queue.submit(priority: .immediate) { [self] _ in
            renderer.open()
            let pageCount = renderer.pageCount
            deliverOutline(renderer.document?.outline(pageCount: pageCount) ?? .pageList(pageCount: pageCount))
        }
    }

    /// The loop thread has the result of `job`: it may be rendered again if asked.
    func acknowledge(_ job: PDFRenderJob) {
        delivered.withLock { _ = $0.remove(job) }
    }

    /// How many jobs have been rendered, for tests and benchmarks (the open and the outline
    /// are jobs of their own).
    var jobsRendered: Int { rendered.load(ordering: .relaxed) }
    private let rendered = Atomic<Int>(0)

    private func render(_ job: PDFRenderJob) {
        guard delivered.withLock({ $0.insert(job).inserted }) else { return }
        renderer.open()
        let result = renderer.document.map { PDFPageRenderer(document: $0).render(job) }
            ?? PDFRenderResult(job: job, failure: localized("poppler cannot read this document"))
        rendered.add(1, ordering: .relaxed)
        deliver(result)
    }
}
