/// One scroll indicator as it should be drawn: where along its axis, how long, how opaque.
///
/// Geometry after Flutter's Cupertino scrollbar (a clone of iOS): the length is the visible
/// share of the track, at least a minimum, and shrinks towards a smaller minimum while the
/// content is rubber-banding; the thumb stays at the end it overshoots.
public struct ScrollIndicatorModel: Sendable, Equatable {
    /// Whether this axis shows an indicator at all: it scrolls, its indicator is on, and no
    /// page control stands in for it.
    public var isEnabled: Bool

    /// Distance from the viewport's leading edge (top or left) to the start of the thumb, in px.
    public var position: Double

    /// The thumb's length along the axis, in px.
    public var length: Double

    /// 0 (invisible) to 1; always 0 when not enabled.
    public var opacity: Double

    /// Whether the mouse pointer hovers or drags it, so it is drawn as a wide scrollbar
    /// (`ScrollViewConfiguration.scrollbarThicknessPixels`), as GTK's overlay scrollbars widen.
    public var isExpanded: Bool

    /// Creates an indicator from its parts.
    public init(isEnabled: Bool, position: Double, length: Double, opacity: Double, isExpanded: Bool = false) {
        self.isEnabled = isEnabled
        self.position = position
        self.length = length
        self.opacity = opacity
        self.isExpanded = isExpanded
    }

    /// The indicator for content shown at `offset` px within `bounds` px, on an axis whose
    /// viewport is `viewportLength` px long.
    init(
        isEnabled: Bool, offset: Double, bounds: ClosedRange<Double>, viewportLength: Double,
        opacity: Double, isExpanded: Bool, configuration: ScrollViewConfiguration
    ) {
        let margin = configuration.indicatorMarginPixels
        let track = max(0, viewportLength - 2 * margin)
        let scrollRange = bounds.upperBound - bounds.lowerBound
        let overscroll = max(bounds.lowerBound - offset, offset - bounds.upperBound, 0)
        let visibleFraction = viewportLength / max(viewportLength, scrollRange + viewportLength)
        var length = min(track, max(track * visibleFraction, configuration.indicatorMinimumLengthPixels))
        if overscroll > 0 {
            length = max(length - overscroll, min(track, configuration.indicatorMinimumOverscrolledLengthPixels))
        }
        let progress = scrollRange > 0 ? min(max((offset - bounds.lowerBound) / scrollRange, 0), 1) : 0
        self.init(
            isEnabled: isEnabled, position: margin + progress * (track - length), length: length,
            opacity: isEnabled ? opacity : 0, isExpanded: isEnabled && isExpanded)
    }
}
