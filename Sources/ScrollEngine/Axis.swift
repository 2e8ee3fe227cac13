/// One of the two directions content scrolls in.
public enum Axis: Sendable, CaseIterable {
    case horizontal
    case vertical
}

/// One value per axis.
public struct AxisPair<Value: Sendable>: Sendable {
    /// The value for the horizontal axis.
    public var horizontal: Value
    /// The value for the vertical axis.
    public var vertical: Value

    /// Creates a pair from its two values.
    public init(horizontal: Value, vertical: Value) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The value for `axis`.
    public subscript(axis: Axis) -> Value {
        get { axis == .horizontal ? horizontal : vertical }
        set {
            if axis == .horizontal { horizontal = newValue } else { vertical = newValue }
        }
    }
}

extension AxisPair: Equatable where Value: Equatable {}
