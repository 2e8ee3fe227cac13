/// One input for a `ScrollScene`, in screen px, as the viewer and replay scripts both feed it:
/// `ScrollScene.apply(_:timeMilliseconds:onTap:)` is the one place it reaches the views.
public enum SceneInput: Sendable, Equatable {
    /// Finger `id` landed at `location`.
    case touchDown(id: Int, location: LogicalPoint)
    case touchMotion(id: Int, location: LogicalPoint)
    case touchUp(id: Int)
    /// The end of one group of touch changes (`wl_touch.frame`): they take effect together.
    case touchFrame
    /// Every finger ends, with no tap and no fling; it takes effect at the next touch frame.
    case touchCancel
    /// The pointer entered or moved to a point.
    case pointerMotion(LogicalPoint)
    case pointerLeave
    /// A button (evdev code) went down or up at the pointer's location.
    case pointerButton(UInt32, isPressed: Bool)
    /// Scrolling: px, wheel steps in 1/120 notch, and the modifiers held.
    case pointerAxis(source: PointerAxisSource, delta: LogicalPoint, value120: AxisPair<Int>, modifiers: InputModifiers)
    /// The fingers lifted off the touchpad on these axes.
    case pointerAxisStop(horizontal: Bool, vertical: Bool)
    /// A touchpad pinch about a point, or about the pointer when `nil`; `scale` is relative
    /// to its begin, `rotationDegrees` clockwise since the last update (as the protocol sends
    /// both): the scroll view zooms with the scale, and the viewer turns pages with the
    /// rotation (`RotationGesture`).
    case pinchBegin(LogicalPoint?)
    case pinchUpdate(scale: Double, rotationDegrees: Double = 0)
    case pinchEnd(isCancelled: Bool)
    /// Fingers resting on the touchpad.
    case holdBegin
    case holdEnd(isCancelled: Bool)
    /// A key press or repeat, by xkb keysym name.
    case key(String, modifiers: InputModifiers)

    /// Whether this is one of the touch events that a touch frame groups.
    public var isGroupedTouchEvent: Bool {
        switch self {
        case .touchDown, .touchMotion, .touchUp, .touchCancel: return true
        default: return false
        }
    }
}

extension ScrollScene {
    /// Applies one input at `timeMilliseconds`; `onTap` gets each tap a touch frame
    /// completed, with its view, in that view's coordinates. Returns whether a key or button
    /// was used (other input always counts as used).
    @discardableResult
    public mutating func apply(
        _ input: SceneInput, timeMilliseconds time: Double,
        onTap: (_ view: Int, _ tap: Tap) -> Void = { _, _ in }
    ) -> Bool {
        switch input {
        case .touchDown(let id, let location): touchDown(id: id, at: location, timeMilliseconds: time)
        case .touchMotion(let id, let location): touchMotion(id: id, to: location, timeMilliseconds: time)
        case .touchUp(let id): touchUp(id: id, timeMilliseconds: time)
        case .touchFrame: touchFrame(onTap: onTap)
        case .touchCancel: touchCancel(timeMilliseconds: time)
        case .pointerMotion(let location): pointerMotion(to: location, timeMilliseconds: time)
        case .pointerLeave: pointerLeave(timeMilliseconds: time)
        case .pointerButton(let button, let isPressed):
            return pointerButton(button, isPressed: isPressed, timeMilliseconds: time)
        case .pointerAxis(let source, let delta, let value120, let modifiers):
            pointerAxis(source: source, delta: delta, value120: value120, modifiers: modifiers, timeMilliseconds: time)
        case .pointerAxisStop(let horizontal, let vertical):
            pointerAxisStop(horizontal: horizontal, vertical: vertical, timeMilliseconds: time)
        case .pinchBegin(let location):
            // Before any pointer motion, a pinch about the pointer is about the window's origin.
            pinchBegin(at: location ?? pointerLocation ?? .zero, timeMilliseconds: time)
        case .pinchUpdate(let scale, _): pinchUpdate(scale: scale, timeMilliseconds: time)
        case .pinchEnd(let isCancelled): pinchEnd(isCancelled: isCancelled, timeMilliseconds: time)
        case .holdBegin: holdBegin(timeMilliseconds: time)
        case .holdEnd(let isCancelled): holdEnd(isCancelled: isCancelled, timeMilliseconds: time)
        case .key(let name, let modifiers): return key(name, modifiers: modifiers, timeMilliseconds: time)
        }
        return true
    }
}
