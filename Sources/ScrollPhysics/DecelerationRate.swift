/// How quickly a fling slows down: the factor its velocity keeps after each millisecond.
///
/// The values are UIScrollView's `decelerationRate` (`.normal` 0.998, `.fast` 0.99), quoted in
/// Flutter's scroll_simulation.dart and third-party UIKit binding docs.
public struct DecelerationRate: Sendable, Equatable {
    /// The velocity factor per millisecond, strictly between 0 and 1.
    public let factorPerMillisecond: Double

    /// Creates a rate from a factor per millisecond; `nil` unless 0 < factor < 1.
    public init?(factorPerMillisecond: Double) {
        guard factorPerMillisecond > 0, factorPerMillisecond < 1 else { return nil }
        self.factorPerMillisecond = factorPerMillisecond
    }

    private init(uncheckedFactorPerMillisecond factor: Double) {
        factorPerMillisecond = factor
    }

    /// UIScrollView's normal rate: a 1000 px/s fling coasts 499 px.
    public static let normal = DecelerationRate(uncheckedFactorPerMillisecond: 0.998)

    /// UIScrollView's fast rate: a 1000 px/s fling coasts 99 px.
    public static let fast = DecelerationRate(uncheckedFactorPerMillisecond: 0.99)

    /// How far a fling at `velocity` px/s coasts before it stops, in px: Apple's projection
    /// `(v/1000)·r/(1 − r)` (WWDC 2018 session 803, "Designing Fluid Interfaces", p.176).
    public func projectedDistance(forVelocity velocity: Double) -> Double {
        velocity / 1000 * factorPerMillisecond / (1 - factorPerMillisecond)
    }

    /// The continuous decay constant k in 1/s, chosen so that a fling decaying as e^(−kt)
    /// coasts exactly `projectedDistance(forVelocity:)`: k = 1000·(1 − r)/r.
    ///
    /// It differs from the per-millisecond product's −1000·ln r by the factor (1 − r)/2
    /// (0.1 % at 0.998), and keeps the initial velocity and the projected rest both exact.
    public var decayPerSecond: Double {
        1000 * (1 - factorPerMillisecond) / factorPerMillisecond
    }
}
