/// A fling that bounces: exponential deceleration inside the bounds, handing over to a critically
/// damped spring back to the edge at the moment it crosses one.
///
/// After Flutter's `BouncingScrollSimulation` (scroll_simulation.dart): the crossing time is
/// solved at construction, so the whole motion stays a closed-form function of time. The
/// spring starts where the fling crossed the edge (no jump in position) with the fling's
/// velocity there, capped (Flutter caps at `maxSpringTransferVelocity`, 5000 px/s) and further
/// limited so the overshoot stays within the rubber band's reach. A fling that starts outside
/// the bounds is a spring from the start.
public struct BouncingDeceleration: Simulation, Sendable {
    /// The motion inside the bounds.
    public let deceleration: ExponentialDeceleration

    /// The motion back to the edge, if the fling reaches one.
    public let spring: CriticallyDampedSpring?

    /// When the spring takes over, in ms since the start; infinity if it never does.
    public let springStartMilliseconds: Double

    /// Creates a fling from `position` px at `velocity` px/s within `bounds` (px).
    ///
    /// - Parameters:
    ///   - rate: how quickly the fling slows down inside the bounds.
    ///   - springAngularFrequency: ω of the spring back to the edge, in rad/s.
    ///   - maximumSpringVelocity: the cap on the velocity carried into the spring, in px/s.
    ///   - overscrollLimit: how far past an edge the content may ever be shown, in px (the
    ///     rubber band's asymptote, the viewport's size on this axis).
    public init(
        position: Double, velocity: Double, bounds: ClosedRange<Double>,
        rate: DecelerationRate, springAngularFrequency: Double, maximumSpringVelocity: Double,
        overscrollLimit: Double, tolerance: Tolerance = .standard
    ) {
        func edgeSpring(from start: Double, velocity: Double, to edge: Double) -> CriticallyDampedSpring {
            let allowance = overscrollLimit - abs(start - edge)
            let entryVelocity = CriticallyDampedSpring.velocity(
                velocity, cappedAt: maximumSpringVelocity, overshootingAtMost: allowance,
                angularFrequency: springAngularFrequency)
            return CriticallyDampedSpring(
                from: start, velocity: entryVelocity, to: edge,
                angularFrequency: springAngularFrequency, tolerance: tolerance)
        }

        deceleration = ExponentialDeceleration(
            position: position, velocity: velocity, rate: rate, tolerance: tolerance)
        if !bounds.contains(position) {
            let edge = position < bounds.lowerBound ? bounds.lowerBound : bounds.upperBound
            spring = edgeSpring(from: position, velocity: velocity, to: edge)
            springStartMilliseconds = 0
            return
        }
        let rest = deceleration.finalPosition
        let crossedEdge: Double? =
            rest > bounds.upperBound ? bounds.upperBound
            : rest < bounds.lowerBound ? bounds.lowerBound : nil
        guard let edge = crossedEdge, let crossing = deceleration.milliseconds(toReach: edge) else {
            spring = nil
            springStartMilliseconds = .infinity
            return
        }
        spring = edgeSpring(from: edge, velocity: deceleration.velocity(at: crossing), to: edge)
        springStartMilliseconds = crossing
    }

    public var finalPosition: Double { spring?.target ?? deceleration.finalPosition }

    /// Whether the spring back to the edge is running at `elapsedMilliseconds`.
    public func isSpringing(at elapsedMilliseconds: Double) -> Bool {
        elapsedMilliseconds >= springStartMilliseconds
    }

    public func position(at elapsedMilliseconds: Double) -> Double {
        if let spring, isSpringing(at: elapsedMilliseconds) {
            return spring.position(at: elapsedMilliseconds - springStartMilliseconds)
        }
        return deceleration.position(at: elapsedMilliseconds)
    }

    public func velocity(at elapsedMilliseconds: Double) -> Double {
        if let spring, isSpringing(at: elapsedMilliseconds) {
            return spring.velocity(at: elapsedMilliseconds - springStartMilliseconds)
        }
        return deceleration.velocity(at: elapsedMilliseconds)
    }

    public func isDone(at elapsedMilliseconds: Double) -> Bool {
        if let spring {
            return isSpringing(at: elapsedMilliseconds)
                && spring.isDone(at: elapsedMilliseconds - springStartMilliseconds)
        }
        return deceleration.isDone(at: elapsedMilliseconds)
    }
}
