import CCairo
import CPoppler
import DocumentKit
import Glibc
import Localization
import Machinery
import PageKit
import Synchronization

/// Renders a PDF's pages in `glide-page-renderer` processes (`PageRendererPool`), so the frame
/// loop never waits for poppler and no page, however hostile, can hold a core, grow Glide's
/// memory or delay its exit. The outline is still read in Glide's process, on a queue of one
/// thread with a poppler document of its own.
///
/// The loop thread replaces the wanted jobs whenever the view moves (`want(_:pointSize:)`), in
/// priority order; jobs no longer wanted are dropped before they start. Results are handed to
/// `deliver` on a worker, which posts them to the loop thread.
final class PDFRenderWorker: Sendable {
    /// The outline's poppler document: opened by its first job, used only on the queue's one
    /// thread.
    private final class OutlineReader: @unchecked Sendable {
        let file: PDFFile
        private var isOpened = false
        private(set) var document: PopplerDocumentHandle?

        init(file: PDFFile) {
            self.file = file
        }

        func open() {
            guard !isOpened else { return }
            isOpened = true
            document = try? file.makeDocument()
        }
    }

    private let outlineQueue = WorkQueue(name: "glide-pdf-outline")
    private let outlineReader: OutlineReader
    private let pool: PageRendererPool<PageRenderTicket>
    /// Jobs rendered and handed over but not yet acknowledged by the loop thread: not rendered
    /// again while their result is on its way.
    private let delivered = DeliveredJobs()
    private let deliverOutline: @Sendable (PDFOutline) -> Void

    /// The renderer program and its arguments for PDF.
    static let settings = PageRendererSettings(executable: FilePath.helper(named: "glide-page-renderer"),
                                               arguments: ["glide-page-renderer", "pdf"])

    init(file: PDFFile, settings: PageRendererSettings = PDFRenderWorker.settings,
         deliver: @escaping @Sendable (PageRenderResult) -> Void, deliverOutline: @escaping @Sendable (PDFOutline) -> Void) {
        outlineReader = OutlineReader(file: file)
        self.deliverOutline = deliverOutline
        pool = PageRendererPool(settings: settings, document: file.descriptor, admit: { [delivered] job in
            delivered.jobs.withLock { $0.insert(job).inserted }
        }, deliver: { ticket, outcome in
            deliver(PDFRenderWorker.result(of: ticket, outcome))
        })
    }

    /// Kills the renderers, whatever they draw, and ends the outline's queue after the job it is
    /// on (`WorkQueue.stop`).
    func stop() {
        pool.stop()
        outlineQueue.stop()
    }

    /// Replaces the jobs to do, most wanted first, as night pages when `invertsLightness`;
    /// `pointSize` gives each page's size in PDF points (the layout asks only for pages it has
    /// measured).
    func want(_ jobs: [PageRenderJob], invertsLightness: Bool = false, pointSize: (Int) -> (width: Double, height: Double)) {
        pool.want(jobs.map { job in
            var request = PDFRenderWorker.request(for: job, pointSize: pointSize(job.page))
            if invertsLightness { request.flags.insert(.invertsLightness) }
            return (PageRenderTicket(job, invertsLightness: invertsLightness), request)
        })
    }

    /// What the renderer is asked for `job`: the whole page at the preview scale with its links,
    /// or one piece of the grid at a sharp scale.
    static func request(for job: PageRenderJob, pointSize size: (width: Double, height: Double)) -> PageRenderRequest {
        switch job {
        case .preview(let page):
            let scale = PagePreviewScale.scale(pageWidthPoints: size.width, pageHeightPoints: size.height)
            let grid = PagePieceGrid(pageWidthPoints: size.width, pageHeightPoints: size.height, scale: scale)
            return PageRenderRequest(page: page, scale: scale, x: 0, y: 0, width: grid.pageWidth, height: grid.pageHeight,
                                     flags: .details)
        case .piece(let key):
            let rect = PagePieceGrid(pageWidthPoints: size.width, pageHeightPoints: size.height, scale: key.scale)
                .rect(column: key.column, row: key.row)
            return PageRenderRequest(page: key.page, scale: key.scale, x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        }
    }

    private static func result(of ticket: PageRenderTicket, _ outcome: PageRendererPool<PageRenderTicket>.Outcome) -> PageRenderResult {
        let job = ticket.job
        var result: PageRenderResult
        switch outcome {
        case .drawn(let pixels, let width, let height, let details):
            result = PageRenderResult(job: job, pageSize: (width, height))
            result.pixels = PagePixels(shared: pixels, invertsLightness: ticket.invertsLightness)
            if case .preview = job { result.links = PDFLinkCoding.decode(details) }
        case .failed(let reason), .unavailable(let reason):
            result = PageRenderResult(job: job, failure: reason)
        case .overBudget:
            result = PageRenderResult(job: job, failure: localized("this page is too complex to show"))
        }
        result.invertsLightness = ticket.invertsLightness
        return result
    }

    /// Asks for the outline once.
    func wantOutline() {
        outlineQueue.submit(priority: .immediate) { [self] _ in
            outlineReader.open()
            let pageCount = outlineReader.document?.pageCount ?? 0
            deliverOutline(outlineReader.document?.outline(pageCount: pageCount) ?? .pageList(pageCount: pageCount))
        }
    }

    /// The loop thread has the result of `result`'s job: it may be rendered again if asked.
    func acknowledge(_ result: PageRenderResult) {
        delivered.jobs.withLock { _ = $0.remove(PageRenderTicket(result.job, invertsLightness: result.invertsLightness)) }
    }

    /// How many jobs the renderers have answered, for tests and benchmarks.
    var jobsRendered: Int { pool.renderCount }

    /// The renderers' process IDs, for tests.
    var rendererProcessIDs: [pid_t] { pool.processIDs }
}

/// Jobs rendered and handed over but not yet acknowledged by the loop thread.
private final class DeliveredJobs: Sendable {
    let jobs = Mutex<Set<PageRenderTicket>>([])
}
