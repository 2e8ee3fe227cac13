/// A point in surface-local logical pixels (before the output scale), y pointing down.
public struct LogicalPoint: Sendable, Equatable {
    /// Horizontal coordinate, in px.
    public var x: Double
    /// Vertical coordinate, in px.
    public var y: Double

    /// Creates a point from coordinates in px.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = LogicalPoint(x: 0, y: 0)

    /// The coordinate along `axis`, in px.
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? x : y }
        set {
            if axis == .horizontal { x = newValue } else { y = newValue }
        }
    }
}

/// A size in logical pixels.
public struct LogicalSize: Sendable, Equatable {
    /// Horizontal extent, in px.
    public var width: Double
    /// Vertical extent, in px.
    public var height: Double

    /// Creates a size from extents in px.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

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

/// A rectangle in logical pixels: where a scroll view sits on the screen.
public struct LogicalRect: Sendable, Equatable {
    /// The top-left corner, in px.
    public var origin: LogicalPoint
    /// The extent, in px.
    public var size: LogicalSize

    /// Creates a rectangle from its corner and size in px.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = LogicalPoint(x: x, y: y)
        size = LogicalSize(width: width, height: height)
    }

    /// Whether `point` lies inside (the top and left edges included, the others not).
    public func contains(_ point: LogicalPoint) -> Bool {
        point.x >= origin.x && point.x < origin.x + size.width
            && point.y >= origin.y && point.y < origin.y + size.height
    }

    /// Whether `other` lies entirely inside this rectangle.
    public func contains(_ other: LogicalRect) -> Bool {
        other.origin.x >= origin.x && other.origin.y >= origin.y
            && other.origin.x + other.size.width <= origin.x + size.width
            && other.origin.y + other.size.height <= origin.y + size.height
    }

    /// Whether the two rectangles share any area.
    public func intersects(_ other: LogicalRect) -> Bool {
        other.origin.x < origin.x + size.width && origin.x < other.origin.x + other.size.width
            && other.origin.y < origin.y + size.height && origin.y < other.origin.y + other.size.height
    }

    /// `point` in coordinates relative to the top-left corner.
    func local(_ point: LogicalPoint) -> LogicalPoint {
        LogicalPoint(x: point.x - origin.x, y: point.y - origin.y)
    }
}
