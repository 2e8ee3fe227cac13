import ScrollPhysics

/// Zoom: the limits, the rubber band past them, and animated zooms about a point.
///
/// The zoomed content point at the viewport's point f is offset + f; the unscaled one is
/// (offset + f)/scale. Keeping an unscaled point c under f at scale s means offset = c·s − f.
extension ScrollView {
    /// Scales from 0.75 (a little below fit-to-width, for content laid out to the viewport's
    /// width) to 4×, where body text is large but a glyph is still far from filling the window:
    /// the sensible range for text. UIScrollView's own default is 1…1, zoom off.
    public static let textZoomScaleRange: ClosedRange<Double> = 0.75...4

    /// Whether pinch, double tap and the zoom keys zoom: the maximum is above the minimum
    /// (UIScrollView's rule).
    public var isZoomEnabled: Bool { maximumZoomScale > minimumZoomScale }

    /// The scale the content is laid out for, 1, within the limits: where a double tap or
    /// Ctrl+0 returns to. With a minimum below 1 this is not the minimum, so a double tap on
    /// zoomed text goes back to fit-to-width rather than below it.
    public var restingZoomScale: Double {
        min(max(1, minimumZoomScale), max(minimumZoomScale, maximumZoomScale))
    }

    /// Zooms to `scale` (clamped to the limits) keeping the content under `focus` (viewport px;
    /// the viewport's centre by default) where the bounds allow, animated with the zoom spring
    /// or at once. Nothing happens while a pinch holds the zoom.
    public mutating func setZoomScale(
        _ scale: Double, about focus: LogicalPoint? = nil, animated: Bool, timeMilliseconds: Double
    ) {
        advance(to: timeMilliseconds)
        guard isZoomEnabled, scale > 0, scale.isFinite, !isPinching else { return }
        enterPageZoom()
        let point = focus ?? viewportCentre
        zoom(to: scale, keeping: contentPoint(at: point, rawOffset: rawContentOffset), at: point, animated: animated)
    }

    /// Zooms to `scale` (clamped to the limits) so that the unscaled content point `anchor`
    /// shows at viewport point `focus` where the bounds allow (UIScrollView's
    /// `zoom(to:animated:)` for a rectangle: a column of text brought to the window's edges),
    /// animated with the zoom spring or at once. Nothing happens while a pinch holds the zoom.
    public mutating func setZoomScale(
        _ scale: Double, keeping anchor: LogicalPoint, at focus: LogicalPoint, animated: Bool,
        timeMilliseconds: Double
    ) {
        advance(to: timeMilliseconds)
        guard isZoomEnabled, scale > 0, scale.isFinite, !isPinching else { return }
        enterPageZoom()
        zoom(to: scale, keeping: anchor, at: focus, animated: animated)
    }

    private mutating func zoom(to scale: Double, keeping anchor: LogicalPoint, at point: LogicalPoint, animated: Bool) {
        let target = min(max(scale, minimumZoomScale), maximumZoomScale)
        zoomFocus = point
        if animated && gesture.stage == .none {
            animateZoom(to: target, keeping: anchor, at: point, purpose: .programmatic, at: timeMilliseconds)
            return
        }
        zoomMotion = nil
        let offset = offset(keeping: anchor, at: point, scale: target)
        zoomScale = target
        for axis in Axis.allCases {
            motion[axis] = .none
            contentOffset[axis] = offset[axis]
            gesture.rawOffset[axis] = offset[axis]
        }
        if gesture.stage != .none { velocityTracker.reset() }
        lastMovementMilliseconds = timeMilliseconds
    }

    /// The scale a running zoom animation is heading for, or the current one: the base for a
    /// further zoom step, so repeated keys or notches add up instead of restarting.
    var zoomDestinationScale: Double { zoomMotion?.targetScale ?? zoomScale }

    /// Whether a pinch (touch or touchpad) is changing the zoom.
    var isPinching: Bool { gesture.stage == .pinching || touchpadPinch != nil }

    /// The double tap's zoom: back to the resting scale when zoomed in past it, else in to the
    /// double-tap scale (or the maximum if smaller), keeping the tapped point where it is.
    mutating func toggleZoom(about point: LogicalPoint, at now: Double) {
        enterPageZoom()
        // A scale within 1 % of the resting one counts as not zoomed in, so rounding in an
        // earlier zoom cannot turn a double tap around.
        let isZoomedIn = zoomScale > restingZoomScale * 1.01
        let target = isZoomedIn
            ? restingZoomScale : min(configuration.doubleTapZoomScale, maximumZoomScale)
        animateZoom(to: target, about: point, purpose: .programmatic, at: now)
    }

    /// Starts a zoom to `scale` about `focus`, keeping the content there where the bounds at
    /// that scale allow.
    mutating func animateZoom(
        to scale: Double, about focus: LogicalPoint, purpose: SpringPurpose, at now: Double
    ) {
        animateZoom(to: scale, keeping: contentPoint(at: focus, rawOffset: rawContentOffset), at: focus, purpose: purpose, at: now)
    }

