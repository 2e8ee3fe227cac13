/// What the scroll view is doing, as reported in each frame.
///
/// The raw values are the frame trace's `phase` strings (docs/replay.md).
public enum ScrollPhase: String, Sendable, CaseIterable {
    /// Nothing moves and no finger is down.
    case idle
    /// A finger is down but has not moved past the touch slop.
    case tracking
    /// The content follows the finger.
    case dragging
    /// A fling or a page snap after the finger lifted.
    case decelerating
    /// The content springs back inside its bounds.
    case bouncing
    /// A programmatic scroll (`scroll(to:animated:)`, page buttons) is running.
    case animating
    /// A pinch changes the zoom scale (the gesture issue).
    case zooming
}
