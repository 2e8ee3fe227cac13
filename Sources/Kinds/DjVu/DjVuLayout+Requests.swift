import DocumentKit
import PageKit

/// What the render worker is asked for, what it sends back, and pages painted from it, through
/// the one page scheduler of the paged kinds (`PageScheduler`); DjVuLibre is never called here.
extension DjVuLayout: PageScheduling {
    /// Asks the worker for what `visible` needs, most urgent first (`PageScheduler.jobs`).
    func requestPixels(for visible: ContentRect, margin: Double) {
        guard let jobs = scheduler.jobs(for: visible, margin: margin, in: self) else { return }
        worker.want(jobs, invertsLightness: scheduler.invertsLightness, pointSize: pointSize)
    }

    /// A result from the worker, on the loop thread: the page's pixels are redrawn.
    func receive(_ result: PageRenderResult) {
        worker.acknowledge(result)
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

    /// Whether everything on screen has its sharp pixels (for tests and benchmarks).
    public var isSharp: Bool { drawScale != nil && missingVisibleCount == 0 }

    /// Whether pages on screen wait for their renderer (`PageScheduler.isAwaitingVisiblePixels`).
    public var isReadingContent: Bool { scheduler.isAwaitingVisiblePixels }

    /// How many jobs the worker has rendered (for tests and benchmarks).
    public var renderedJobCount: Int { worker.jobsRendered }

    /// The page renderers' process IDs (for tests: one killed mid-fling is replaced).
    public var rendererProcessIDs: [Int32] { worker.rendererProcessIDs }

}
