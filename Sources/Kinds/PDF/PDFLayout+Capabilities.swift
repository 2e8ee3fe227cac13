import DocumentKit
import Localization
import PageKit

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

/// A PDF's pages as a screen reader reads them: a page is one paragraph of its text
/// (`PagedAccessibleContent`).
extension PDFLayout: PagedAccessibleContent {}

/// A PDF's outline as the rows of the list above its pages (`PageOutlineSource`): read by the
/// render worker; until it arrives the list says so.
typealias PDFOutlineSource = PageOutlineSource

extension PageOutlineSource {
    convenience init(pages layout: PDFLayout) {
        self.init(label: { [weak layout] in layout?.label(ofPage: $0) }) { rows in
            layout.loadOutline { outline in rows(outline.entries.map { ($0.title, $0.level, $0.destination.page) }) }
        }
    }
}
