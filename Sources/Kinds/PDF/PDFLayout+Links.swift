import DocumentKit

/// Following links: what a tap at a point hits.
extension PDFLayout {
    /// The smallest a link's hit area is on screen, in logical px: Apple's 44 pt touch target.
    static let minimumLinkHitPixels = 44.0

    /// The link under `point` (content coordinates, zoom 1) when the content is shown at
    /// `zoom`: a link's area grows about its centre to at least 44 screen px each way; where
    /// grown areas overlap, the link nearest the point wins. Links arrive with a page's
    /// preview, so a page not yet drawn has none.
    public func link(at point: ContentPoint, zoom: Double) -> PDFLink.Target? {
        guard viewportWidth > 0, pageCount > 0 else { return nil }
        let minimum = PDFLayout.minimumLinkHitPixels / max(zoom, 0.01)
        var best: (target: PDFLink.Target, distance: Double)?
        for page in pages(meeting: ContentRect(x: point.x - minimum, y: point.y - minimum, width: 2 * minimum, height: 2 * minimum)) {
            guard let pageLinks = links[page], isMeasured(page) else { continue }
            let rect = pageRect(page)
            let factor = rect.width / pointSize(page).width
            for link in pageLinks {
                let width = max(link.width * factor, minimum), height = max(link.height * factor, minimum)
                let centreX = rect.x + (link.x + link.width / 2) * factor
                let centreY = rect.y + (link.y + link.height / 2) * factor
                let dx = abs(point.x - centreX), dy = abs(point.y - centreY)
                guard dx <= width / 2, dy <= height / 2 else { continue }
                let distance = max(dx - link.width * factor / 2, 0) + max(dy - link.height * factor / 2, 0)
                if best == nil || distance < best!.distance { best = (link.target, distance) }
            }
        }
        return best?.target
    }

    /// The page (0-based) at the reading position.
    public var currentPage: Int { readingAnchor.section }
}
