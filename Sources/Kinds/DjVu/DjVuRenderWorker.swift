import DocumentKit
import Glibc
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

/// Renders a DjVu document's pages in `glide-page-renderer` processes (`PageRenderers`), as a
/// PDF's: the frame loop never waits for DjVuLibre, and no page, however hostile, can hold a
/// core, grow Glide's memory or delay its exit. The pages' sizes and titles and the outline are
/// read in Glide's process, on a queue of one thread with a `DjVuHandle` of its own (a page's
/// header and the directory, no image is decoded there).
///
/// The loop thread replaces the wanted jobs whenever the view moves
/// (`want(_:invertsLightness:pointSize:)`), in priority order; jobs no longer wanted are dropped
/// before they start. Results are handed to `deliver` on a worker, which posts them to the loop
/// thread.
final class DjVuRenderWorker: Sendable {
    /// The queue's handle: opened by its first job, used only on the queue's one thread.
    private final class Reader: @unchecked Sendable {
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

    private let queue = WorkQueue(name: "glide-djvu-pages")
    private let reader: Reader
    private let renderers: PageRenderers
    private let deliverOutline: @Sendable (DjVuOutline) -> Void
    private let deliverSizes: @Sendable (DjVuPageSizes) -> Void

    /// Pages measured per job: a bundled page's header takes about 0.65 ms to read on the
    /// project's VM, so a job of 8 keeps the outline waiting at most about 5 ms.
    static let measuredPagesPerJob = 8

    /// The renderer program and its arguments for `file`: DjVuLibre opens the document by
    /// name, which the renderer serves from the descriptor it is given.
    static func settings(for file: DjVuFile) -> PageRendererSettings {
        PageRendererSettings(executable: FilePath.helper(named: "glide-page-renderer"),
                             arguments: ["glide-page-renderer", "djvu", file.rendererPath])
    }

    init(file: DjVuFile, deliver: @escaping @Sendable (PageRenderResult) -> Void,
         deliverOutline: @escaping @Sendable (DjVuOutline) -> Void,
         deliverSizes: @escaping @Sendable (DjVuPageSizes) -> Void) {
        reader = Reader(file: file)
        self.deliverOutline = deliverOutline
        self.deliverSizes = deliverSizes
        renderers = PageRenderers(settings: DjVuRenderWorker.settings(for: file), descriptor: file.descriptor, deliver: deliver)
    }

    /// Whether the pages' sizes are being read: from the first pixels asked for on.
    private let isMeasuring = Atomic<Bool>(false)

    /// Reads the sizes of the pages from `first` on, a few per job (page 1's size came with the
    /// open): a long document's first frame never waits for them, and each job queues the next.
    /// The first job is queued with the first pixels asked for, so it does not run beside the
    /// first frame.
    private func measure(from first: Int) {
        let count = reader.file.pageCount
        queue.submit(priority: .background) { [self] _ in
            reader.open()
            let last = min(first + DjVuRenderWorker.measuredPagesPerJob, count)
            let sizes = (first..<max(first, last)).map { (page: $0, size: reader.handle?.pageSize($0)) }
            // The last job brings the pages' titles, read from the directory.
            let titles = last >= count ? reader.handle?.pageTitles ?? [] : nil
            deliverSizes(DjVuPageSizes(sizes: sizes, titles: titles))
            if last < count { measure(from: last) }
        }
    }

    /// Kills the renderers, whatever they draw, and ends the queue after the job it is on
    /// (`WorkQueue.stop`).
    func stop() {
        renderers.stop()
        queue.stop()
    }

    /// Replaces the jobs to do, most wanted first, as night pages when `invertsLightness`;
    /// `pointSize` gives each page's size in page points (the layout asks only for pages it has
    /// measured).
    func want(_ jobs: [PageRenderJob], invertsLightness: Bool = false, pointSize: (Int) -> (width: Double, height: Double)) {
        renderers.want(jobs, invertsLightness: invertsLightness, pointSize: pointSize)
        if !isMeasuring.exchange(true, ordering: .relaxed) { measure(from: 1) }
    }

    /// Asks for the outline once.
    func wantOutline() {
        queue.submit(priority: .immediate) { [self] _ in
            reader.open()
            guard let handle = reader.handle else { return deliverOutline(.pageList(pageCount: reader.file.pageCount)) }
            deliverOutline(DjVuOutline.reading(handle.outlineExpression(), handle: handle))
        }
    }

    /// The loop thread has `result`: its job may be rendered again, in its style, if asked.
    func acknowledge(_ result: PageRenderResult) {
        renderers.acknowledge(result)
    }

    /// How many jobs the renderers have answered, for tests and benchmarks.
    var jobsRendered: Int { renderers.jobsRendered }

    /// The renderers' process IDs, for tests.
    var rendererProcessIDs: [pid_t] { renderers.processIDs }
}
