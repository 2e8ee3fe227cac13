/// A size in logical px.
public struct ContentSize: Equatable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A point, or a displacement, in logical px.
public struct ContentPoint: Equatable, Sendable {
    public static let zero = ContentPoint(x: 0, y: 0)

    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A rectangle in logical px.
public struct ContentRect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}

extension ContentRect {
    public static let zero = ContentRect(x: 0, y: 0, width: 0, height: 0)

    /// Whether `point` lies inside, edges included.
    public func contains(_ point: ContentPoint) -> Bool {
        point.x >= x && point.x <= maxX && point.y >= y && point.y <= maxY
    }

    /// Whether the rectangle covers no area.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The part both rectangles cover; empty (zero size, at the nearer corner) when they do not
    /// meet.
    public func intersection(_ other: ContentRect) -> ContentRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return ContentRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// Whether the rectangles share some area.
    public func intersects(_ other: ContentRect) -> Bool { !intersection(other).isEmpty }

    /// The smallest rectangle that holds both.
    public func union(_ other: ContentRect) -> ContentRect {
        let left = min(x, other.x), top = min(y, other.y)
        return ContentRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> ContentRect {
        ContentRect(x: x + dx, y: y + dy, width: width, height: height)
    }
}
