import DocumentKit
import Localization
import PageKit

/// What a DjVu document offers, as a PDF does: magnified from its whole page to 8× (a page at
/// a time when paged), links to pages and addresses, its hidden text read on a worker for the
/// reading tools and the screen reader, and its bookmarks above its pages.
extension DjVuLayout: DocumentContent {
    /// The most a page zooms: a PDF's 8× (`PDFLayout.maximumZoomScale`).
    public static let maximumZoomScale = 8.0

    public var zoomPolicy: ZoomPolicy {
        isPaged ? .perPage(1...DjVuLayout.maximumZoomScale) : .magnify(min(fitPageZoom, 1)...DjVuLayout.maximumZoomScale)
    }

    public func maximumZoomScale(ofPage page: Int) -> Double { DjVuLayout.maximumZoomScale }

    /// Pages keep no band clear: the page control sits over the margin around a page.
    public var pageBottomInsetPixels: Double {
        get { 0 }
        set {}
    }

    public var readableText: (any ReadableLayout)? { textLayout }

    public var accessibleContent: (any AccessibleContent)? { self }

    /// The bookmarks (or a row per page) above the pages, when paged.
    public var outline: (any OutlineSource)? { isPaged ? PageOutlineSource(pages: self) : nil }

    public func link(at point: ContentPoint, zoomScale: Double) -> ContentLink? {
        switch link(at: point, zoom: zoomScale) {
        case .destination(let target)?: .place(page: target.page, offset: offset(ofPage: target.page))
        case .uri(let address)?: .address(address)
        case nil: nil
        }
    }

    public func contentOffset(of location: BlockLocation) -> ContentPoint? { nil }

    /// Not read again when its file changes.
    public func replaceDocument(with document: any LoadedDocument) -> Bool { false }

    /// The file was opened whole before the layout was made: nothing fails later.
    public var failure: DocumentError? { nil }
}

/// The pages as a screen reader reads them: a page is one paragraph of its hidden text, read
/// on a worker when asked (`PagedAccessibleContent`).
extension DjVuLayout: PagedAccessibleContent {}
