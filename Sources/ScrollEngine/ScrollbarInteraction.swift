/// The mouse pointer over a scroll view: where it is, the scrollbar it hovers and the thumb it
/// drags.
struct PointerState: Sendable {
    /// A thumb being dragged: its axis, where the pointer and the offset were at the press.
    struct ScrollbarDrag: Sendable {
        var axis: Axis
        var startPointer: Double
        var startOffset: Double
    }

    /// The pointer in viewport px, or `nil` when it is elsewhere.
    var location: LogicalPoint?
    /// The indicator the pointer is over, widened into a scrollbar.
    var hoveredScrollbar: Axis?
    var scrollbarDrag: ScrollbarDrag?
}
