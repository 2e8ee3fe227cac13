@_exported import Geometry

/// A point in surface-local logical pixels (before the output scale), y pointing down.
public typealias LogicalPoint = Point
/// A size in logical pixels.
public typealias LogicalSize = Size
/// A rectangle in logical pixels: where a scroll view sits on the screen.
public typealias LogicalRect = Rect

extension Point {
    /// The coordinate along `axis`, in px.
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? x : y }
        set {
            if axis == .horizontal { x = newValue } else { y = newValue }
        }
    }
}

extension Size {
    /// The extent along `axis`, in px.
    public subscript(axis: Axis) -> Double {
        axis == .horizontal ? width : height
    }
}

/// Space around the content inside which it can also be scrolled, in logical pixels, as
/// UIScrollView's `contentInset`: the offset runs from −top to content height + bottom − viewport.
public struct ContentInsets: Sendable, Equatable {
    /// Space above the content, in px.
    public var top: Double
    /// Space left of the content, in px.
    public var left: Double
    /// Space below the content, in px.
    public var bottom: Double
    /// Space right of the content, in px.
    public var right: Double

    /// Creates insets from four distances in px.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = ContentInsets()

    /// The inset before the content along `axis` (top or left), in px.
    public func leading(_ axis: Axis) -> Double { axis == .horizontal ? left : top }

    /// The inset after the content along `axis` (bottom or right), in px.
    public func trailing(_ axis: Axis) -> Double { axis == .horizontal ? right : bottom }
}
