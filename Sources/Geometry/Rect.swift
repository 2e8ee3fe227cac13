/// A rectangle in logical px: where a pane or a control sits in the window (`LogicalRect`),
/// what a block or a page covers in content at zoom 1 (`ContentRect`), what a screen reader is
/// told is where. Buffer pixels have a type of their own (Render's `DeviceRect`, whole pixels).
public struct Rect: Sendable, Equatable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// Creates a rectangle from its top-left corner and its size in px.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    @inlinable
    public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The top-left corner, in px.
    @inlinable
    public var origin: Point {
        get { Point(x: x, y: y) }
        set { (x, y) = (newValue.x, newValue.y) }
    }

    /// The extent, in px.
    @inlinable
    public var size: Size {
        get { Size(width: width, height: height) }
        set { (width, height) = (newValue.width, newValue.height) }
    }

    @inlinable
    public var maxX: Double { x + width }
    @inlinable
    public var maxY: Double { y + height }

    /// Whether the rectangle covers no area.
    @inlinable
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether `point` lies inside, the top and left edges included and the others not, so
    /// rectangles side by side never both hold a point (hit tests in a window).
    @inlinable
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// Whether `point` lies inside or on any edge (a hit area grown around text).
    @inlinable
    public func containsIncludingEdges(_ point: Point) -> Bool {
        point.x >= x && point.x <= maxX && point.y >= y && point.y <= maxY
    }

    /// Whether `other` lies entirely inside this rectangle.
    @inlinable
    public func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// Whether the two rectangles share any area.
    @inlinable
    public func intersects(_ other: Rect) -> Bool {
        other.x < maxX && x < other.maxX && other.y < maxY && y < other.maxY
    }

    /// The part both rectangles cover; empty (zero size, at the nearer corner) when they do not
    /// meet.
    @inlinable
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// The smallest rectangle that holds both.
    @inlinable
    public func union(_ other: Rect) -> Rect {
        let left = min(x, other.x), top = min(y, other.y)
        return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// The rectangle moved by `dx`, `dy`.
    @inlinable
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// `point` in coordinates relative to the top-left corner.
    @inlinable
    public func local(_ point: Point) -> Point {
        Point(x: point.x - x, y: point.y - y)
    }
}
