import DocumentKit
import Localization
import Machinery
import PageKit

/// A PDF's pages as the paged layout asks for them (`PageSource`): poppler's open on a thread of
/// its own (`PDFOpening`), page sizes read on the loop thread from the document it opened (cheap:
/// the page dictionary), pixels from the `glide-page-renderer` processes (`PDFRenderWorker`),
/// the outline kept to the pages the layout has, and the text read by poppler documents of
/// the text's own workers.
public final class PDFPages: FilePageSource {
    public typealias File = PDFFile

    public let file: PDFFile
    let worker: PDFRenderWorker
    /// The loop thread's poppler document, nil until opened: page sizes only. Rendering uses
    /// the renderers' own.
    private var document: PopplerDocumentHandle?
    private var pageCount: Int?
    private var delivery: PageSourceDelivery?

    /// The PDF's outline, read by the worker when first asked for (see `loadOutline`).
    private let outline = LoadedOnce<PDFOutline>()
    /// An outline that arrived before the page count.
    private var pendingOutline: PDFOutline?

    public init(file: PDFFile) {
        self.file = file
        let box = LoopThreadReference<PDFPages>()
        worker = PDFRenderWorker(file: file, deliver: box.posting { $0.receive($1) },
                                 deliverOutline: box.posting { $0.receive($1) })
        box.object = self
    }

    /// The open's outcome once it has ended (the loop thread then keeps poppler's document).
    public var opening: PageSourceOpening? {
        file.opening.outcome.map(opened)
    }

    public func start(reporting delivery: PageSourceDelivery) {
        self.delivery = delivery
        guard file.opening.outcome == nil else { return }
        let box = LoopThreadReference(self)
        file.opening.whenDone { _ in
            MainThreadMailbox.shared.post {
                guard let pages = box.object, let opening = pages.opening else { return }
                pages.delivery?.opened(opening)
            }
        }
    }

    /// The open's outcome as the layout takes it; the first call keeps the document.
    private func opened(_ outcome: PDFOpening.Outcome) -> PageSourceOpening {
        switch outcome {
        case .failure(let error):
            return .failure(error)
        case .success(let opened):
            if document == nil {
                document = opened.document
                pageCount = opened.pageCount
                if let pendingOutline {
                    self.pendingOutline = nil
                    receive(pendingOutline)
                }
            }
            return .pages(count: opened.pageCount, firstPageSize: opened.firstPageSize)
        }
    }

    public func readSize(ofPage page: Int) -> PageSizeReading? {
        guard let document else { return nil }
        return document.pageSize(page).map { .size($0) } ?? .unreadable(localized("poppler cannot read this page"))
    }

    public func request(_ jobs: [PageRenderJob], invertsLightness: Bool, pointSize: (Int) -> PagePointSize) {
        worker.want(jobs, invertsLightness: invertsLightness, pointSize: pointSize)
    }

    private func receive(_ result: PageRenderResult) {
        worker.acknowledge(result)
        delivery?.rendered(result)
    }

    public func stop() {
        worker.stop()
    }

    public var renderedJobCount: Int { worker.jobsRendered }

    public var rendererProcessIDs: [Int32] { worker.rendererProcessIDs }

    // MARK: Outline

    public func loadOutlineRows(_ rows: @escaping ([PageOutlineSource.Row]) -> Void) {
        loadOutline { outline in rows(outline.entries.map { ($0.title, $0.level, $0.destination.page) }) }
    }

    /// The `/PageLabels`, which the worker reads with the outline.
    public func loadPageLabels(_ deliver: @escaping ([String?]) -> Void) {
        loadOutline { deliver($0.pageLabels) }
    }

    /// Asks the worker for the outline; `handler` runs on the loop thread when it arrives
    /// (at once when it already has), kept to the pages the layout has.
    public func loadOutline(_ handler: @escaping (PDFOutline) -> Void) {
        outline.whenLoaded(handler) { worker.wantOutline() }
    }

    /// The PDF's outline once the worker has read it.
    public var loadedOutline: PDFOutline? { outline.value }

    private func receive(_ outline: PDFOutline) {
        guard let pageCount else {
            // Held until the page count is known, so it can be kept to the layout's pages.
            pendingOutline = outline
            return
        }
        self.outline.deliver(outline.limited(toPageCount: pageCount))
    }

    public var text: (any PageTextSource)? { self }
}

/// A PDF's text, read by poppler documents of the readers' own.
extension PDFPages: PageTextSource {
    public func makeTextReader() -> any PageTextReader { PDFTextReader(file: file) }

    /// An internal link's page as a PDF viewer's URL names it (`#page=12`).
    public func linkAddress(ofPage page: Int) -> String { "#page=\(page + 1)" }

    public func textSearch(for query: String, pageLimit: Int?) -> DocumentSearch {
        DocumentSearch(pdf: file, query: query, pageLimit: pageLimit)
    }

    /// Made with a poppler document of the paste's own worker.
    public func copiedText(in range: TextRange) -> @Sendable () -> String {
        let file = file
        return { file.text(in: range) }
    }
}
