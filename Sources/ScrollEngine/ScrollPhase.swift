/// What the scroll view is doing, as reported in each frame.
///
/// The raw values are the frame trace's `phase` strings (docs/replay.md).
public enum ScrollPhase: String, Sendable, CaseIterable {
    /// Nothing moves and no finger is down.
    case idle
    /// A finger is down but has not moved past the touch slop, or fingers rest on the
    /// touchpad (a hold).
    case tracking
    /// The content follows the finger, the touchpad's fingers or a dragged scrollbar thumb.
    case dragging
    /// A fling or a page snap after the finger lifted.
    case decelerating
    /// The content springs back inside its bounds, or its zoom back inside the zoom limits.
    case bouncing
    /// A programmatic scroll (`scroll(to:animated:)`, page buttons), a wheel or key step, or a
    /// zoom by double tap, keys or Ctrl+wheel is running.
    case animating
    /// A pinch (touch or touchpad) changes the zoom scale.
    case zooming
}
