import CCairo
import CPoppler
import DocumentKit
import Glibc
import Localization
import Machinery
import PageKit

/// Renders a PDF's pages in `glide-page-renderer` processes (`PageRendererPool`), so the frame
/// loop never waits for poppler and no page, however hostile, can hold a core, grow Glide's
/// memory or delay its exit. The outline is still read in Glide's process, on a queue of one
/// thread with a poppler document of its own.
///
/// The loop thread replaces the wanted jobs whenever the view moves
/// (`want(_:invertsLightness:pointSize:)`), in priority order; jobs no longer wanted are dropped
/// before they start. Results are handed to `deliver` on a worker, which posts them to the loop
/// thread.
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

    private let outlineQueue = WorkQueue(name: "glide-pdf-outline", isBackground: true)
    private let outlineReader: OutlineReader
    private let renderers: PageRenderers
    private let deliverOutline: @Sendable (PDFOutline) -> Void

    /// The renderer program and its arguments for PDF, and as many renderers as
    /// `GLIDE_RENDERERS` says when the worker is made: made once per process, the count was the
    /// first document's, and `glide-bench pages` flung "1 renderer" with two.
    static var settings: PageRendererSettings {
        PageRendererSettings(executable: FilePath.helper(named: "glide-page-renderer"), arguments: ["glide-page-renderer", "pdf"],
                             startsFromZygote: true)
    }

    init(file: PDFFile, settings: PageRendererSettings = PDFRenderWorker.settings,
         deliver: @escaping @Sendable (PageRenderResult) -> Void, deliverOutline: @escaping @Sendable (PDFOutline) -> Void) {
        outlineReader = OutlineReader(file: file)
        self.deliverOutline = deliverOutline
        renderers = PageRenderers(settings: settings, descriptor: file.descriptor, deliver: deliver)
    }

    /// Kills the renderers, whatever they draw, and ends the outline's queue after the job it is
    /// on (`WorkQueue.stop`).
    func stop() {
        renderers.stop()
        outlineQueue.stop()
    }

    /// Replaces the jobs to do, most wanted first, as night pages when `invertsLightness`;
    /// `pointSize` gives each page's size in PDF points (the layout asks only for pages it has
    /// measured).
    func want(_ jobs: [PageRenderJob], invertsLightness: Bool = false, pointSize: (Int) -> (width: Double, height: Double)) {
        renderers.want(jobs, invertsLightness: invertsLightness, pointSize: pointSize)
    }

    /// Asks for the outline once.
    func wantOutline() {
        outlineQueue.submit(priority: .immediate) { [self] _ in
            outlineReader.open()
            let pageCount = outlineReader.document?.pageCount ?? 0
            var outline = outlineReader.document?.outline(pageCount: pageCount) ?? .pageList(pageCount: pageCount)
            outline.pageLabels = outlineReader.document?.pageLabels(pageCount: pageCount) ?? []
            deliverOutline(outline)
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