    /// Starts a zoom to `scale` that keeps the unscaled content point `anchor` at viewport point
    /// `focus`, where the bounds at that scale allow.
    mutating func animateZoom(
        to scale: Double, keeping anchor: LogicalPoint, at focus: LogicalPoint, purpose: SpringPurpose,
        at now: Double
    ) {
        zoomFocus = focus
        animateZoom(
            to: scale, offset: offset(keeping: anchor, at: focus, scale: scale), anchor: anchor,
            focus: focus, purpose: purpose, at: now)
    }

    /// Starts a zoom to `scale` and `offset` (px), moving about `anchor` at `focus`.
    mutating func animateZoom(
        to scale: Double, offset: LogicalPoint, anchor: LogicalPoint, focus: LogicalPoint,
        purpose: SpringPurpose, at now: Double
    ) {
        motion = AxisPair(horizontal: .none, vertical: .none)
        let travel = max(abs(offset.x - contentOffset.x), abs(offset.y - contentOffset.y))
        guard travel >= Tolerance.standard.distancePixels || abs(scale / zoomScale - 1) > 1e-9 else {
            zoomMotion = nil
            zoomScale = scale
            contentOffset = offset
            return
        }
        zoomMotion = ZoomMotion(
            from: zoomScale, offset: contentOffset, to: scale, offset: offset, anchor: anchor,
            focus: focus, viewportSize: viewportSize,
            angularFrequency: configuration.zoomSpringAngularFrequencyRadiansPerSecond,
            purpose: purpose, at: now)
    }

    /// After a gesture that may have left the scale past a limit: springs it back to the limit
    /// (bouncesZoom), keeping the content that `rawOffset` (px, before the rubber band) puts at
    /// `focus` there, and returns true; or returns false if the scale is within the limits.
    mutating func bounceZoomIntoLimits(about focus: LogicalPoint, rawOffset: LogicalPoint, at now: Double) -> Bool {
        let limit = min(max(zoomScale, minimumZoomScale), max(minimumZoomScale, maximumZoomScale))
        guard abs(limit / zoomScale - 1) > 1e-9 else { return false }
        animateZoom(
            to: limit, keeping: contentPoint(at: focus, rawOffset: rawOffset), at: focus, purpose: .bounce,
            at: now)
        return true
    }

    /// Ends a gesture that may have zoomed: a zoom bounce if the scale is past a limit (the
    /// offset comes inside the bounds with it), else the offsets settle.
    mutating func settleAfterGesture(about focus: LogicalPoint, rawOffset: LogicalPoint, at now: Double) {
        if !bounceZoomIntoLimits(about: focus, rawOffset: rawOffset, at: now) { settle(at: now) }
    }

    /// The raw offset (before the rubber band) that shows the current offset, in px.
    var rawContentOffset: LogicalPoint {
        LogicalPoint(
            x: rawOffset(showing: contentOffset.x, along: .horizontal),
            y: rawOffset(showing: contentOffset.y, along: .vertical))
    }

    /// The unscaled content point at viewport point `focus` with the content at `rawOffset`.
    func contentPoint(at focus: LogicalPoint, rawOffset: LogicalPoint) -> LogicalPoint {
        LogicalPoint(x: (focus.x + rawOffset.x) / zoomScale, y: (focus.y + rawOffset.y) / zoomScale)
    }

    /// Brings a running zoom animation to its end at once, for input that moves the offset
    /// itself (wheel, keys, scrollbar) and must start from a settled scale.
    mutating func finishZoomMotion() {
        guard let running = zoomMotion else { return }
        zoomMotion = nil
        zoomScale = running.targetScale
        contentOffset = running.targetOffset
    }

    /// The offset that puts the unscaled content point `anchor` at viewport point `focus` at
    /// `scale`, moved inside the bounds at that scale.
    func offset(keeping anchor: LogicalPoint, at focus: LogicalPoint, scale: Double) -> LogicalPoint {
        var offset = LogicalPoint.zero
        for axis in Axis.allCases {
            offset[axis] = clamped(anchor[axis] * scale - focus[axis], along: axis, zoomScale: scale)
        }
        return offset
    }

    /// The shown zoom scale for a raw (finger) log scale: the rubber band in log space past a
    /// limit (bouncesZoom), or the limit itself when bouncing is off.
    func bandedZoomScale(rawLogScale raw: Double) -> Double {
        let (lower, upper) = logZoomLimits
        let edge = min(max(raw, lower), upper)
        let band = configuration.rubberBand.displacement(forOverdrag: raw - edge, dimension: zoomBandReach)
        return ElementaryFunctions.exp(edge + band)
    }

    /// The raw log scale that shows `scale`: the inverse of `bandedZoomScale(rawLogScale:)`, so
    /// a pinch that catches a zoom bounce continues without a jump.
    func rawLogScale(showing scale: Double) -> Double {
        let (lower, upper) = logZoomLimits
        let shown = ElementaryFunctions.log(scale)
        let edge = min(max(shown, lower), upper)
        return edge
            + configuration.rubberBand.overdrag(forDisplacement: shown - edge, dimension: zoomBandReach)
    }

    private var logZoomLimits: (Double, Double) {
        (ElementaryFunctions.log(minimumZoomScale),
         ElementaryFunctions.log(max(minimumZoomScale, maximumZoomScale)))
    }

    private var zoomBandReach: Double {
        bouncesZoom ? configuration.zoomRubberBandLogReach : 0
    }
}
