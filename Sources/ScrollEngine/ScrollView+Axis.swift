import ScrollPhysics

/// Scroll input from the pointer (`wl_pointer.axis` and friends): touchpad fingers, the mouse
/// wheel and trackpoints, each with its own meaning (docs/architecture.md, "Input semantics").
extension ScrollView {
    /// One pointer frame's scroll input at `timeMilliseconds`; returns whether the view used it.
    ///
    /// - Parameters:
    ///   - source: what produced it (`axis_source`).
    ///   - delta: the scroll distance in px (`axis`); positive moves the content up or left,
    ///     as the offset grows. Touchpad fingers and trackpoints scroll by it.
    ///   - value120: wheel steps in 1/120 notch (`axis_value120`, or `axis_discrete` × 120).
    ///     A wheel frame without it scrolls by `delta` like a trackpoint.
    ///   - modifiers: Ctrl turns the wheel into zoom about the pointer, Shift turns it sideways.
    /// Fingers on the screen own the view: while they are down this does nothing.
    @discardableResult
    public mutating func pointerAxis(
        source: PointerAxisSource, delta: LogicalPoint,
        value120: AxisPair<Int> = AxisPair(horizontal: 0, vertical: 0),
        modifiers: InputModifiers = [], timeMilliseconds: Double
    ) -> Bool {
        advance(to: timeMilliseconds)
        let now = self.timeMilliseconds
        guard gesture.stage == .none, touches.isEmpty, touchpadPinch == nil else { return false }
        switch source {
        case .finger:
            return scrollWithFingers(by: delta, at: now)
        case .wheel where value120 != AxisPair(horizontal: 0, vertical: 0):
            return turnWheel(value120, modifiers: modifiers, at: now)
        case .wheel, .continuous:
            return scrollContinuously(by: delta, at: now)
        }
    }

    /// The touchpad fingers lifted (`axis_stop`) on the axes given, at `timeMilliseconds`:
    /// each stopped axis flings from its last 150 ms of deltas, or bounces back inside the
    /// bounds. Axes without a stop keep scrolling; without any stop there is no fling.
    public mutating func pointerAxisStop(horizontal: Bool, vertical: Bool, timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        let now = self.timeMilliseconds
        guard fingerScroll.isActive else { return }
        let stops = AxisPair(horizontal: horizontal, vertical: vertical)
        for axis in Axis.allCases where stops[axis] && fingerScroll.isScrolling[axis] {
            fingerScroll.isScrolling[axis] = false
            let velocity = flingVelocity(
                fingerScroll.history[axis].velocity(
                    stopMilliseconds: now,
                    windowMilliseconds: configuration.axisVelocityWindowMilliseconds))
            release(axis, velocity: contentVelocity(velocity, at: contentOffset[axis], along: axis), at: now)
        }
        if !fingerScroll.isActive && !isHolding {
            _ = bounceZoomIntoLimits(about: viewportCentre, rawOffset: rawContentOffset, at: now)
        }
    }

    /// Touchpad fingers moved the content by `delta` px: 1:1 (times the speed factor), with
    /// the rubber band past an edge while they stay down. The first delta on an axis catches
    /// whatever moves along it.
    private mutating func scrollWithFingers(by delta: LogicalPoint, at now: Double) -> Bool {
        var isUsed = false
        for axis in Axis.allCases where delta[axis] != 0 && isScrollable(axis) {
            if !fingerScroll.isScrolling[axis] {
                zoomMotion = nil
                motion[axis] = .none
                fingerScroll.isScrolling[axis] = true
                fingerScroll.rawOffset[axis] = rawOffset(showing: contentOffset[axis], along: axis)
                fingerScroll.history[axis].reset()
            }
            let distance = delta[axis] * configuration.touchpadSpeedFactor
            fingerScroll.rawOffset[axis] += distance
            contentOffset[axis] = bandedOffset(fingerScroll.rawOffset[axis], along: axis)
            fingerScroll.history[axis].add(delta: distance, timeMilliseconds: now)
            isUsed = true
        }
        if isUsed { lastMovementMilliseconds = now }
        return isUsed
    }

