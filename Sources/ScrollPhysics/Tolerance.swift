/// How close to its end a simulation must be to count as done.
public struct Tolerance: Sendable, Equatable {
    /// Distance from the final position below which a motion may stop, in px.
    public var distancePixels: Double

    /// Speed below which a spring may stop, in px/s.
    public var velocityPixelsPerSecond: Double

    /// Creates a tolerance from a distance in px and a speed in px/s.
    public init(distancePixels: Double, velocityPixelsPerSecond: Double) {
        self.distancePixels = distancePixels
        self.velocityPixelsPerSecond = velocityPixelsPerSecond
    }

    /// Flutter's scroll tolerance (`ScrollPhysics.toleranceFor`: 1/dpr px and 1/(0.050·dpr) px/s)
    /// at a device pixel ratio of 2: half a logical pixel and 10 px/s.
    public static let standard = Tolerance(distancePixels: 0.5, velocityPixelsPerSecond: 10)
}
