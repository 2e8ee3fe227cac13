/// An extent in logical px: a window's or a viewport's (`LogicalSize`), content's at zoom 1
/// (`ContentSize`).
public struct Size: Sendable, Equatable, Hashable {
    /// Horizontal extent, in px.
    public var width: Double
    /// Vertical extent, in px.
    public var height: Double

    /// Creates a size from extents in px.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
}
