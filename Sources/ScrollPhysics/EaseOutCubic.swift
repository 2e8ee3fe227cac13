/// A step that takes a fixed time: x(t) = x₀ + Δ·(1 − (1 − t/D)³), for wheel notches and keys.
///
/// GTK animates keyboard and page scrolls with this curve over a fixed duration
/// (gtkscrolledwindow.c, `ANIMATION_DURATION`), restarting it from the current value when a new
/// step arrives. Unlike a spring it ends exactly on its target at a known time, so a run of
/// notches ends exactly where the steps add up. It starts at its fastest, 3Δ/D, and arrives at
/// rest: the cubic Hermite curve with no overshoot.
public struct EaseOutCubic: Simulation, Sendable {
    /// Position at time zero, in px.
    public let startPosition: Double

    /// Where the step ends, in px.
    public let target: Double

    /// How long the step takes, in ms; at least a millisecond.
    public let durationMilliseconds: Double

    /// Creates a step from `position` to `target` px over `durationMilliseconds`.
    public init(from position: Double, to target: Double, durationMilliseconds: Double) {
        startPosition = position
        self.target = target
        self.durationMilliseconds = max(1, durationMilliseconds)
    }

    public var finalPosition: Double { target }

    public func position(at elapsedMilliseconds: Double) -> Double {
        let remaining = remainingFraction(at: elapsedMilliseconds)
        return target - (target - startPosition) * remaining * remaining * remaining
    }

    public func velocity(at elapsedMilliseconds: Double) -> Double {
        let remaining = remainingFraction(at: elapsedMilliseconds)
        return 3 * (target - startPosition) * remaining * remaining / durationMilliseconds * 1000
    }

    public func isDone(at elapsedMilliseconds: Double) -> Bool {
        elapsedMilliseconds >= durationMilliseconds
    }

    /// 1 − t/D, limited to 0…1.
    private func remainingFraction(at elapsedMilliseconds: Double) -> Double {
        1 - min(max(elapsedMilliseconds / durationMilliseconds, 0), 1)
    }
}
