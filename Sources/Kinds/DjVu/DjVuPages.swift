import DocumentKit
import Localization
import Machinery
import PageKit

/// A DjVu document's pages as the paged layout asks for them (`PageSource`): the page count
/// and the first page's size known when the file opened, the other pages' sizes and the pages'
/// titles read by the worker behind the renders, pixels from its renderer processes
/// (`DjVuRenderWorker`, `PageRenderers`), the outline, and the hidden text read by handles of
/// the text's own workers.
public final class DjVuPages: FilePageSource {
    public typealias File = DjVuFile

    public let file: DjVuFile
    let worker: DjVuRenderWorker
    private var delivery: PageSourceDelivery?

    /// The outline, read by the worker when first asked for (see `loadOutline`).
    private let outline = LoadedOnce<DjVuOutline>()

    public init(file: DjVuFile) {
        self.file = file
        let box = LoopThreadReference<DjVuPages>()
        worker = DjVuRenderWorker(file: file, deliver: box.posting { $0.receive($1) },
                                  deliverOutline: box.posting { $0.receive($1) },
                                  deliverSizes: box.posting { $0.receive($1) })
        box.object = self
    }

    /// The file was opened whole before the layout was made.
    public var opening: PageSourceOpening? { .pages(count: file.pageCount, firstPageSize: file.firstPageSize.points) }

    public func start(reporting delivery: PageSourceDelivery) {
        self.delivery = delivery
    }

    /// Sizes arrive from the render worker: none is read on the loop thread.
    public func readSize(ofPage page: Int) -> PageSizeReading? { nil }

    public func request(_ jobs: [PageRenderJob], invertsLightness: Bool, pointSize: (Int) -> PagePointSize) {
        worker.want(jobs, invertsLightness: invertsLightness, pointSize: pointSize)
    }

    public func stop() {
        worker.stop()
    }

    public var renderedJobCount: Int { worker.jobsRendered }

    public var rendererProcessIDs: [Int32] { worker.rendererProcessIDs }

    private func receive(_ result: PageRenderResult) {
        worker.acknowledge(result)
        delivery?.rendered(result)
    }

    /// Some pages' sizes from the render worker; the titles come with the last.
    private func receive(_ measured: DjVuPageSizes) {
        let unreadable = localized("DjVuLibre cannot read this page")
        delivery?.sizes(PageSizes(sizes: measured.sizes.map { ($0.page, $0.size.map { .size($0.points) } ?? .unreadable(unreadable)) },
                                  labels: measured.titles))
    }

    // MARK: Outline

    public func loadOutlineRows(_ rows: @escaping ([PageOutlineSource.Row]) -> Void) {
        loadOutline { outline in rows(outline.entries.map { ($0.title, $0.level, $0.page) }) }
    }

    /// Asks the worker for the outline; `handler` runs on the loop thread when it arrives
    /// (at once when it already has).
    func loadOutline(_ handler: @escaping (DjVuOutline) -> Void) {
        outline.whenLoaded(handler) { worker.wantOutline() }
    }

    private func receive(_ outline: DjVuOutline) {
        self.outline.deliver(outline)
    }

    public var text: (any PageTextSource)? { self }
}

/// The hidden text, read by handles of the readers' own.
extension DjVuPages: PageTextSource {
    public func makeTextReader() -> any PageTextReader { DjVuTextReader(file: file) }

    /// An internal link's page as DjVu names it (`#12`).
    public func linkAddress(ofPage page: Int) -> String { "#\(page + 1)" }

    /// Searched with a handle of the search's own worker (which counts the file's pages).
    public func textSearch(for query: String, pageLimit: Int?) -> DocumentSearch {
        let file = file
        return DocumentSearch(query: query) { DjVuSearchSource(file: file) }
    }

    /// Made with a handle of the paste's own worker.
    public func copiedText(in range: TextRange) -> @Sendable () -> String {
        let file = file
        return { file.text(in: range) }
    }
}