    /// A trackpoint (or a wheel without steps) moved the content by `delta` px: 1:1 within the
    /// bounds, no rubber band and no fling, since nothing will say when it stops.
    private mutating func scrollContinuously(by delta: LogicalPoint, at now: Double) -> Bool {
        var isUsed = false
        for axis in Axis.allCases where delta[axis] != 0 && isScrollable(axis) {
            finishZoomMotion()
            motion[axis] = .none
            contentOffset[axis] = clamped(contentOffset[axis] + delta[axis], along: axis)
            isUsed = true
        }
        if isUsed { lastMovementMilliseconds = now }
        return isUsed
    }

    /// Mouse wheel steps: each notch scrolls a fixed step, animated (a page in paging mode);
    /// Shift turns a vertical wheel sideways, as does content that only scrolls sideways
    /// (libadwaita's carousel); Ctrl zooms about the pointer.
    private mutating func turnWheel(_ value120: AxisPair<Int>, modifiers: InputModifiers, at now: Double) -> Bool {
        if modifiers.contains(.control) {
            guard isZoomEnabled else { return false }
            let turns = wheel.add(value120.vertical + value120.horizontal, along: .vertical)
            if turns != 0 { zoom(bySteps: -turns, about: pointer.location ?? viewportCentre, at: now) }
            return true
        }
        var steps = value120
        if modifiers.contains(.shift) || (!isScrollable(.vertical) && isScrollable(.horizontal)) {
            steps = AxisPair(horizontal: steps.horizontal + steps.vertical, vertical: 0)
        }
        var isUsed = false
        for axis in Axis.allCases where steps[axis] != 0 && isScrollable(axis) {
            isUsed = true
            let notches = wheel.add(steps[axis], along: axis)
            if notches == 0 { continue }
            _ = step(
                axis, count: notches, of: wheelStepLength(axis),
                durationMilliseconds: configuration.wheelStepDurationMilliseconds, at: now)
        }
        return isUsed
    }

    /// One notch's distance along `axis`, in px: viewport^(2/3), GTK's wheel step.
    func wheelStepLength(_ axis: Axis) -> Double {
        let length = viewportSize[axis]
        guard length > 0 else { return 0 }
        return ElementaryFunctions.exp(configuration.wheelStepExponent * ElementaryFunctions.log(length))
    }

    /// Zooms `steps` zoom steps (negative: out) from the scale the zoom is heading for, about
    /// `focus`, animated.
    mutating func zoom(bySteps steps: Int, about focus: LogicalPoint, at now: Double) {
        var scale = zoomDestinationScale
        let factor = steps > 0 ? configuration.zoomStepFactor : 1 / configuration.zoomStepFactor
        // Steps past a limit change nothing, so a flood of notches costs no more than the
        // few that reach it.
        var remaining = abs(steps)
        while remaining > 0, scale >= minimumZoomScale, scale <= maximumZoomScale {
            scale *= factor
            remaining -= 1
        }
        let target = min(max(scale, minimumZoomScale), maximumZoomScale)
        animateZoom(to: target, about: focus, purpose: .programmatic, at: now)
        lastMovementMilliseconds = now
    }

    /// A release velocity in px/s limited like a touch fling's: at most the maximum fling
    /// velocity, and none below the minimum.
    private func flingVelocity(_ velocity: Double) -> Double {
        guard abs(velocity) >= configuration.minimumFlingVelocityPixelsPerSecond else { return 0 }
        let maximum = configuration.maximumFlingVelocityPixelsPerSecond
        return min(max(velocity, -maximum), maximum)
    }

    /// The middle of the viewport, in px.
    var viewportCentre: LogicalPoint {
        LogicalPoint(x: viewportSize.width / 2, y: viewportSize.height / 2)
    }
}
