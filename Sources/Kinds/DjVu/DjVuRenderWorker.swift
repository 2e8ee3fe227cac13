import DocumentKit
import Localization
import Machinery
import PageKit
import Synchronization

/// Some pages' sizes read by the render worker, and the pages' titles with the last of them.
struct DjVuPageSizes: Sendable {
    var sizes: [(page: Int, size: DjVuPageSize?)]
    /// Each page's title (`DjVuHandle.pageTitles`); nil until every page has been measured.
    var titles: [String?]?
}

/// Renders a DjVu document's pages on a queue of one thread with a `DjVuHandle` of its own, so
/// the frame loop never waits for DjVuLibre and no handle is used from two threads.
///
/// The loop thread replaces the wanted jobs whenever the view moves (`want(_:)`), in priority
/// order; jobs no longer wanted are dropped before they start. Results are handed to
/// `deliver` on the worker, which posts them to the loop thread.
final class DjVuRenderWorker: Sendable {
    /// The worker's handle: opened by its first job, used only on the queue's one thread.
    private final class Renderer: @unchecked Sendable {
        let file: DjVuFile
        private var isOpened = false
        private(set) var handle: DjVuHandle?

        init(file: DjVuFile) {
            self.file = file
        }

        func open() {
            guard !isOpened else { return }
            isOpened = true
            handle = try? file.makeHandle()
        }
    }

    /// The one group of the queue's render jobs, replaced as the view moves.
    private static let renderGroup = 0
    private let queue = WorkQueue(name: "glide-djvu-render",
                                  releasesMemoryAfterIdleMilliseconds: WorkQueue.pageMemoryReleaseIdleMilliseconds)
    private let renderer: Renderer
    /// Jobs rendered and handed over but not yet acknowledged by the loop thread: not rendered
    /// again while their result is on its way.
    private let delivered = Mutex<Set<PageRenderTicket>>([])
    private let deliver: @Sendable (PageRenderResult) -> Void
    private let deliverOutline: @Sendable (DjVuOutline) -> Void
    private let deliverSizes: @Sendable (DjVuPageSizes) -> Void

    /// Pages measured per job: a bundled page's header takes about 0.65 ms to read on the
    /// project's VM, so a job of 8 keeps a page's render waiting at most about 5 ms.
    static let measuredPagesPerJob = 8

    init(file: DjVuFile, deliver: @escaping @Sendable (PageRenderResult) -> Void,
         deliverOutline: @escaping @Sendable (DjVuOutline) -> Void,
         deliverSizes: @escaping @Sendable (DjVuPageSizes) -> Void) {
        renderer = Renderer(file: file)
        self.deliver = deliver
        self.deliverOutline = deliverOutline
        self.deliverSizes = deliverSizes
        // The handle opens at once, not with the first page asked for.
        queue.submit(priority: .immediate) { [renderer] _ in renderer.open() }
    }

    /// Whether the pages' sizes are being read: from the first pixels asked for on.
    private let isMeasuring = Atomic<Bool>(false)

    /// Reads the sizes of the pages from `first` on, a few per job, behind every render
    /// (page 1's size came with the open): a long document's first frame and pages never
    /// wait for them, and each job queues the next. The first job is queued with the first
    /// pixels asked for, so it runs after them and not beside the first frame.
    private func measure(from first: Int) {
        let count = renderer.file.pageCount
        queue.submit(priority: .background) { [self] _ in
            renderer.open()
            let last = min(first + DjVuRenderWorker.measuredPagesPerJob, count)
            let sizes = (first..<max(first, last)).map { (page: $0, size: renderer.handle?.pageSize($0)) }
            // The last job brings the pages' titles, read from the directory.
            let titles = last >= count ? renderer.handle?.pageTitles ?? [] : nil
            deliverSizes(DjVuPageSizes(sizes: sizes, titles: titles))
            if last < count { measure(from: last) }
        }
    }

    /// Ends the queue after the job it is on, waiting a moment for it (`WorkQueue.stop`).
    func stop() {
        queue.stop()
    }

    /// Replaces the jobs to do, most wanted first, as night pages when `invertsLightness`.
    func want(_ jobs: [PageRenderJob], invertsLightness: Bool = false) {
        queue.replacePending(inGroup: DjVuRenderWorker.renderGroup, with: jobs.map { job in
            { [self] _ in render(PageRenderTicket(job, invertsLightness: invertsLightness)) }
        })
        if !isMeasuring.exchange(true, ordering: .relaxed) { measure(from: 1) }
    }

    /// Asks for the outline once.
    func wantOutline() {
        queue.submit(priority: .immediate) { [self] _ in
            renderer.open()
            guard let handle = renderer.handle else { return deliverOutline(.pageList(pageCount: renderer.file.pageCount)) }
            deliverOutline(DjVuOutline.reading(handle.outlineExpression(), handle: handle))
        }
    }

    /// The loop thread has the result of `result`'s job: it may be rendered again if asked.
    func acknowledge(_ result: PageRenderResult) {
        delivered.withLock { _ = $0.remove(PageRenderTicket(result.job, invertsLightness: result.invertsLightness)) }
    }

    /// How many jobs have been rendered, for tests and benchmarks.
    var jobsRendered: Int { rendered.load(ordering: .relaxed) }
    private let rendered = Atomic<Int>(0)

    private func render(_ ticket: PageRenderTicket) {
        guard delivered.withLock({ $0.insert(ticket).inserted }) else { return }
        renderer.open()
        var result = renderer.handle.map { DjVuPageRenderer(handle: $0, file: renderer.file).render(ticket) }
            ?? PageRenderResult(job: ticket.job, failure: localized("DjVuLibre cannot read this document"))
        result.invertsLightness = ticket.invertsLightness
        rendered.add(1, ordering: .relaxed)
        deliver(result)
    }
}
