import DocumentKit
import ScrollEngine

/// Zoom that is more than magnification: text set larger and re-wrapped once a zoom settles,
/// and images zoomed one at a time up to their own limit.
extension ViewerState {
    /// Lets the engine's zoom reach from the smallest to the largest text size from `text`'s
    /// size now, so a pinch bounces at the text's limits as it magnifies live.
    static func limitTextZoom(of view: inout ScrollView, at text: any TextScalableLayout) {
        view.minimumZoomScale = text.textScaleRange.lowerBound / text.textScale
        view.maximumZoomScale = text.textScaleRange.upperBound / text.textScale
    }

    /// The text that reflows on zoom, when the document's does.
    var textScaling: (any TextScalableLayout)? {
        guard zoomRules.reflowsText, case .reflow(let text) = document.zoomPolicy else { return nil }
        return text
    }

    /// Once a zoom of reflowing text has settled, makes it the text size: the text is set at
    /// the new size and re-wrapped to the window, the zoom returns to 1, and the line that was
    /// under the zoom's focus (the fingers, the pointer, the centre for keys) stays there.
    func foldSettledTextZoom() {
        let pane = documentPane
        guard let text = textScaling else { return }
        let view = scene[pane.view]
        guard view.zoomScale != 1, view.phase == .idle else { return }
        setTextScale(text.textScale * view.zoomScale, keepingViewportPoint: view.zoomFocus, in: pane, text)
    }

    /// Ctrl+0 on reflowing text: the default text size, keeping the reading position (the
    /// text at the top stays at the top). False when the text is not reflowing.
    func resetTextSize() -> Bool {
        let pane = documentPane
        guard let text = textScaling else { return false }
        setTextScale(1, keepingViewportPoint: LogicalPoint(x: 0, y: 0), in: pane, text)
        return true
    }

    /// Sets `text` at `scale` (clamped), the engine's zoom back to 1, and scrolls so the
    /// content that was at viewport point `focus` is there again.
    private func setTextScale(_ scale: Double, keepingViewportPoint focus: LogicalPoint, in pane: Pane,
                              _ text: any TextScalableLayout) {
        let view = scene[pane.view]
        let zoom = view.zoomScale
        let point = ContentPoint(x: (view.contentOffset.x + focus.x) / zoom, y: (view.contentOffset.y + focus.y) / zoom)
        let kept = text.setTextScale(scale, keeping: point)
        ViewerState.limitTextZoom(of: &scene[pane.view], at: text)
        scene[pane.view].setZoomScale(1, animated: false, timeMilliseconds: timeMilliseconds)
        updateContentSize(of: pane, to: text.contentSize)
        scene[pane.view].scroll(to: LogicalPoint(x: 0, y: kept.y - focus.y), animated: false,
                                timeMilliseconds: timeMilliseconds)
        needsFrame = true
    }

    /// Keeps the zoom limit of content zoomed page by page at the page shown's (an image's:
    /// twice its pixels), set between zooms so a zoom in progress keeps its limits.
    func limitPageZoomToThePageShown() {
        guard !zoomRules.isRangeFixed, case .perPage = document.zoomPolicy else { return }
        let view = scene[documentPane.view]
        guard view.zoomsPagesIndividually, !view.isPageZoomed else { return }
        let limit = document.maximumZoomScale(ofPage: view.frame.pageControl.currentPage)
        if view.maximumZoomScale != limit { scene[documentPane.view].maximumZoomScale = limit }
    }
}
