import ScrollEngine
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
    /// `axis`: scroll input from `source`, `delta` px and wheel steps in 1/120 notch.
    case axis(source: PointerAxisSource, delta: LogicalPoint, value120: AxisPair<Int>, modifiers: InputModifiers)
    /// `axis-stop`: touchpad fingers lifted on these axes.
    case axisStop(horizontal: Bool, vertical: Bool)
    /// `pinch-begin`: a touchpad pinch with the pointer at `point` (px).
    case pinchBegin(LogicalPoint)
    /// `pinch-update`: the pinch's scale relative to its begin.
    case pinchUpdate(scale: Double)
    /// `pinch-end`: the pinch ended, or was cancelled.
    case pinchEnd(cancelled: Bool)
    /// `hold-begin`: fingers rest on the touchpad.
    case holdBegin
    /// `hold-end`: the resting fingers lifted, or were cancelled.
    case holdEnd(cancelled: Bool)
    /// `key`: a key press by xkb keysym name, with modifiers.
    case key(name: String, modifiers: InputModifiers)
    /// `pointer-motion`: the mouse pointer moves to `point` (px).
    case pointerMotion(LogicalPoint)
    /// `pointer-button`: evdev button `button` is pressed or released.
    case pointerButton(button: UInt32, pressed: Bool)

    /// Whether this is one of the touch events that a `touch-frame` groups.
    var isGroupedTouchEvent: Bool {
        switch self {
        case .touchDown, .touchMotion, .touchUp, .touchCancel: return true
        default: return false
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
