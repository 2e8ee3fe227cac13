/// A fling whose velocity decays exponentially: v(t) = v₀·e^(−kt), x(t) = x₀ + (v₀/k)(1 − e^(−kt)).
///
/// This is UIScrollView's deceleration in closed form (see `DecelerationRate`); GTK's
/// gtkkineticscrolling.c solves the same ODE, y'' = −k·y'. The rest position is known up front,
/// which lets paging and the edge spring decide before the motion starts.
public struct ExponentialDeceleration: Simulation, Sendable {
    /// Position at time zero, in px.
    public let startPosition: Double

    /// Velocity at time zero, in px/s.
    public let startVelocity: Double

    /// The decay constant k, in 1/s.
    public let decayPerSecond: Double

    /// When the fling is done.
    public let tolerance: Tolerance

    /// Creates a fling from `position` px at `velocity` px/s, slowing at `rate`.
    public init(
        position: Double, velocity: Double, rate: DecelerationRate,
        tolerance: Tolerance = .standard
    ) {
        startPosition = position
        startVelocity = velocity
        decayPerSecond = rate.decayPerSecond
        self.tolerance = tolerance
    }

    /// Where the fling stops, in px.
    public var finalPosition: Double { startPosition + startVelocity / decayPerSecond }

    public func position(at elapsedMilliseconds: Double) -> Double {
        finalPosition - startVelocity / decayPerSecond * decay(at: elapsedMilliseconds)
    }

    public func velocity(at elapsedMilliseconds: Double) -> Double {
        startVelocity * decay(at: elapsedMilliseconds)
    }

    /// Done once the distance still to coast, |v|/k, is within the tolerance.
    public func isDone(at elapsedMilliseconds: Double) -> Bool {
        elapsedMilliseconds >= doneMilliseconds
    }

    /// The time the fling becomes done, in ms: the remaining coast |v₀|e^(−kt)/k equals the
    /// distance tolerance.
    public var doneMilliseconds: Double {
        let remaining = abs(startVelocity) / decayPerSecond
        guard remaining > tolerance.distancePixels else { return 0 }
        return ElementaryFunctions.log(remaining / tolerance.distancePixels) / decayPerSecond * 1000
    }

    /// The time at which the fling passes `position`, in ms, or `nil` if it never gets there.
    public func milliseconds(toReach position: Double) -> Double? {
        if position == startPosition { return 0 }
        let fraction = (position - startPosition) / (finalPosition - startPosition)
        guard fraction >= 0, fraction < 1 else { return nil }
        return -ElementaryFunctions.log(1 - fraction) / decayPerSecond * 1000
    }

    private func decay(at elapsedMilliseconds: Double) -> Double {
        ElementaryFunctions.exp(-decayPerSecond * max(0, elapsedMilliseconds) / 1000)
    }
}
