import Document
import ScrollEngine

/// What a PDF asks of the viewer: its zoom range, and links followed on a tap or a click.
extension DocumentViewer {
    /// The most a PDF zooms: 8×, where a Letter page's 10 pt body text is about 110 px tall
    /// on a laptop panel, enough to read a figure's finest print.
    static let maximumPDFZoomScale = 8.0

    /// A PDF zooms out to its whole page (fit page) and in to 8×; nil for other content. In
    /// paging mode zoom 1 already fits the page whole.
    static func pdfZoomRange(of layout: any ContentLayout, viewport: LogicalSize) -> ClosedRange<Double>? {
        guard let pdf = layout as? PDFLayout else { return nil }
        pdf.setViewportSize(width: viewport.width, height: viewport.height)
        return min(pdf.isPaged ? 1 : pdf.fitPageZoom, 1)...maximumPDFZoomScale
    }

    /// Follows the link of the PDF in the document pane at `location` (px in the pane),
    /// scrolling to its target with an animation or handing a web address to the desktop;
    /// returns whether there was one.
    @discardableResult
    func followLink(at location: LogicalPoint) -> Bool {
        guard let pdf = documentPane.layout as? PDFLayout else { return false }
        let view = scene[documentPane.view]
        let point = ContentPoint(x: (location.x + view.contentOffset.x) / view.zoomScale,
                                 y: (location.y + view.contentOffset.y) / view.zoomScale)
        let destination: PDFDestination
        switch pdf.link(at: point, zoom: view.zoomScale) {
        case .destination(let target)?:
            destination = target
        case .uri(let address)?:
            // Web and mail addresses go to the desktop, as a text document's do; nothing else
            // a PDF names is ever opened or run.
            if case .external(let url) = LinkAction(destination: address, baseDirectory: "/") {
                openExternal(url)
            } else {
                log("link not followed: '\(address)' is not a web or mail address")
            }
            return true
        case nil:
            return false
        }
        if pdf.isPaged {
            scene[documentPane.view].scrollToPage(destination.page, timeMilliseconds: timeMilliseconds)
        } else {
            let target = pdf.offset(of: destination)
            scene[documentPane.view].scroll(to: LogicalPoint(x: view.contentOffset.x, y: target.y * view.zoomScale),
                                            animated: true, timeMilliseconds: timeMilliseconds)
        }
        return true
    }
}

extension DocumentViewer {
    /// How far the pointer may move between a press and its release for a click, in logical
    /// px (GTK's default drag threshold is 8 px; a click on a link should be stricter).
    static let clickSlopPixels = 4.0

    /// A left click (press and release in place) on the document pane follows a PDF link.
    func pointerClicked(from press: LogicalPoint, to release: LogicalPoint) {
        let rect = scene.rects[documentPane.view]
        guard abs(release.x - press.x) <= DocumentViewer.clickSlopPixels,
              abs(release.y - press.y) <= DocumentViewer.clickSlopPixels,
              release.x >= rect.origin.x, release.x < rect.origin.x + rect.size.width,
              release.y >= rect.origin.y, release.y < rect.origin.y + rect.size.height else { return }
        followLink(at: LogicalPoint(x: release.x - rect.origin.x, y: release.y - rect.origin.y))
    }
}
