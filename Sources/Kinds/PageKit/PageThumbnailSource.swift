import DocumentKit

/// A paged document as the overview (`PageOverviewLayout`) draws it: its pages' geometry, and
/// its own drawing of them at the thumbnails' scale. Every paged kind answers it:
/// the kinds on the page scheduler (`PagedLayout`: PDF, DjVu, comics, image folders, TIFF)
/// from their renderers' low-resolution previews, a fixed-layout book from the pages it reads
/// and lays out itself. The overview asks for the thumbnails through the document's own
/// `prepare`, over the pages in view, at the scale the thumbnails are drawn.
public protocol PageThumbnailSource: PageGeometry, DocumentContent {
    /// The page (from 0) at the reading position.
    var currentPage: Int { get }
    /// Draws the pages that meet `rect` as thumbnails, at the scale cairo's matrix gives: what
    /// has arrived, a placeholder with no number where nothing has (the overview numbers
    /// every cell itself).
    func drawThumbnails(_ rect: ContentRect, on cairo: OpaquePointer)
    /// Pages in the last prepared rectangle still waiting for their pixels (for tests and
    /// benchmarks).
    var missingVisibleCount: Int { get }
}

extension PageThumbnailSource {
    /// Every paged kind has an overview of its pages, once it has pages.
    public func makePageOverview() -> (any PageOverviewContent)? {
        pageCount > 0 ? PageOverviewLayout(document: self) : nil
    }
}

/// The kinds on the page scheduler draw their thumbnails from its pixels: previews first,
/// sharp pieces at the thumbnails' scale once they arrive.
extension PagedLayout: PageThumbnailSource {
    public func drawThumbnails(_ rect: ContentRect, on cairo: OpaquePointer) {
        scheduler.drawPages(rect, on: cairo, layout: self, numbersPlaceholders: false)
    }
}
