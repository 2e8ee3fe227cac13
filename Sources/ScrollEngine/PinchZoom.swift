import ScrollPhysics

/// A pinch in progress, from its start: the content point it holds under the focal point and
/// the scale it multiplies.
///
/// At the start the unscaled content point under the focal point f₀ is c = (f₀ + offset₀)/s₀.
/// At scale s and focal point f the offset is c·s − f: the content under the fingers stays
/// under them, so a pinch that also moves pans. Offsets are raw (before the rubber band) and
/// the scale multiplies the raw log scale, so both rubber-band past their limits.
struct PinchZoom: Sendable {
    /// Fingers closer than this, in px, carry no usable scale: the span is taken as this.
    static let minimumSpanPixels = 1.0

    /// The unscaled content point under the focal point, in px.
    let anchor: LogicalPoint
    /// The raw log scale at the start.
    let startRawLogScale: Double

    /// Starts a pinch at `focus` (px) with the content at raw `offset` (px), shown at `scale`
    /// whose raw log scale is `rawLogScale`.
    init(focus: LogicalPoint, rawOffset offset: LogicalPoint, scale: Double, rawLogScale: Double) {
        anchor = LogicalPoint(x: (focus.x + offset.x) / scale, y: (focus.y + offset.y) / scale)
        startRawLogScale = rawLogScale
    }

    /// The raw log scale after the fingers' span changed by `ratio` since the start.
    func rawLogScale(scaledBy ratio: Double) -> Double {
        startRawLogScale + ElementaryFunctions.log(ratio)
    }

    /// The raw offset (px) that keeps the anchor under `focus` (px) at `scale`.
    func rawOffset(scale: Double, focus: LogicalPoint) -> LogicalPoint {
        LogicalPoint(x: anchor.x * scale - focus.x, y: anchor.y * scale - focus.y)
    }
}

/// A touchpad pinch (`zwp_pointer_gesture_pinch_v1`): it zooms about the pointer, and a
/// cancelled one returns to the scale and offset it began at.
struct TouchpadPinch: Sendable {
    var zoom: PinchZoom
    /// The pointer when it began, in px: the focal point throughout.
    var focus: LogicalPoint
    /// The raw offset the pinch has reached, before the rubber band, in px.
    var rawOffset: LogicalPoint
    var startScale: Double
    var startOffset: LogicalPoint
}
