/// A motion along one axis that is a pure function of the time since it started.
///
/// After Flutter's `Simulation` (packages/flutter/lib/src/physics/simulation.dart): nothing is
/// stepped or accumulated, so any time can be asked for, in any order, and the answer is the
/// same. Time is in milliseconds since the simulation began, positions are logical pixels and
/// velocities logical pixels per second.
public protocol Simulation {
    /// The position in px, `elapsedMilliseconds` after the start.
    func position(at elapsedMilliseconds: Double) -> Double

    /// The velocity in px/s, `elapsedMilliseconds` after the start.
    func velocity(at elapsedMilliseconds: Double) -> Double

    /// Whether the motion has come to rest, within its tolerance, at `elapsedMilliseconds`.
    func isDone(at elapsedMilliseconds: Double) -> Bool

    /// Where the motion ends, in px.
    var finalPosition: Double { get }
}
