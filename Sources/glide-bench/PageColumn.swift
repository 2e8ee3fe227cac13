import CCairo
import CPoppler
import DocumentKit
import Glibc
import Machinery
import PageKit
import PDFKind
import Synchronization

/// `glide-bench pdf`'s comparison for issue 25's "no cost of its own": a PDF's pages in a column
/// as `PDFLayout` lays them out (16 px gaps and margins, at most 1200 px wide), drawn through
/// the same `PageScheduler`, from either of two sources, so only where the pixels come from
/// differs: the renderer processes the app uses (`PageRenderers`), or poppler in this process on
/// one thread with a document of its own, as Glide rendered before issue 25. The in-process
/// source is the benchmark's own, built from PDFKind's renderer backend; the app has no such mode.
final class PageColumn: ContentLayout, PageScheduling {
    enum Source {
        case rendererProcesses
        case inProcessThread
    }

    var palette: Palette = .light
    let isPaged = false
    let scheduler = PageScheduler()
    private(set) var viewportWidth = 0.0
    private(set) var viewportHeight = 0.0
    private var changeLog = ChangeLog()
    private let pointSizes: [(width: Double, height: Double)]
    private var heights = HeightIndex([])
    private var anchorPage = 0
    private let descriptor: Int32
    private var renderers: PageRenderers?
    private var inProcess: InProcessPages?

    static let gapPixels = 16.0
    static let maximumWidthPixels = 1200.0

    init(path: String, source: Source) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0, let document = poppler_document_new_from_file("file://" + path, nil, nil) else {
            fatalError("cannot open \(path)")
        }
        pointSizes = (0..<Int(poppler_document_get_n_pages(document))).map { index in
            let page = poppler_document_get_page(document, Int32(index))
            defer { g_object_unref(UnsafeMutableRawPointer(page)) }
            var width = 0.0, height = 0.0
            poppler_page_get_size(page, &width, &height)
            return (width, height)
        }
        g_object_unref(UnsafeMutableRawPointer(document))
        let box = LoopThreadReference<PageColumn>()
        let deliver: @Sendable (PageRenderResult) -> Void = { result in MainThreadMailbox.shared.post { box.object?.receive(result) } }
        switch source {
        case .rendererProcesses:
            // Forked from the zygote, as Glide's PDF renderers are.
            renderers = PageRenderers(settings: PageRendererSettings(executable: FilePath.helper(named: "glide-page-renderer"),
                                                                     arguments: ["glide-page-renderer", "pdf"], startsFromZygote: true),
                                      descriptor: descriptor, deliver: deliver)
        case .inProcessThread:
            inProcess = InProcessPages(descriptor: descriptor, deliver: deliver)
        }
        box.object = self
    }

    deinit {
        renderers?.stop()
        inProcess?.stop()
        close(descriptor)
    }

    var pageCount: Int { pointSizes.count }
    var revision: Int { changeLog.revision }
    func changes(since revision: Int) -> ContentChange { changeLog.changes(since: revision) }
    var contentSize: ContentSize { ContentSize(width: viewportWidth, height: (PageColumn.gapPixels + heights.total).rounded(.up)) }
    var anchorOffset: ContentPoint { .zero }
    var readingAnchor: ReadingAnchor {
        get { ReadingAnchor(section: anchorPage, block: 0, fraction: 0) }
        set {}
    }
    var drawsWithoutTiles: Bool { true }

    private var columnWidth: Double { max(min(viewportWidth - 2 * PageColumn.gapPixels, PageColumn.maximumWidthPixels), 40) }

    func pointSize(_ page: Int) -> (width: Double, height: Double) { pointSizes[page] }
    func isMeasured(_ page: Int) -> Bool { true }

    func pageRect(_ page: Int) -> ContentRect {
        let width = columnWidth
        return ContentRect(x: ((viewportWidth - width) / 2).rounded(), y: PageColumn.gapPixels + heights.offset(of: page),
                           width: width, height: heights[page] - PageColumn.gapPixels)
    }

    func pages(meeting rect: ContentRect) -> ClosedRange<Int> {
        let first = heights.index(containing: rect.y - PageColumn.gapPixels)
        let last = heights.index(containing: max(rect.y, rect.maxY - 0.001) - PageColumn.gapPixels)
        return first...max(first, last)
    }

    func setViewportSize(width: Double, height: Double) {
        guard width != viewportWidth || height != viewportHeight else { return }
        viewportWidth = width
        viewportHeight = height
        heights = HeightIndex(pointSizes.map { (columnWidth * $0.height / $0.width).rounded() + PageColumn.gapPixels })
        changeLog.record(.everything)
    }

    func prepare(_ visible: ContentRect, margin: Double, drawScale scale: Double) -> ContentPoint {
        guard viewportWidth > 0 else { return .zero }
        if scale > 0 { drawScale = scale }
        scheduler.noteMotion(to: visible, paged: false)
        anchorPage = pages(meeting: ContentRect(x: 0, y: visible.y, width: 1, height: 0.001)).lowerBound
        lastVisible = visible
        scheduler.lastMargin = margin
        if scale > 0 { requestPixels(for: visible, margin: margin) }
        return .zero
    }

    private func requestPixels(for visible: ContentRect, margin: Double) {
        guard let jobs = scheduler.jobs(for: visible, margin: margin, in: self) else { return }
        renderers?.want(jobs, pointSize: pointSize)
        inProcess?.want(jobs, pointSize: pointSize)
    }

    private func receive(_ result: PageRenderResult) {
        renderers?.acknowledge(result)
        inProcess?.acknowledge(result.job)
        let isOnScreen = scheduler.receive(result, in: self)
        let rect = pageRect(result.job.page)
        changeLog.record(.band(rect.y...rect.maxY))
        if isOnScreen, let lastVisible { requestPixels(for: lastVisible, margin: scheduler.lastMargin) }
    }

    func draw(_ rect: ContentRect, on cairo: OpaquePointer) {
        scheduler.drawPages(rect, on: cairo, layout: self, numbersPlaceholders: true)
    }

    /// How many jobs were rendered.
    var renderedJobCount: Int { renderers?.jobsRendered ?? inProcess?.rendered.load(ordering: .relaxed) ?? 0 }
}

