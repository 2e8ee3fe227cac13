import ScrollEngine
/// One input of a replay script (docs/replay.md), already parsed: the engine's side of
/// `glide-replay`, so tests replay whole gestures through the same path.
public enum ReplayEvent: Sendable, Equatable {
    /// Input the scene takes as it is (touch, pointer, touchpad gestures, keys).
    case scene(SceneInput)
    /// `resize`: the viewport becomes this size (px); the replay's options lay out the views.
    case resize(LogicalSize)

    /// Whether this is one of the touch events that a `touch-frame` groups.
    var isGroupedTouchEvent: Bool {
        if case .scene(let input) = self { return input.isGroupedTouchEvent }
        return false
    }
}

/// The script's vocabulary (docs/replay.md), one name per `type`.
extension ReplayEvent {
    /// `touch-down`: finger `id` lands at `point` (px).
    public static func touchDown(id: Int, point: LogicalPoint) -> Self { .scene(.touchDown(id: id, location: point)) }
    /// `touch-motion`: finger `id` moves to `point` (px).
    public static func touchMotion(id: Int, point: LogicalPoint) -> Self { .scene(.touchMotion(id: id, location: point)) }
    /// `touch-up`: finger `id` lifts.
    public static func touchUp(id: Int) -> Self { .scene(.touchUp(id: id)) }
    /// `touch-cancel`: every finger ends, with no tap and no fling.
    public static let touchCancel = Self.scene(.touchCancel)
    /// `touch-frame`: the touch events since the last frame belong together.
    public static let touchFrame = Self.scene(.touchFrame)
    /// `axis`: scroll input from `source`, `delta` px and wheel steps in 1/120 notch.
    public static func axis(
        source: PointerAxisSource, delta: LogicalPoint, value120: AxisPair<Int>, modifiers: InputModifiers
    ) -> Self {
        .scene(.pointerAxis(source: source, delta: delta, value120: value120, modifiers: modifiers))
    }
    /// `axis-stop`: touchpad fingers lifted on these axes.
    public static func axisStop(horizontal: Bool, vertical: Bool) -> Self {
        .scene(.pointerAxisStop(horizontal: horizontal, vertical: vertical))
    }
    /// `pinch-begin`: a touchpad pinch with the pointer at `point` (px).
    public static func pinchBegin(_ point: LogicalPoint) -> Self { .scene(.pinchBegin(point)) }
    /// `pinch-update`: the pinch's scale relative to its begin.
    public static func pinchUpdate(scale: Double) -> Self { .scene(.pinchUpdate(scale: scale)) }
    /// `pinch-end`: the pinch ended, or was cancelled.
    public static func pinchEnd(cancelled: Bool) -> Self { .scene(.pinchEnd(isCancelled: cancelled)) }
    /// `hold-begin`: fingers rest on the touchpad.
    public static let holdBegin = Self.scene(.holdBegin)
    /// `hold-end`: the resting fingers lifted, or were cancelled.
    public static func holdEnd(cancelled: Bool) -> Self { .scene(.holdEnd(isCancelled: cancelled)) }
    /// `key`: a key press by xkb keysym name, with modifiers.
    public static func key(name: String, modifiers: InputModifiers) -> Self { .scene(.key(name, modifiers: modifiers)) }
    /// `pointer-motion`: the mouse pointer moves to `point` (px).
    public static func pointerMotion(_ point: LogicalPoint) -> Self { .scene(.pointerMotion(point)) }
    /// `pointer-button`: evdev button `button` is pressed or released.
    public static func pointerButton(button: UInt32, pressed: Bool) -> Self {
        .scene(.pointerButton(button, isPressed: pressed))
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
