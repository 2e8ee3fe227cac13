import ScrollPhysics

/// Changes to the geometry: viewport and content (insets are fixed when the view is made). Motion carries on from where it is,
/// at the velocity it has: it is never rescaled (flutter#32448).
extension ScrollView {
    /// The viewport became `size` px at `timeMilliseconds`. In paging mode the page stays.
    public mutating func resize(to size: LogicalSize, timeMilliseconds: Double) {
        changeGeometry(at: timeMilliseconds) { $0.viewportSize = size }
    }

    /// The content became `size` px (at zoom scale 1), e.g. as layout proceeds.
    public mutating func setContentSize(_ size: LogicalSize, timeMilliseconds: Double) {
        changeGeometry(at: timeMilliseconds) { $0.contentSize = size }
    }

    private mutating func changeGeometry(
        at timeMilliseconds: Double, _ change: (inout ScrollView) -> Void
    ) {
        advance(to: timeMilliseconds)
        let now = self.timeMilliseconds
        finishZoomMotion()
        let pagesBefore = AxisPair(
            horizontal: pages(.horizontal).nearestPage(
                to: motion.horizontal.finalPosition ?? contentOffset.x),
            vertical: pages(.vertical).nearestPage(
                to: motion.vertical.finalPosition ?? contentOffset.y))
        change(&self)
        for axis in Axis.allCases {
            let bounds = offsetBounds(axis)
            if !isScrollable(axis) {
                contentOffset[axis] = bounds.lowerBound
                gesture.rawOffset[axis] = bounds.lowerBound
                motion[axis] = .none
            } else if gesture.stage != .none {
                // Re-anchor the drag so the rubber band of the new size applies from here.
                gesture.rawOffset[axis] = rawOffset(showing: contentOffset[axis], along: axis)
                contentOffset[axis] = bandedOffset(gesture.rawOffset[axis], along: axis)
            } else if isPagingEnabled {
                let pages = pages(axis)
                contentOffset[axis] = pages.offset(ofPage: pages.clampedPage(pagesBefore[axis]))
                motion[axis] = .none
            } else if !bounds.contains(contentOffset[axis]) {
                contentOffset[axis] = clamped(contentOffset[axis], along: axis)
                motion[axis] = .none
            } else {
                retarget(axis, at: now)
            }
        }
        if gesture.stage != .none { velocityTracker.reset() }
    }

    /// Restarts the motion on `axis` from its current position and velocity inside new bounds.
    private mutating func retarget(_ axis: Axis, at now: Double) {
        let velocity = motion[axis].velocity(at: now)
        switch motion[axis] {
        case .none:
            return
        case .fling, .spring(_, _, .bounce):
            release(axis, velocity: velocity, at: now)
        case .spring(let spring, _, let purpose):
            startSpring(
                axis, velocity: velocity, to: clamped(spring.target, along: axis), purpose: purpose,
                at: now)
        case .step(let step, _):
            startStep(axis, to: clamped(step.target, along: axis), durationMilliseconds: step.durationMilliseconds, at: now)
        }
    }
}
