import ScrollPhysics

/// Why a spring runs, which decides the phase it reports.
enum SpringPurpose: Sendable {
    /// Back inside the bounds after a drag past an edge: `bouncing`.
    case bounce
    /// To a page after a release in paging mode: `decelerating`, as UIScrollView reports it.
    case pageSnap
    /// To a target set by the app: `animating`.
    case programmatic
}

/// The animation running on one axis, with the time it started. Concrete simulations in an
/// enum, so stepping involves no existential boxes.
enum AxisMotion: Sendable {
    case none
    case fling(BouncingDeceleration, startMilliseconds: Double)
    case spring(CriticallyDampedSpring, startMilliseconds: Double, purpose: SpringPurpose)
    /// A wheel notch or key step: a fixed-time ease, reported as `animating`.
    case step(EaseOutCubic, startMilliseconds: Double)

    /// Whether an animation is running.
    var isActive: Bool {
        if case .none = self { return false }
        return true
    }

    /// The position at `timeMilliseconds` in px, or `nil` with no animation.
    func position(at timeMilliseconds: Double) -> Double? {
        switch self {
        case .none: return nil
        case .fling(let fling, let start): return fling.position(at: timeMilliseconds - start)
        case .spring(let spring, let start, _): return spring.position(at: timeMilliseconds - start)
        case .step(let step, let start): return step.position(at: timeMilliseconds - start)
        }
    }

    /// The velocity at `timeMilliseconds` in px/s; zero with no animation.
    func velocity(at timeMilliseconds: Double) -> Double {
        switch self {
        case .none: return 0
        case .fling(let fling, let start): return fling.velocity(at: timeMilliseconds - start)
        case .spring(let spring, let start, _): return spring.velocity(at: timeMilliseconds - start)
        case .step(let step, let start): return step.velocity(at: timeMilliseconds - start)
        }
    }

    /// Whether the animation has come to rest by `timeMilliseconds` (true with none).
    func isDone(at timeMilliseconds: Double) -> Bool {
        switch self {
        case .none: return true
        case .fling(let fling, let start): return fling.isDone(at: timeMilliseconds - start)
        case .spring(let spring, let start, _): return spring.isDone(at: timeMilliseconds - start)
        case .step(let step, let start): return step.isDone(at: timeMilliseconds - start)
        }
    }

    /// Where the animation ends in px, or `nil` with none.
    var finalPosition: Double? {
        switch self {
        case .none: return nil
        case .fling(let fling, _): return fling.finalPosition
        case .spring(let spring, _, _): return spring.target
        case .step(let step, _): return step.target
        }
    }

    /// The velocity in px/s a new flick may carry on from: a fling's, before it reaches an edge.
    func carriableVelocity(at timeMilliseconds: Double) -> Double {
        guard case .fling(let fling, let start) = self,
            !fling.isSpringing(at: timeMilliseconds - start)
        else { return 0 }
        return fling.velocity(at: timeMilliseconds - start)
    }

    /// The same animation starting at `now` instead, if it started at `start`.
    func starting(at now: Double, ifStartedAt start: Double) -> AxisMotion {
        switch self {
        case .none: return self
        case .fling(let fling, let began): return began == start ? .fling(fling, startMilliseconds: now) : self
        case .spring(let spring, let began, let purpose):
            return began == start ? .spring(spring, startMilliseconds: now, purpose: purpose) : self
        case .step(let step, let began): return began == start ? .step(step, startMilliseconds: now) : self
        }
    }

    /// What this animation makes the scroll view report at `timeMilliseconds`.
    func phase(at timeMilliseconds: Double) -> ScrollPhase {
        switch self {
        case .none: return .idle
        case .fling(let fling, let start):
            return fling.isSpringing(at: timeMilliseconds - start) ? .bouncing : .decelerating
        case .spring(_, _, .bounce): return .bouncing
        case .spring(_, _, .pageSnap): return .decelerating
        case .spring(_, _, .programmatic), .step: return .animating
        }
    }
}