/// Poppler in this process on one thread with a document of its own, each page drawn into a
/// cairo image surface of this process: Glide's renderer before issue 25, for the comparison.
private final class InProcessPages: @unchecked Sendable {
    private let queue = WorkQueue(name: "glide-bench-render")
    private let descriptor: Int32
    /// Opened by the first job, used only on the queue's one thread.
    private var backend: PDFRenderBackend?
    private let delivered = Mutex<Set<PageRenderJob>>([])
    private let deliver: @Sendable (PageRenderResult) -> Void
    let rendered = Atomic<Int>(0)

    init(descriptor: Int32, deliver: @escaping @Sendable (PageRenderResult) -> Void) {
        self.descriptor = descriptor
        self.deliver = deliver
        queue.submit(priority: .immediate) { [self] _ in backend = try? PDFRenderBackend(descriptor: descriptor) }
    }

    func stop() {
        queue.stop()
    }

    func want(_ jobs: [PageRenderJob], pointSize: (Int) -> (width: Double, height: Double)) {
        queue.replacePending(inGroup: 0, with: jobs.map { job in
            let request = PageRenderRequest(job, pointSize: pointSize(job.page))
            return { [self] _ in render(job, request) }
        })
    }

    func acknowledge(_ job: PageRenderJob) {
        delivered.withLock { _ = $0.remove(job) }
    }

    private func render(_ job: PageRenderJob, _ request: PageRenderRequest) {
        guard delivered.withLock({ $0.insert(job).inserted }), let backend else { return }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(request.width), Int32(request.height))!
        let pixels = PagePixels(surface: surface, width: request.width, height: request.height)
        guard let data = cairo_image_surface_get_data(surface) else { return deliver(PageRenderResult(job: job, failure: "no memory")) }
        cairo_surface_flush(surface)
        let outcome = backend.render(request, into: data)
        cairo_surface_mark_dirty(surface)
        var result = PageRenderResult(job: job, pageSize: (outcome.pageWidth, outcome.pageHeight), failure: outcome.failure)
        if outcome.failure == nil {
            result.pixels = pixels
            if case .preview = job { result.links = PageLinkCoding.decode(outcome.details) }
        }
        rendered.add(1, ordering: .relaxed)
        deliver(result)
    }
}
