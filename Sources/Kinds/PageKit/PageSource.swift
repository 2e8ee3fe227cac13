import DocumentKit

/// A page's size in page points (1/72 in): a PDF's own, a DjVu page's pixels at its resolution.
public typealias PagePointSize = (width: Double, height: Double)

/// A paged document's pages as `PagedLayout` lays them out and asks for their pixels: how many
/// there are, their sizes in points, their labels if any, and a renderer that draws a region of
/// a page at a scale (`request`). A PDF's and a DjVu document's pages are page sources
/// (`PDFPages`, `DjVuPages`); the layout, its page scheduler, its links and its text are the
/// same for all of them.
///
/// Everything here is called on the loop thread, and everything a source reports it reports
/// there, through the `PageSourceDelivery` the layout gives `start` (a source's workers post
/// to `MainThreadMailbox` first).
public protocol PageSource: AnyObject {
    /// The pages as far as they are known when the layout is made: nil while the document is
    /// still being opened (its page count arrives through `PageSourceDelivery.opened`).
    var opening: PageSourceOpening? { get }
    /// Starts reporting to `delivery`: the end of the open (when `opening` was nil), page sizes
    /// read behind the renders, and the renderer's results.
    func start(reporting delivery: PageSourceDelivery)
    /// Page `page`'s size read now, on the loop thread, where that is cheap (a PDF's page
    /// dictionary); nil for a source whose sizes only arrive through `PageSourceDelivery.sizes`.
    func readSize(ofPage page: Int) -> PageSizeReading?
    /// Replaces what the renderer is asked for, most wanted first, as night pages (lightness
    /// inverted where the pixels are made) when `invertsLightness`; `pointSize` gives each page's
    /// size in points as the layout has it (it asks only for pages whose size it knows). Jobs no
    /// longer wanted are dropped before they start. Results carry the style they were asked in
    /// (`PageRenderResult.invertsLightness`).
    func request(_ jobs: [PageRenderJob], invertsLightness: Bool, pointSize: (Int) -> PagePointSize)
    /// Ends the renderers, whatever they draw.
    func stop()
    /// How many jobs the renderer has answered (for tests and benchmarks).
    var renderedJobCount: Int { get }
    /// The renderer processes' IDs, where pages are drawn in processes of the source's own
    /// (for tests: one killed mid-fling is replaced).
    var rendererProcessIDs: [Int32] { get }
    /// Reads the outline (or a row per page) once; `rows` runs on the loop thread when it is read.
    func loadOutlineRows(_ rows: @escaping ([PageOutlineSource.Row]) -> Void)
    /// Reads the pages' labels where they do not come with the sizes (`PageSizes.labels`);
    /// `deliver` runs on the loop thread with them (empty: none).
    func loadPageLabels(_ deliver: @escaping ([String?]) -> Void)
    /// The text laid over the pages, when the document has one.
    var text: (any PageTextSource)? { get }
    /// How the pages look and zoom.
    var style: PageStyle { get }
    /// Whether the first page is at the right, the next to its left (a manga's).
    var readsRightToLeft: Bool { get }
    /// Page `page`'s own name (an image's file name), for the page label.
    func title(ofPage page: Int) -> String?
    /// Whether pages are still being found on a worker (a comic's order).
    var isReadingContent: Bool { get }
}

/// The pages of a document's file (a PDF's, a DjVu document's), as `PagedDocument` opens them.
public protocol FilePageSource: PageSource {
    /// The opened document the pages are read from.
    associatedtype File: PageFile
    var file: File { get }
    /// The pages of `file`, for one layout (each pane's layout has sources of its own).
    init(file: File)
}

/// A paged document's file as its kind opened it.
public protocol PageFile: AnyObject {
    /// The file's name, for errors and the title.
    var path: String { get }
    /// Waits for the kind's verdict on the file, where it comes after the open (tools and tests;
    /// the loop thread never waits).
    func waitUntilOpened() throws(DocumentError)
}

extension PageFile {
    public func waitUntilOpened() throws(DocumentError) {}
}

/// What opening a paged document found.
public enum PageSourceOpening {
    /// `count` pages, and the first page's size when it could be read.
    case pages(count: Int, firstPageSize: PagePointSize?)
    case failure(DocumentError)
}

/// A page's size as its source read it.
public enum PageSizeReading {
    case size(PagePointSize)
    /// The page cannot be read: why, in words its notice shows.
    case unreadable(String)
}

/// Some pages' sizes read behind the renders, and the pages' labels with the last of them.
public struct PageSizes {
    public var sizes: [(page: Int, size: PageSizeReading)]
    /// Each page's label (a printed page number), once every page has been measured; nil before.
    public var labels: [String?]?

    public init(sizes: [(page: Int, size: PageSizeReading)], labels: [String?]?) {
        self.sizes = sizes
        self.labels = labels
    }
}

/// Where a page source reports, on the loop thread.
public struct PageSourceDelivery {
    public var opened: (PageSourceOpening) -> Void
    public var sizes: (PageSizes) -> Void
    /// A render result; the source has acknowledged it to its renderer.
    public var rendered: (PageRenderResult) -> Void
    /// The page count changed (a comic's pages, counted first, then put in order); the sizes
    /// of the pages that remain are kept.
    public var recounted: (Int) -> Void

    public init(opened: @escaping (PageSourceOpening) -> Void, sizes: @escaping (PageSizes) -> Void,
                rendered: @escaping (PageRenderResult) -> Void, recounted: @escaping (Int) -> Void) {
        self.opened = opened
        self.sizes = sizes
        self.rendered = rendered
        self.recounted = recounted
    }
}

/// A paged document's text, for the reading tools laid over its pages (`PageTextLayout`).
public protocol PageTextSource: AnyObject {
    /// A reader of page texts on a worker of its own.
    func makeTextReader() -> any PageTextReader
    /// An internal link's page as the kind's viewers name it in an address (`#page=12`, `#12`).
    func linkAddress(ofPage page: Int) -> String
    /// A search of the text, on a worker of the search's own, of at most `pageLimit` pages
    /// (the layout's, once it knows them).
    func textSearch(for query: String, pageLimit: Int?) -> DocumentSearch
    /// The text of `range`, made on the paste's own worker.
    func copiedText(in range: TextRange) -> @Sendable () -> String
}

/// How a paged kind's pages look and zoom.
public enum PageStyle: Sendable {
    /// A document's pages (PDF, DjVu): a margin and an edge line around each, a numbered grey
    /// page until its pixels arrive, zoomed from fit page to 8×.
    case document
    /// Pictures (images, comics, a TIFF's pages): no margin or edge, the page control's band
    /// kept clear, a tinted frame of the image's shape until its pixels arrive (nothing before
    /// its size is known), zoomed to twice the image's own pixels.
    case picture
}

/// What most page sources answer alike.
extension PageSource {
    public var style: PageStyle { .document }
    public var readsRightToLeft: Bool { false }
    /// A page's own name (an image's file name), for the page label; none by default.
    public func title(ofPage page: Int) -> String? { nil }
    /// Whether pages are still being found on a worker (a comic's order).
    public var isReadingContent: Bool { false }
    /// No processes of the source's own.
    public var rendererProcessIDs: [Int32] { [] }
    /// Labels come with the sizes, if at all.
    public func loadPageLabels(_ deliver: @escaping ([String?]) -> Void) { deliver([]) }
}
