import DocumentKit
import PageKit

/// Following links: what a tap at a point hits.
extension PDFLayout {
    /// The link under `point` (content coordinates, zoom 1) when the content is shown at
    /// `zoom` (`PageLink.hit`). Links arrive with a page's preview, so a page not yet drawn
    /// has none.
    public func link(at point: ContentPoint, zoom: Double) -> PageLink.Target? {
        guard viewportWidth > 0, pageCount > 0 else { return nil }
        return PageLink.hit(at: point, zoom: zoom, pages: pages(meeting: PageLink.hitArea(around: point, zoom: zoom)),
                            links: { isMeasured($0) ? links[$0] : nil }, pageRect: { pageRect($0) },
                            pageWidthPoints: { pointSize($0).width })
    }

    /// The page (0-based) at the reading position.
    public var currentPage: Int { readingAnchor.section }
}
