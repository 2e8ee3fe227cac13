import CCairo
import ScrollEngine

/// The overview's grid button, at the end of the page control on its line, beside the page
/// label above it: a tap shows every page as a thumbnail (or, over the grid, the document
/// again). Drawn only where the document has an overview (`OverlayStyle.showsOverviewButton`).
extension PageControlLayout {
    /// The button's centre, in the viewport: clear of the control's own touch target, with a
    /// gap between them.
    public var overviewButtonCenter: (x: Double, y: Double) {
        let controlHalfWidth = max(backdropWidth, hitHeight) / 2
        return (backdropX + backdropWidth / 2 + controlHalfWidth + PageControlLayout.overviewButtonGapPixels + hitHeight / 2, centerY)
    }

    /// The room between the control's touch target and the button's, in logical px: GNOME's
    /// 6 px spacing between buttons in a row, rounded up.
    static let overviewButtonGapPixels = 8.0

    /// Whether a point lies on the button's touch target (44 px square, as the control's).
    public func overviewButtonContains(x: Double, y: Double) -> Bool {
        let center = overviewButtonCenter
        return abs(x - center.x) <= hitHeight / 2 && abs(y - center.y) <= hitHeight / 2
    }
}

extension OverlayRenderer {
    /// The grid button: the control's round backdrop holding four small squares.
    func drawOverviewButton(_ layout: PageControlLayout, on cairo: OpaquePointer) -> LogicalRect {
        let center = layout.overviewButtonCenter, size = layout.backdropHeight
        let backdropLevel = style.isOnDarkContent ? 0.0 : 1.0
        cairo_set_source_rgba(cairo, backdropLevel, backdropLevel, backdropLevel, style.pageControlBackdropOpacity)
        let rect = roundedBar(x: center.x - size / 2, y: center.y - size / 2, width: size, height: size, on: cairo)
        let level = style.isOnDarkContent ? 1.0 : 0.0
        cairo_set_source_rgba(cairo, level, level, level, style.currentDotOpacity)
        // Four squares of a quarter of the backdrop, a twelfth apart: a grid at a glance.
        let square = (size / 4).rounded(), gap = (size / 12).rounded()
        for row in 0..<2 {
            for column in 0..<2 {
                cairo_rectangle(cairo, (center.x - square - gap / 2 + Double(column) * (square + gap)).rounded(),
                                (center.y - square - gap / 2 + Double(row) * (square + gap)).rounded(), square, square)
            }
        }
        cairo_fill(cairo)
        return rect
    }
}
