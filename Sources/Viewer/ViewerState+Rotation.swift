import DocumentKit
import ScrollEngine

extension ViewerState {
    /// Whether the document's pages turn: a turn by none asks, and changes nothing.
    var pagesTurn: Bool { document.rotate(byQuarterTurns: 0) }

    /// Turns the document's pages by `turns` quarter turns clockwise (Ctrl+Right; Ctrl+Left
    /// counter-clockwise), back to zoom 1 with the page that was shown at the top; false where
    /// the document has no pages to turn.
    func rotatePages(byQuarterTurns turns: Int) -> Bool {
        guard document.rotate(byQuarterTurns: turns) else { return false }
        showReadingAnchorAfterRelayout()
        return true
    }

    /// After the pages were laid out anew (turned, paired in spreads): back to zoom 1, with
    /// the page at the reading position shown.
    func showReadingAnchorAfterRelayout() {
        let pane = documentPane
        scene[pane.view].setZoomScale(1, animated: false, timeMilliseconds: timeMilliseconds)
        updateContentSize(of: pane, to: document.contentSize)
        let anchor = document.anchorOffset
        scene[pane.view].scroll(to: LogicalPoint(x: anchor.x, y: anchor.y), animated: false, timeMilliseconds: timeMilliseconds)
        applyPageFit(animated: false)
        needsFrame = true
    }
}
