/// A change of one touch point, in surface-local logical px, with the compositor's time in ms.
public enum TouchEvent: Equatable, Sendable {
    /// A finger went down; `serial` lets the client start a window move with it.
    case down(id: Int32, x: Double, y: Double, timeMilliseconds: UInt32, serial: UInt32)
    case motion(id: Int32, x: Double, y: Double, timeMilliseconds: UInt32)
    case up(id: Int32, timeMilliseconds: UInt32)
}

/// Where scroll input came from (`wl_pointer.axis_source`).
public enum AxisSource: Equatable, Sendable {
    /// A mouse wheel: discrete steps, never kinetic.
    case wheel
    /// Fingers on a touchpad: pixels, with `axis_stop` when they lift.
    case finger
    /// A trackpoint or similar: pixels, never stopped.
    case continuous
    /// A tilting wheel: discrete steps.
    case wheelTilt
    /// No source was sent (seat version below 5).
    case unknown
}

/// The scroll part of one pointer frame.
public struct AxisChange: Equatable, Sendable {
    public var source = AxisSource.unknown
    /// Scroll distance in surface-local logical px (positive: content moves up/left).
    public var deltaX = 0.0
    public var deltaY = 0.0
    /// Wheel steps in 1/120ths of a notch (`axis_value120`, or `axis_discrete`×120 before v8).
    public var value120X: Int32 = 0
    public var value120Y: Int32 = 0
    /// Whether the fingers lifted on that axis (`axis_stop`), which starts kinetic scrolling.
    public var isStoppedHorizontal = false
    public var isStoppedVertical = false

    public init() {}
}

/// One logical pointer event: everything between two `wl_pointer.frame` events.
public struct PointerFrame: Equatable, Sendable {
    /// The pointer position in surface-local logical px (the last one known).
    public var x = 0.0
    public var y = 0.0
    public var timeMilliseconds: UInt32 = 0
    public var didEnter = false
    public var didLeave = false
    public var didMove = false
    /// Button changes in order: evdev code (`BTN_LEFT` = 0x110) and whether it went down.
    public var buttons: [ButtonChange] = []
    public var axis: AxisChange?

    public struct ButtonChange: Equatable, Sendable {
        public var button: UInt32
        public var isPressed: Bool
    }

    public init() {}
}

/// A touchpad pinch (`zwp_pointer_gesture_pinch_v1`).
public enum PinchEvent: Equatable, Sendable {
    case begin(fingers: UInt32, timeMilliseconds: UInt32)
    /// `scale` is relative to the begin (absolute for the gesture); `delta` is the centroid's
    /// motion since the last event in logical px; `rotation` is degrees since the last event.
    case update(deltaX: Double, deltaY: Double, scale: Double, rotationDegrees: Double, timeMilliseconds: UInt32)
    case end(isCancelled: Bool, timeMilliseconds: UInt32)
}

/// Fingers resting on a touchpad (`zwp_pointer_gesture_hold_v1`).
public enum HoldEvent: Equatable, Sendable {
    case begin(fingers: UInt32, timeMilliseconds: UInt32)
    case end(isCancelled: Bool, timeMilliseconds: UInt32)
}

/// Receives a seat's input, already grouped and filtered to Glide's own surfaces.
public protocol SeatDelegate: AnyObject {
    /// The touch changes of one `wl_touch.frame`.
    func seat(_ seat: Seat, didReceiveTouchFrame events: [TouchEvent])
    /// The compositor took the touch sequence: every point ends with no tap and no fling.
    func seatDidCancelTouches(_ seat: Seat)
    func seat(_ seat: Seat, didReceivePointerFrame frame: PointerFrame)
    func seat(_ seat: Seat, didReceivePinch event: PinchEvent)
    func seat(_ seat: Seat, didReceiveHold event: HoldEvent)
    /// A key press or a client-side repeat of it.
    func seat(_ seat: Seat, didPressKey event: KeyEvent)
    /// Files dropped on the window: the `text/uri-list` the dragging client wrote.
    func seat(_ seat: Seat, didReceiveDrop uriList: String)
}
