/// The state of one touch gesture, from the first finger down to the last finger up.
///
/// Offsets are kept "raw": where the content would be without the rubber band. The shown
/// offset is the rubber band applied to the raw one, so a drag past an edge can come back
/// without drift.
struct TouchGesture: Sendable {
    enum Stage: Sendable {
        /// No finger is down.
        case none
        /// Fingers are down but have not moved past the touch slop.
        case tracking
        /// The content follows the fingers.
        case dragging
        /// Two fingers zoom and pan the content.
        case pinching
    }

    var stage = Stage.none
    /// When the first finger went down, in ms.
    var startMilliseconds = 0.0
    /// Where the first finger went down, in px: a tap's location.
    var startLocation = LogicalPoint.zero
    /// How far the fingers have moved since the first went down, in px.
    var fingerTranslation = LogicalPoint.zero
    /// The raw offset when the first finger went down, in px.
    var startRawOffset = LogicalPoint.zero
    /// The raw offset the drag has reached, in px.
    var rawOffset = LogicalPoint.zero
    /// The only axis the drag moves, when directional lock took hold.
    var lockedAxis: Axis?
    /// Whether the first finger stopped a running animation.
    var caughtMotion = false
    /// The fling velocity the first finger stopped, in px/s, for carried momentum.
    var caughtVelocity = LogicalPoint.zero
    /// The most fingers down at once; a tap has one.
    var maximumFingerCount = 0
    /// Whether the first finger landed as the second tap of a double tap.
    var isSecondTap = false
    /// The point the gesture centres on, in px: the pinching fingers' centroid, else all of them.
    var focus = LogicalPoint.zero
    /// The zoom scale and shown offset when the first finger went down, which a cancelled pinch
    /// returns to.
    var startZoomScale = 1.0
    var startOffset = LogicalPoint.zero
    /// Whether a pinch took part, so a cancel reverts the zoom.
    var didPinch = false
    /// The running pinch, its two fingers and their distance when it started (px).
    var pinch: PinchZoom?
    var pinchFingers: TouchTable.Pair?
    var pinchStartSpan = 0.0

    /// The raw offset that follows the fingers from the start, slop included, in px: what the
    /// velocity tracker samples, so a quick flick is not slowed by the slop (flutter#149222).
    var fingerRawOffset: LogicalPoint {
        LogicalPoint(
            x: startRawOffset.x - fingerTranslation.x, y: startRawOffset.y - fingerTranslation.y)
    }

    /// How far the fingers have moved from where they landed, in px.
    var travel: Double {
        (fingerTranslation.x * fingerTranslation.x + fingerTranslation.y * fingerTranslation.y)
            .squareRoot()
    }
}
