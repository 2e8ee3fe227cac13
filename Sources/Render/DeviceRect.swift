import ScrollEngine

/// A rectangle of buffer pixels: what the app passes to `wl_surface.damage_buffer`.
public struct DeviceRect: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    var maxX: Int { x + width }
    var maxY: Int { y + height }

    /// The part inside `other`, possibly empty.
    func intersection(_ other: DeviceRect) -> DeviceRect {
        let left = max(x, other.x), top = max(y, other.y)
        return DeviceRect(x: left, y: top, width: max(0, min(maxX, other.maxX) - left),
                          height: max(0, min(maxY, other.maxY) - top))
    }

    /// The rectangle moved by `dx`, `dy` pixels.
    public func offsetBy(dx: Int, dy: Int) -> DeviceRect {
        DeviceRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The smallest whole-pixel rectangle holding the logical rectangle `rect` (viewport px)
    /// at `scale` device px per logical px, grown by a pixel of antialiasing on every side.
    static func covering(_ rect: LogicalRect, scale: Double) -> DeviceRect {
        let (x, y) = (rect.origin.x, rect.origin.y)
        let left = Int((x * scale).rounded(.down)) - 1, top = Int((y * scale).rounded(.down)) - 1
        let right = Int(((x + rect.size.width) * scale).rounded(.up)) + 1
        let bottom = Int(((y + rect.size.height) * scale).rounded(.up)) + 1
        return DeviceRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
