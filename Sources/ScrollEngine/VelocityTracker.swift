/// Estimates the velocity of a finger when it lifts, from the recent history of its position.
///
/// A fixed ring of the last 20 samples (Android `HISTORY`, Flutter `_historySize`), so adding a
/// sample never allocates. The estimate is the least-squares quadratic's slope at the newest
/// sample, over samples no older than the horizon and back to the first gap longer than the
/// sample gap; a finger that rested before lifting gives zero (Flutter's VelocityTracker).
public struct VelocityTracker: Sendable {
    /// How many samples the ring holds.
    public static let capacity = 20

    private struct Sample {
        var timeMilliseconds: Double
        var position: LogicalPoint
    }

    private var samples = InlineArray<20, Sample>(
        repeating: Sample(timeMilliseconds: 0, position: .zero))
    private var newestIndex = 0
    private var count = 0

    /// How old a sample may be to count, in ms.
    public var horizonMilliseconds: Double
    /// A longer gap between samples, in ms, cuts the history there.
    public var sampleGapMilliseconds: Double
    /// A longer pause before the lift, in ms, means no velocity.
    public var stillnessBeforeLiftMilliseconds: Double

    /// Creates an empty tracker with the windows in ms.
    public init(
        horizonMilliseconds: Double, sampleGapMilliseconds: Double,
        stillnessBeforeLiftMilliseconds: Double
    ) {
        self.horizonMilliseconds = horizonMilliseconds
        self.sampleGapMilliseconds = sampleGapMilliseconds
        self.stillnessBeforeLiftMilliseconds = stillnessBeforeLiftMilliseconds
    }

    /// Forgets every sample.
    public mutating func reset() {
        count = 0
    }

    /// Records that the tracked point was at `position` (px) at `timeMilliseconds`.
    public mutating func addSample(_ position: LogicalPoint, timeMilliseconds: Double) {
        newestIndex = count == 0 ? 0 : (newestIndex + 1) % Self.capacity
        samples[newestIndex] = Sample(timeMilliseconds: timeMilliseconds, position: position)
        count = min(count + 1, Self.capacity)
    }

    /// The estimated velocity in px/s for a lift at `liftMilliseconds`.
    public func velocity(liftMilliseconds: Double) -> LogicalPoint {
        guard count > 0 else { return .zero }
        let newest = samples[newestIndex]
        guard liftMilliseconds - newest.timeMilliseconds <= stillnessBeforeLiftMilliseconds else {
            return .zero
        }
        var fit = LeastSquaresSlope()
        var index = newestIndex
        var previousTime = newest.timeMilliseconds
        for _ in 0..<count {
            let sample = samples[index]
            if newest.timeMilliseconds - sample.timeMilliseconds > horizonMilliseconds
                || previousTime - sample.timeMilliseconds > sampleGapMilliseconds
            {
                break
            }
            // Seconds relative to the newest sample, so the slope is px/s at the lift.
            let t = (sample.timeMilliseconds - newest.timeMilliseconds) / 1000
            fit.add(t: t, point: sample.position)
            previousTime = sample.timeMilliseconds
            index = (index + Self.capacity - 1) % Self.capacity
        }
        return fit.slope
    }
}
