/// Turns `axis_value120` into whole wheel notches per axis: 120 is one notch, and finer values
/// (high-resolution wheels) accumulate until they make one (wayland.xml: "accumulate the
/// value120 to multiples of 120"). Turning the other way drops what was left over, so a
/// reversal starts a fresh notch.
struct WheelAccumulator: Sendable {
    /// The value of one notch in `axis_value120` units.
    static let notch = 120

    private var remainder = AxisPair(horizontal: 0, vertical: 0)

    /// Adds `value120` to `axis` and returns the whole notches it completes (signed).
    mutating func add(_ value120: Int, along axis: Axis) -> Int {
        if value120 == 0 { return 0 }
        if remainder[axis] != 0 && (remainder[axis] < 0) != (value120 < 0) { remainder[axis] = 0 }
        remainder[axis] += value120
        let notches = remainder[axis] / Self.notch
        remainder[axis] -= notches * Self.notch
        return notches
    }
}
