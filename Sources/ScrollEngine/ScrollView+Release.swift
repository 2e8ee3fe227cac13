import ScrollPhysics

/// What happens when the fingers let go: the release velocity, carried momentum, flings, page
/// snaps and bounces back inside the bounds.
extension ScrollView {
    /// The finger velocity at a lift at `now`, in px/s of offset: clamped to the maximum fling
    /// velocity, zero below the minimum, with momentum carried from a caught fling.
    func releaseVelocity(at now: Double) -> LogicalPoint {
        var velocity = velocityTracker.velocity(liftMilliseconds: now)
        for axis in Axis.allCases where !isDragMoving(axis) { velocity[axis] = 0 }
        velocity = clampedToMaximumFlingVelocity(velocity)
        guard magnitude(velocity) >= configuration.minimumFlingVelocityPixelsPerSecond else {
            return .zero
        }
        guard gesture.caughtMotion,
            now - gesture.startMilliseconds <= configuration.carriedVelocityWindowMilliseconds
        else { return velocity }
        for axis in Axis.allCases {
            let caught = gesture.caughtVelocity[axis]
            let isSameDirection = caught * velocity[axis] > 0
            if isSameDirection,
                abs(velocity[axis]) >= configuration.carriedVelocityMinimumRatio * abs(caught)
            {
                velocity[axis] += configuration.carriedVelocityFraction * caught
            }
        }
        return clampedToMaximumFlingVelocity(velocity)
    }

    /// Starts the motion after a release with the finger at `velocity` px/s.
    mutating func fling(withFingerVelocity velocity: LogicalPoint, at now: Double) {
        for axis in Axis.allCases {
            let axisVelocity = contentVelocity(velocity[axis], at: contentOffset[axis], along: axis)
            release(axis, velocity: axisVelocity, at: now)
        }
    }

    /// Starts the motion on `axis` for content moving at `velocity` px/s: a fling, or a page
    /// snap in paging mode; a bounce back if the content is past an edge.
    mutating func release(_ axis: Axis, velocity: Double, at now: Double) {
        let offset = contentOffset[axis]
        if isPagingEnabled && isScrollable(axis) && zoomedPage == nil {
            let pages = pages(axis)
            let page = pages.releasePage(
                from: offset, velocity: velocity,
                threshold: configuration.pagingVelocityThresholdPixelsPerSecond)
            startSpring(
                axis, velocity: velocity, to: pages.offset(ofPage: page), purpose: .pageSnap,
                at: now)
        } else if velocity != 0 || overscroll(offset, along: axis) != 0 {
            motion[axis] = .fling(
                BouncingDeceleration(
                    position: offset, velocity: velocity, bounds: offsetBounds(axis),
                    rate: configuration.decelerationRate,
                    springAngularFrequency: configuration.springAngularFrequencyRadiansPerSecond,
                    maximumSpringVelocity: configuration.maximumSpringVelocityPixelsPerSecond,
                    overscrollLimit: viewportSize[axis]),
                startMilliseconds: now)
        } else {
            motion[axis] = .none
        }
    }

    /// Brings the content to rest without a fling: onto the nearest page in paging mode, back
    /// inside the bounds if it is past an edge, else where it is.
    mutating func settle(at now: Double) {
        fling(withFingerVelocity: .zero, at: now)
    }

    /// Starts a spring on `axis` from the current offset at `velocity` px/s towards `target`
    /// px, or stops there if it is already at rest on the target.
    mutating func startSpring(
        _ axis: Axis, velocity: Double, to target: Double, purpose: SpringPurpose, at now: Double
    ) {
        let offset = contentOffset[axis]
        let tolerance = Tolerance.standard
        guard abs(offset - target) >= tolerance.distancePixels
            || abs(velocity) >= tolerance.velocityPixelsPerSecond
        else {
            contentOffset[axis] = target
            motion[axis] = .none
            return
        }
        let frequency = configuration.springAngularFrequencyRadiansPerSecond
        // The overshoot must stay within the rubber band's reach, the viewport's size.
        let allowance = viewportSize[axis] - abs(overscroll(offset, along: axis))
        let entryVelocity = CriticallyDampedSpring.velocity(
            velocity, cappedAt: configuration.maximumSpringVelocityPixelsPerSecond,
            overshootingAtMost: allowance, angularFrequency: frequency)
        let spring = CriticallyDampedSpring(
            from: offset, velocity: entryVelocity, to: target, angularFrequency: frequency)
        motion[axis] = .spring(spring, startMilliseconds: now, purpose: purpose)
    }

    private func clampedToMaximumFlingVelocity(_ velocity: LogicalPoint) -> LogicalPoint {
        let speed = magnitude(velocity)
        let maximum = configuration.maximumFlingVelocityPixelsPerSecond
        guard speed > maximum else { return velocity }
        return LogicalPoint(x: velocity.x * maximum / speed, y: velocity.y * maximum / speed)
    }

    private func magnitude(_ velocity: LogicalPoint) -> Double {
        (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
    }
}
