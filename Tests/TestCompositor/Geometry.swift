/// A rectangle in integer coordinates: surface-local logical px or buffer px, as its use says.
public struct Rect: Sendable, Equatable, CustomStringConvertible {
    public var x: Int32
    public var y: Int32
    public var width: Int32
    public var height: Int32

    public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// The area of a `wl_region`: the union of the added rectangles minus the subtracted ones,
/// kept as the requests gave them.
public struct RegionShape: Sendable, Equatable {
    public internal(set) var added: [Rect] = []
    public internal(set) var subtracted: [Rect] = []
}
