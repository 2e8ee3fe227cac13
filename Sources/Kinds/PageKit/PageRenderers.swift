import DocumentKit
import Glibc
import Localization
import Machinery
import Synchronization

/// A paged document's renderer processes (`PageRendererPool` of `glide-page-renderer`), asked
/// for the scheduler's jobs: what every paged kind whose pages a renderer process draws shares
/// (PDF's, DjVu's). The loop thread replaces the wanted jobs whenever the view moves
/// (`want(_:invertsLightness:pointSize:)`), in priority order; jobs no longer wanted are dropped
/// before they start, and a job whose result is on its way to the loop thread is not drawn again
/// until it is acknowledged. Night pages are inverted in the renderer, as it draws them
/// (`PageRenderFlags.invertsLightness`), never on the frame path. Results go to `deliver` on a
/// worker thread, which posts them to the loop.
public final class PageRenderers: Sendable {
    private let pool: PageRendererPool<PageRenderTicket>
    /// Jobs rendered and handed over but not yet acknowledged by the loop thread.
    private let delivered = DeliveredJobs()

    /// Renderers started with `settings` on the document on `descriptor` (duplicated: the caller
    /// keeps its own).
    public init(settings: PageRendererSettings, descriptor: Int32, deliver: @escaping @Sendable (PageRenderResult) -> Void) {
        pool = PageRendererPool(settings: settings, document: descriptor, admit: { [delivered] job in
            delivered.jobs.withLock { $0.insert(job).inserted }
        }, deliver: { ticket, outcome in
            deliver(PageRenderResult(ticket: ticket, outcome))
        })
    }

    /// Kills the renderers, whatever they draw.
    public func stop() {
        pool.stop()
    }

    /// Replaces the jobs to do, most wanted first, as night pages when `invertsLightness`;
    /// `pointSize` gives each page's size in page points (the layout asks only for pages it has
    /// measured).
    public func want(_ jobs: [PageRenderJob], invertsLightness: Bool = false,
                     pointSize: (Int) -> (width: Double, height: Double)) {
        pool.want(jobs.map { job in
            var request = PageRenderRequest(job, pointSize: pointSize(job.page))
            if invertsLightness { request.flags.insert(.invertsLightness) }
            return (PageRenderTicket(job, invertsLightness: invertsLightness), request)
        })
    }

    /// The loop thread has `result`: its job may be rendered again, in its style, if asked.
    public func acknowledge(_ result: PageRenderResult) {
        delivered.jobs.withLock { _ = $0.remove(PageRenderTicket(result.job, invertsLightness: result.invertsLightness)) }
    }

    /// How many jobs the renderers have answered, for tests and benchmarks.
    public var jobsRendered: Int { pool.renderCount }

    /// The renderers' process IDs, for tests.
    public var processIDs: [pid_t] { pool.processIDs }
}

/// Jobs rendered and handed over but not yet acknowledged by the loop thread.
private final class DeliveredJobs: Sendable {
    let jobs = Mutex<Set<PageRenderTicket>>([])
}

extension PageRenderRequest {
    /// What a renderer is asked for `job`: the whole page at the preview scale with its links,
    /// or one piece of the grid at a sharp scale, for a page of `size` page points.
    public init(_ job: PageRenderJob, pointSize size: (width: Double, height: Double)) {
        switch job {
        case .preview(let page):
            let scale = PagePreviewScale.scale(pageWidthPoints: size.width, pageHeightPoints: size.height)
            let grid = PagePieceGrid(pageWidthPoints: size.width, pageHeightPoints: size.height, scale: scale)
            self.init(page: page, scale: scale, x: 0, y: 0, width: grid.pageWidth, height: grid.pageHeight, flags: .details)
        case .piece(let key):
            let rect = PagePieceGrid(pageWidthPoints: size.width, pageHeightPoints: size.height, scale: key.scale)
                .rect(column: key.column, row: key.row)
            self.init(page: key.page, scale: key.scale, x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        }
    }
}

extension PageRenderResult {
    /// What the scheduler is handed for a renderer's `outcome` of `ticket`: the pixels in place,
    /// a preview's links, or the one line a page shows when it could not be drawn.
    public init(ticket: PageRenderTicket, _ outcome: PageRendererPool<PageRenderTicket>.Outcome) {
        let job = ticket.job
        switch outcome {
        case .drawn(let pixels, let width, let height, let details):
            self.init(job: job, pageSize: (width, height))
            self.pixels = PagePixels(shared: pixels, invertsLightness: ticket.invertsLightness)
            if case .preview = job { links = PageLinkCoding.decode(details) }
        case .failed(let reason), .unavailable(let reason):
            self.init(job: job, failure: reason)
        case .overBudget:
            self.init(job: job, failure: localized("this page is too complex to show"))
        }
        invertsLightness = ticket.invertsLightness
    }
}
