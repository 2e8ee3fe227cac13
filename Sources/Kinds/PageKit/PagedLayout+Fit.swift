import DocumentKit

/// Fitting the pages to the window (`w`, `f`, automatic) and the column of text a double tap
/// zooms to: zoom scales over the frames `PageFrames` gives at zoom 1, so the frames, the
/// scheduler and the text never change with the fit.
extension PagedLayout {
    /// The most automatic fit magnifies a page with text, in logical px per page point: 5/3,
    /// pdf.js's automatic zoom limit (`MAX_AUTO_SCALE = 1.25` times its 96/72 px per point,
    /// web/ui_utils.js). A Letter page is then at most 1,020 px wide and its 10 pt body text
    /// about 17 px tall, a little above the 16 px browsers set body text at: readable, and
    /// no larger than reading needs.
    public static var automaticMaximumPixelsPerPoint: Double { 5.0 / 3.0 }

    /// The zoom at which `fit` shows the page at the reading position (see `PageFit`); nil
    /// until the document is open (the placeholder page's size would be a guess).
    ///
    /// Paged, zoom 1 already fits the page whole, and automatic is that; `w` magnifies the
    /// page shown to the window's width. In a column, `w` fills the window's width less its
    /// side margins, `f` fits the page's height in the window with the gap above and below it,
    /// and automatic, as pdf.js and Papers do, fits a landscape page whole and a portrait
    /// page's width, but a document's page no larger than `automaticMaximumPixelsPerPoint`.
    /// On a 1280×800 laptop window a Letter page then shows 1,020 px wide, 62 % of its height
    /// at once instead of 49 % at fit width, with text still larger than a web page's: a
    /// reader who wants the whole page presses `f`, one who wants it larger `w` or a pinch.
    public func zoomScale(fitting fit: PageFit) -> Double? {
        guard isOpen, viewportWidth > 0, viewportHeight > 0, pageCount > 0 else { return nil }
        // In spreads a fit is the spread's: both its pages.
        let rect = spreadRect(ofPage: anchorPage)
        guard rect.width > 0, rect.height > 0 else { return nil }
        if isPaged {
            switch fit {
            case .width: return viewportWidth / rect.width
            case .free: return nil
            case .automatic, .page: return 1
            }
        }
        let width = (viewportWidth - 2 * PageFrames.sideMarginPixels) / rect.width
        let page = min(width, (viewportHeight - 2 * PageFrames.pageGapPixels) / rect.height)
        switch fit {
        case .width: return width
        case .page: return page
        case .free: return nil
        case .automatic:
            if rect.height < rect.width { return page }
            guard style == .document else { return width }
            let shownWidthPoints = frames.shownSize(pointSize(anchorPage)).width
            return min(width, Self.automaticMaximumPixelsPerPoint * shownWidthPoints / pageRect(anchorPage).width)
        }
    }

    /// The column of text under `point` on its page, from the page's text layer (`PageText`):
    /// nil where the page's text has not arrived (asking reads it), where it has none there,
    /// or on a turned page.
    public func textColumn(at point: ContentPoint) -> ClosedRange<Double>? {
        guard isOpen, source.text != nil else { return nil }
        let page = pages(meeting: ContentRect(x: point.x, y: point.y, width: 0.001, height: 0.001)).lowerBound
        let box = pageBox(page)
        guard box.quarterTurns == 0, box.rect.width > 0, let text = textLayout.pageText(page) else { return nil }
        let scale = box.scale
        guard let column = text.column(aroundX: (point.x - box.rect.x) / scale) else { return nil }
        return (box.rect.x + column.lowerBound * scale)...(box.rect.x + column.upperBound * scale)
    }
}
