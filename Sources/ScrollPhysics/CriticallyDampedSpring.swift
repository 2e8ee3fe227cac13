/// A critically damped spring towards a target: x(t) = target + (c₁ + c₂t)·e^(−ωt).
///
/// With c₁ = x₀ − target and c₂ = v₀ + ω·c₁ it starts at x₀ with velocity v₀, never oscillates
/// and crosses the target at most once. GTK's gtkkineticscrolling.c uses the same closed form
/// for its overshoot (y'' = −m·y' − (m²/4)·y, with ω = m/2).
public struct CriticallyDampedSpring: Simulation, Sendable {
    /// Where the spring comes to rest, in px.
    public let target: Double

    /// Position at time zero, in px.
    public let startPosition: Double

    /// Velocity at time zero, in px/s.
    public let startVelocity: Double

    /// The natural angular frequency ω, in rad/s.
    public let angularFrequency: Double

    /// When the spring is done.
    public let tolerance: Tolerance

    /// Creates a spring from `position` px at `velocity` px/s towards `target` px.
    public init(
        from position: Double, velocity: Double, to target: Double,
        angularFrequency: Double, tolerance: Tolerance = .standard
    ) {
        self.target = target
        startPosition = position
        startVelocity = velocity
        self.angularFrequency = angularFrequency
        self.tolerance = tolerance
    }

    public var finalPosition: Double { target }

    public func position(at elapsedMilliseconds: Double) -> Double {
        let seconds = max(0, elapsedMilliseconds) / 1000
        return target + (c1 + c2 * seconds) * damping(atSeconds: seconds)
    }

    public func velocity(at elapsedMilliseconds: Double) -> Double {
        let seconds = max(0, elapsedMilliseconds) / 1000
        return (c2 - angularFrequency * (c1 + c2 * seconds)) * damping(atSeconds: seconds)
    }

    public func isDone(at elapsedMilliseconds: Double) -> Bool {
        abs(position(at: elapsedMilliseconds) - target) < tolerance.distancePixels
            && abs(velocity(at: elapsedMilliseconds)) < tolerance.velocityPixelsPerSecond
    }

    /// `velocity` in px/s, its magnitude limited to `maximum` px/s and to the speed at which a
    /// spring at `angularFrequency` rad/s overshoots its target by at most `distance` px.
    ///
    /// The velocity term v₀·t·e^(−ωt) peaks at v₀/(ω·e) and the displacement term never changes
    /// sign, so a spring started at v₀ ≤ ω·e·distance overshoots by at most `distance`.
    public static func velocity(
        _ velocity: Double, cappedAt maximum: Double, overshootingAtMost distance: Double,
        angularFrequency: Double
    ) -> Double {
        let limit = min(maximum, max(0, distance) * angularFrequency * eulersNumber)
        return min(max(velocity, -limit), limit)
    }

    private static let eulersNumber = 2.718281828459045

    private var c1: Double { startPosition - target }
    private var c2: Double { startVelocity + angularFrequency * c1 }

    private func damping(atSeconds seconds: Double) -> Double {
        ElementaryFunctions.exp(-angularFrequency * seconds)
    }
}
