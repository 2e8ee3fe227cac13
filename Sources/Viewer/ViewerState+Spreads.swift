import DocumentKit
import ScrollEngine

/// Two-page spreads (issue 26): `d` shows pages two side by side or one by one, Shift+D shows
/// the first page alone (a book's cover) or paired; both are this document's choices
/// (`pageModes`). The page under the pointer (else the page at the reading position) stays
/// shown, at zoom 1, as a quarter turn keeps it.
extension ViewerState {
    /// Whether the document shows two pages side by side now.
    public var showsSpreads: Bool { document.pageSpreads?.showsSpreads ?? false }

    /// `d`: spreads on or off; false where the document has no pages of its own.
    func toggleSpreads() -> Bool {
        guard let spreads = document.pageSpreads else { return false }
        pageModes.spreads = !spreads.showsSpreads
        arrangeSpreads(spreads: !spreads.showsSpreads, cover: spreads.hasCover)
        return true
    }

    /// Shift+D: the first page alone or paired, remembered whether spreads are shown or not.
    func toggleSpreadCover() -> Bool {
        guard let spreads = document.pageSpreads else { return false }
        pageModes.spreadsHaveCover = !spreads.hasCover
        arrangeSpreads(spreads: spreads.showsSpreads, cover: !spreads.hasCover)
        return true
    }

    /// Arranges the pages and shows again the page the reader was on (under the pointer
    /// when it is over the document): the view's page count and offsets change with it.
    func arrangeSpreads(spreads: Bool, cover: Bool) {
        let pane = documentPane
        let point = scene.pointerLocation.flatMap { contentPoint(ofWindowPoint: $0, in: pane) }
        document.pageSpreads?.arrange(spreads: spreads, cover: cover, keepingPageAt: point)
        showReadingAnchorAfterRelayout()
    }

    /// The content point (zoom 1) of `pane` at `point` in the window, when the pane holds it.
    func contentPoint(ofWindowPoint point: LogicalPoint, in pane: Pane) -> ContentPoint? {
        let view = scene[pane.view], rect = scene.rects[pane.view]
        guard rect.contains(point) else { return nil }
        let zoom = max(view.zoomScale, 0.01)
        return ContentPoint(x: (point.x - rect.origin.x + view.contentOffset.x) / zoom,
                            y: (point.y - rect.origin.y + view.contentOffset.y) / zoom)
    }
}
