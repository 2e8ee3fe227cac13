import DocumentKit

/// Typography at a text size chosen by the reader (text zoom): every size of the text grows
/// by the same factor, and so does the widest measure, so a line keeps about as many
/// characters until the window is too narrow for it; the page margins stay, since they belong
/// to the window, not to the text.
extension Typography {
    /// The same typography with text `scale` times its size.
    func scaled(by scale: Double) -> Typography {
        guard scale != 1 else { return self }
        var scaled = self
        scaled.bodySizePixels *= scale
        scaled.codeSizePixels *= scale
        scaled.headingSizesPixels = headingSizesPixels.map { $0 * scale }
        scaled.maximumMeasurePixels *= scale
        scaled.indentPixels *= scale
        scaled.codePaddingPixels *= scale
        return scaled
    }
}

extension DocumentLayout: TextScalableLayout {
    public var textScaleRange: ClosedRange<Double> { DocumentLayout.textScaleRange }

    public func setTextScale(_ scale: Double, keeping point: ContentPoint) -> ContentPoint {
        ContentPoint(x: point.x, y: setTextScale(scale, keepingTextAt: point.y))
    }
}

extension HorizontalPagesLayout: TextScalableLayout {
    public var textScale: Double { column.textScale }

    public var textScaleRange: ClosedRange<Double> { DocumentLayout.textScaleRange }

    /// Pages are read whole: the page with the reading position stays the page shown.
    public func setTextScale(_ scale: Double, keeping point: ContentPoint) -> ContentPoint {
        column.setTextScale(scale, keepingTextAt: column.anchorOffset.y)
        return anchorOffset
    }
}
