import DocumentKit
import Localization
import Machinery
import Synchronization

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
    private let delivered = Mutex<Set<DjVuRenderJob>>([])
    private let deliver: @Sendable (DjVuRenderResult) -> Void
    private let deliverOutline: @Sendable (DjVuOutline) -> Void

    init(file: DjVuFile, deliver: @escaping @Sendable (DjVuRenderResult) -> Void,
         deliverOutline: @escaping @Sendable (DjVuOutline) -> Void) {
        renderer = Renderer(file: file)
        self.deliver = deliver
        self.deliverOutline = deliverOutline
        // The handle opens at once, not with the first page asked for.
        queue.submit(priority: .immediate) { [renderer] _ in renderer.open() }
    }

    /// Ends the queue after the job it is on, waiting a moment for it (`WorkQueue.stop`).
    func stop() {
        queue.stop()
    }

    /// Replaces the jobs to do, most wanted first.
    func want(_ jobs: [DjVuRenderJob]) {
        queue.replacePending(inGroup: DjVuRenderWorker.renderGroup, with: jobs.map { job in { [self] _ in render(job) } })
    }

    /// Asks for the outline once.
    func wantOutline() {
        queue.submit(priority: .immediate) { [self] _ in
            renderer.open()
            let file = renderer.file
            deliverOutline(DjVuOutline.reading(renderer.handle?.outlineExpression(), file: file))
        }
    }

    /// The loop thread has the result of `job`: it may be rendered again if asked.
    func acknowledge(_ job: DjVuRenderJob) {
        delivered.withLock { _ = $0.remove(job) }
    }

    /// How many jobs have been rendered, for tests and benchmarks.
    var jobsRendered: Int { rendered.load(ordering: .relaxed) }
    private let rendered = Atomic<Int>(0)

    private func render(_ job: DjVuRenderJob) {
        guard delivered.withLock({ $0.insert(job).inserted }) else { return }
        renderer.open()
        let result = renderer.handle.map { DjVuPageRenderer(handle: $0, file: renderer.file).render(job) }
            ?? DjVuRenderResult(job: job, failure: localized("DjVuLibre cannot read this document"))
        rendered.add(1, ordering: .relaxed)
        deliver(result)
    }
}
