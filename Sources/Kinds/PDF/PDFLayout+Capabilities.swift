import DocumentKit
import Localization

/// What a PDF offers: magnified from its whole page to 8× (a page at a time when paged),
/// links to places and addresses, its text read on a worker for the reading tools and the
/// screen reader, and its bookmarks above its pages.
extension PDFLayout: DocumentContent {
    /// The most a PDF zooms: 8×, where a Letter page's 10 pt body text is about 110 px tall
    /// on a laptop panel, enough to read a figure's finest print.
    public static let maximumZoomScale = 8.0

    /// Out to the whole page (fit page) and in to 8×; a paged PDF zooms one page at a time,
    /// and zoom 1 already fits the page whole.
    public var zoomPolicy: ZoomPolicy {
        isPaged ? .perPage(1...PDFLayout.maximumZoomScale) : .magnify(min(fitPageZoom, 1)...PDFLayout.maximumZoomScale)
    }

    public func maximumZoomScale(ofPage page: Int) -> Double { PDFLayout.maximumZoomScale }

    /// A PDF's pages keep no band clear: the page control sits over the margin around a page.
    public var pageBottomInsetPixels: Double {
        get { 0 }
        set {}
    }

    public var readableText: (any ReadableLayout)? { textLayout }

    public var accessibleContent: (any AccessibleContent)? { self }

    /// The bookmarks (or a row per page) above the pages, when paged.
    public var outline: (any OutlineSource)? { isPaged ? PDFOutlineSource(pages: self) : nil }

    public func link(at point: ContentPoint, zoomScale: Double) -> ContentLink? {
        switch link(at: point, zoom: zoomScale) {
        case .destination(let target)?: .place(page: target.page, offset: offset(of: target))
        case .uri(let address)?: .address(address)
        case nil: nil
        }
    }

    public func contentOffset(of location: BlockLocation) -> ContentPoint? { nil }

    /// A PDF is not read again when its file changes.
    public func replaceDocument(with document: any LoadedDocument) -> Bool { false }

    public var failure: DocumentError? { openFailure }
}

/// A PDF's pages as a screen reader reads them: a page is one paragraph of its text (a
/// PDF's text has no paragraphs to go by, see `PDFTextLayout`), read on a worker when asked.
extension PDFLayout: AccessibleContent {
    public var sectionCount: Int { pageCount }

    public func isPending(section: Int) -> Bool { textLayout.pageText(section) == nil }

    public func blocks(inSection section: Int) -> [AccessibleBlock] {
        guard let page = textLayout.pageText(section), !page.text.isEmpty else { return [] }
        return [AccessibleBlock(role: .paragraph, text: page.text, location: AccessibleBlockLocation(section: section, block: 0))]
    }

    public var firstVisibleBlock: AccessibleBlockLocation { AccessibleBlockLocation(section: readingAnchor.section, block: 0) }

    public func frame(of location: AccessibleBlockLocation) -> ContentRect? {
        location.section < pageCount ? pageRect(location.section) : nil
    }

    public func frame(ofCharacter offset: Int, in location: AccessibleBlockLocation) -> ContentRect? {
        location.block == 0 ? textLayout.frame(ofCharacter: offset, onPage: location.section) : nil
    }

    public func lineStartOffsets(of location: AccessibleBlockLocation) -> [Int]? {
        location.block == 0 ? textLayout.pageText(location.section)?.lineStartCharacters : nil
    }

    public func destination(ofAnchor fragment: String, near location: AccessibleBlockLocation) -> AccessibleBlockLocation? { nil }

    public func scrollTarget(of location: AccessibleBlockLocation) -> AccessibleScrollTarget {
        .block(BlockLocation(section: location.section, block: 0, shareOfSectionBefore: 0))
    }
}

/// A PDF's outline as the rows of the list above its pages: read by the render worker; until
/// it arrives the list says so.
final class PDFOutlineSource: OutlineSource {
    private(set) var entries: [OutlineEntry]?
    private var pages: [Int] = []
    private var handlers: [() -> Void] = []

    init(pages layout: PDFLayout) {
        layout.loadOutline { [weak self] outline in
            guard let self else { return }
            entries = outline.entries.map { OutlineEntry(title: $0.title, level: $0.level, target: .page($0.destination.page)) }
            pages = outline.entries.map(\.destination.page)
            let waiting = handlers
            handlers = []
            for handler in waiting { handler() }
        }
    }

    func whenLoaded(_ handler: @escaping () -> Void) {
        if entries != nil { handler() } else { handlers.append(handler) }
    }

    var emptyNote: String { localized("No pages") }

    func page(ofEntry index: Int) -> Int { pages[index] }

    /// Bookmarks need not be in page order.
    var isInPageOrder: Bool { false }
}
