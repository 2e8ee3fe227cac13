/// A point, or a displacement, in logical px (before the output scale), y pointing down: in a
/// window (`LogicalPoint`), or in content at zoom 1 (`ContentPoint`).
public struct Point: Sendable, Equatable, Hashable {
    /// Horizontal coordinate, in px.
    public var x: Double
    /// Vertical coordinate, in px.
    public var y: Double

    /// Creates a point from coordinates in px.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)
}
