import ScrollEngine

/// One input event for the viewer, already translated from the seat (the viewer knows no
/// Wayland), with the time it happened on the compositor's millisecond clock.
public struct ViewerInput: Sendable, Equatable {
    public var event: Event
    /// When it happened, in ms; the viewer clamps it so its clock never runs backwards.
    public var timeMilliseconds: Double

    public init(_ event: Event, timeMilliseconds: Double) {
        self.event = event
        self.timeMilliseconds = timeMilliseconds
    }

    public enum Event: Sendable, Equatable {
        /// A finger went down at a window point (logical px); `serial` lets a window control
        /// start a compositor move with it.
        case touchDown(id: Int, location: LogicalPoint, serial: UInt32)
        case touchMotion(id: Int, location: LogicalPoint)
        case touchUp(id: Int)
        /// The end of one group of touch changes (`wl_touch.frame`): they take effect together.
        case touchFrame
        /// The compositor took every touch: they end with no tap and no fling.
        case touchCancel
        /// The pointer entered or moved to a window point.
        case pointerMotion(LogicalPoint)
        case pointerLeave
        /// A button (evdev code) went down or up at the pointer's location.
        case pointerButton(UInt32, isPressed: Bool)
        /// Scrolling: px, wheel steps in 1/120 notch, and the modifiers held.
        case pointerAxis(source: PointerAxisSource, delta: LogicalPoint, value120: AxisPair<Int>, modifiers: InputModifiers)
        /// The fingers lifted off the touchpad on these axes.
        case pointerAxisStop(horizontal: Bool, vertical: Bool)
        /// A touchpad pinch, about the pointer; `scale` is relative to its begin.
        case pinchBegin
        case pinchUpdate(scale: Double)
        case pinchEnd(isCancelled: Bool)
        /// Fingers resting on the touchpad.
        case holdBegin
        case holdEnd(isCancelled: Bool)
        /// A key press or repeat, by xkb keysym name.
        case key(String, modifiers: InputModifiers)
    }
}

/// What the viewer asks of its window; the app drains them after each input.
public enum ViewerRequest: Sendable, Equatable {
    case quit
    case setFullscreen(Bool)
    /// Let the compositor move the window with the touch or click that had `serial`.
    case beginMove(serial: UInt32)
}
