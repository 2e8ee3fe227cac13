import DocumentKit
import PageKit

/// What the render worker is asked for, what it sends back, and pages painted from it, through
/// the one page scheduler of the paged kinds (`PageScheduler`); DjVuLibre is never called here.
extension DjVuLayout: PageGeometry {
    /// Asks the worker for what `visible` needs, most urgent first (`PageScheduler.jobs`).
    func requestPixels(for visible: ContentRect, margin: Double) {
        guard let jobs = scheduler.jobs(for: visible, margin: margin, in: self) else { return }
        worker.want(jobs)
    }

    /// A result from the worker, on the loop thread: the page's pixels are redrawn.
    func receive(_ result: PageRenderResult) {
        worker.acknowledge(result.job)
        let page = result.job.page
        guard page < pageCount else { return }
        let isOnScreen = scheduler.receive(result, in: self)
        let rect = pageRect(page)
        changeLog.record(.band(rect.y...rect.maxY))
        if isOnScreen, let lastVisible { requestPixels(for: lastVisible, margin: scheduler.lastMargin) }
    }

    func drawPages(_ rect: ContentRect, on cairo: OpaquePointer) {
        scheduler.drawPages(rect, on: cairo, layout: self, numbersPlaceholders: true)
    }

    /// The colour of a page whose pixels have not arrived (`PageScheduler.placeholderColour`).
    public var placeholderColour: (red: Double, green: Double, blue: Double) { PageScheduler.placeholderColour(palette) }

    /// Rendered pixels: each page's preview, and sharp pieces at the scales drawn lately.
    var previews: PagePixelCache { scheduler.previews }
    var pieces: PagePixelCache { scheduler.pieces }
    /// Why pages could not be rendered.
    var failures: [Int: String] {
        get { scheduler.failures }
        set { scheduler.failures = newValue }
    }
    /// Each page's links, from its preview.
    var links: [Int: [PageLink]] { scheduler.links }
    /// What the last `prepare` saw.
    public internal(set) var lastVisible: ContentRect? {
        get { scheduler.lastVisible }
        set { scheduler.lastVisible = newValue }
    }
    /// Device px per logical px the content is drawn at, as the last `prepare` said; nil before.
    var drawScale: Double? {
        get { scheduler.drawScale }
        set { scheduler.drawScale = newValue }
    }
    /// Visible previews and sharp pieces not delivered yet, as of the last request.
    public var missingVisibleCount: Int { scheduler.missingVisibleCount }

    /// Whether everything on screen has its sharp pixels (for tests and benchmarks).
    public var isSharp: Bool { drawScale != nil && missingVisibleCount == 0 }

    /// How many jobs the worker has rendered (for tests and benchmarks).
    public var renderedJobCount: Int { worker.jobsRendered }

}
