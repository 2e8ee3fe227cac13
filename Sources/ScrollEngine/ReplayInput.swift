/// One input of a replay script (docs/replay.md), already parsed: the engine's side of
/// `glide-replay`, so tests replay whole gestures through the same path.
public enum ReplayEvent: Sendable, Equatable {
    /// `touch-down`: finger `id` lands at `point` (px).
    case touchDown(id: Int, point: LogicalPoint)
    /// `touch-motion`: finger `id` moves to `point` (px).
    case touchMotion(id: Int, point: LogicalPoint)
    /// `touch-up`: finger `id` lifts.
    case touchUp(id: Int)
    /// `touch-cancel`: every finger ends, with no tap and no fling.
    case touchCancel
    /// `touch-frame`: the touch events since the last frame belong together.
    case touchFrame
    /// `resize`: the viewport becomes this size (px).
    case resize(LogicalSize)

    /// Whether this is one of the touch events that a `touch-frame` groups.
    var isGroupedTouchEvent: Bool {
        switch self {
        case .touchDown, .touchMotion, .touchUp, .touchCancel: return true
        case .touchFrame, .resize: return false
        }
    }
}

/// A replay event with its time.
public struct ReplayInput: Sendable, Equatable {
    /// When the event happens, in ms.
    public var timeMilliseconds: Double
    /// What happens.
    public var event: ReplayEvent

    /// Creates an input at `timeMilliseconds`.
    public init(timeMilliseconds: Double, event: ReplayEvent) {
        self.timeMilliseconds = timeMilliseconds
        self.event = event
    }
}
