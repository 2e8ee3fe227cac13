/// A tap the scroll view recognised, for the app to act on (the page control, links).
///
/// A tap is a single finger that lifts within the tap time without moving past the touch
/// slop, and did not stop a moving scroll view. The first tap is reported at once, so a single
/// tap waits for nothing; a second tap close to it in place and time is reported again with
/// `count` 2 (and zooms, when zoom is on).
public struct Tap: Sendable, Equatable {
    /// Where the finger went down, in the scroll view's viewport coordinates (px).
    public var location: LogicalPoint
    /// 1 for a single tap, 2 for the second tap of a double tap.
    public var count: Int
    /// When the finger lifted, in ms.
    public var timeMilliseconds: Double

    /// Creates a tap from its parts.
    public init(location: LogicalPoint, count: Int, timeMilliseconds: Double) {
        self.location = location
        self.count = count
        self.timeMilliseconds = timeMilliseconds
    }
}
