import DocumentKit
import ScrollEngine

/// Links the viewer follows itself on a tap or a click (a PDF's, `DocumentContent.link(at:zoomScale:)`).
extension DocumentViewer {
    /// Follows the link of the PDF in the document pane at `location` (px in the pane),
    /// scrolling to its target with an animation or handing a web address to the desktop;
    /// returns whether there was one.
    @discardableResult
    func followLink(at location: LogicalPoint) -> Bool {
        let view = scene[documentPane.view]
        let point = ContentPoint(x: (location.x + view.contentOffset.x) / view.zoomScale,
                                 y: (location.y + view.contentOffset.y) / view.zoomScale)
        let page: Int, target: ContentPoint
        switch document.link(at: point, zoomScale: view.zoomScale) {
        case .place(let destination, let offset)?:
            (page, target) = (destination, offset)
        case .address(let address)?:
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
        if view.isPagingEnabled {
            scene[documentPane.view].scrollToPage(page, timeMilliseconds: timeMilliseconds)
        } else {
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

    /// A left click (press and release in place) on the document pane follows a link of the
    /// viewer's (a PDF's).
    func pointerClicked(from press: LogicalPoint, to release: LogicalPoint) {
        let rect = scene.rects[documentPane.view]
        guard abs(release.x - press.x) <= DocumentViewer.clickSlopPixels,
              abs(release.y - press.y) <= DocumentViewer.clickSlopPixels,
              release.x >= rect.origin.x, release.x < rect.origin.x + rect.size.width,
              release.y >= rect.origin.y, release.y < rect.origin.y + rect.size.height else { return }
        followLink(at: LogicalPoint(x: release.x - rect.origin.x, y: release.y - rect.origin.y))
    }
}
