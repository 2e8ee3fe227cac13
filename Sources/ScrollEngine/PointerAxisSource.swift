/// What produced scroll input (`wl_pointer.axis_source`), which decides how it scrolls.
public enum PointerAxisSource: String, Sendable, CaseIterable {
    /// Fingers on a touchpad: 1:1 with a rubber band at the edges, a fling after `axis_stop`.
    case finger
    /// A mouse wheel (`axis_value120`, or `axis_discrete` × 120): animated steps, never kinetic.
    /// A tilting wheel is a wheel too.
    case wheel
    /// A trackpoint or similar: 1:1 within the bounds, never a fling (no `axis_stop` comes).
    case continuous
}

/// The mouse buttons the scroll view answers, as evdev codes (linux/input-event-codes.h).
public enum PointerButton {
    /// `BTN_LEFT`: drags a scrollbar's thumb, pages on a click in its track.
    public static let left: UInt32 = 0x110
}
