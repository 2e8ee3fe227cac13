import ScrollPhysics

/// Changes to the geometry: viewport and content (insets are fixed when the view is made).
/// Motion carries on from where it is, at the velocity it has: it is never rescaled
/// (flutter#32448). An animation heading for an edge of the content (Home, End) keeps heading
/// for that edge as the content's size changes, so it reaches the true end of content whose
/// size was estimated.
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
        let edgesBefore = AxisPair(horizontal: edgeHeadedFor(.horizontal), vertical: edgeHeadedFor(.vertical))
        let viewportBefore = viewportSize
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
            } else if let edge = edgesBefore[axis], case .spring(_, _, let purpose) = motion[axis] {
                let target = edge == .end ? bounds.upperBound : bounds.lowerBound
                startSpring(axis, velocity: motion[axis].velocity(at: now), to: target, purpose: purpose, at: now)
                edgeTarget[axis] = (edge, now)
            } else if isPagingEnabled {
                let pages = pages(axis)
                let offset = pages.offset(ofPage: pages.clampedPage(pagesBefore[axis]))
                if viewportSize == viewportBefore, case .spring(_, _, let purpose) = motion[axis] {
                    // Pages came or went as layout went on: the turn carries on to its page.
                    startSpring(axis, velocity: motion[axis].velocity(at: now), to: offset, purpose: purpose, at: now)
                } else {
                    contentOffset[axis] = offset
                    motion[axis] = .none
                }
            } else if !bounds.contains(contentOffset[axis]) {
                contentOffset[axis] = clamped(contentOffset[axis], along: axis)
                motion[axis] = .none
            } else {
                retarget(axis, at: now)
            }
        }
        if gesture.stage != .none { velocityTracker.reset() }
    }

    /// The content moved by `delta` px (of the zoomed content, as offsets are) under the
    /// viewport at `timeMilliseconds`:
    /// the app laid out content above the viewport whose height was estimated. The offset
    /// moves with it so the same content stays in view, and a running animation carries on
    /// at its velocity towards the same content, or the same edge, instead of stopping.
    public mutating func shiftContent(by delta: LogicalPoint, timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        let now = self.timeMilliseconds
        finishZoomMotion()
        for axis in Axis.allCases where delta[axis] != 0 && isScrollable(axis) {
            let shift = delta[axis]
            let edge = edgeHeadedFor(axis)
            let velocity = motion[axis].velocity(at: now)
            contentOffset[axis] += shift
            if gesture.stage != .none {
                gesture.rawOffset[axis] += shift
                continue
            }
            let bounds = offsetBounds(axis)
            switch motion[axis] {
            case .none:
                contentOffset[axis] = clamped(contentOffset[axis], along: axis)
            case .fling, .spring(_, _, .bounce):
                release(axis, velocity: velocity, at: now)
            case .spring(let spring, _, let purpose):
                let target = edge.map { $0 == .end ? bounds.upperBound : bounds.lowerBound }
                    ?? clamped(spring.target + shift, along: axis)
                startSpring(axis, velocity: velocity, to: target, purpose: purpose, at: now)
                if let edge { edgeTarget[axis] = (edge, now) }
            case .step(let step, _):
                startStep(axis, to: clamped(step.target + shift, along: axis),
                          durationMilliseconds: step.durationMilliseconds, at: now)
            }
        }
    }

    /// The edge of the content the spring on `axis` is heading for, if Home or End started
    /// it (and nothing has replaced it since).
    func edgeHeadedFor(_ axis: Axis) -> ContentEdge? {
        guard let target = edgeTarget[axis], case .spring(_, let start, _) = motion[axis],
              start == target.startMilliseconds else { return nil }
        return target.edge
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

/// An end of the content along an axis.
enum ContentEdge: Sendable {
    case start
    case end
}
