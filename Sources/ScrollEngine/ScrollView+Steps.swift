import ScrollPhysics

/// Animated steps of a fixed size, for wheel notches and keys: never kinetic, and a step that
/// arrives while one runs continues from where that one was heading, so notches and key
/// repeats add up exactly and no queue of stale steps builds up.
extension ScrollView {
    /// Steps `distance` px along `axis` (clamped to the bounds), animated over
    /// `durationMilliseconds`; false if the content does not scroll along `axis`.
    mutating func step(_ axis: Axis, by distance: Double, durationMilliseconds: Double, at now: Double) -> Bool {
        guard isScrollable(axis) else { return false }
        finishZoomMotion()
        let base: Double
        if case .step(let running, _) = motion[axis] {
            base = running.target
        } else {
            base = contentOffset[axis]
        }
        startStep(
            axis, to: clamped(base + distance, along: axis), durationMilliseconds: durationMilliseconds,
            at: now)
        lastMovementMilliseconds = now
        return true
    }

    /// `count` steps of `length` px along `axis` (negative: back), or `count` pages when paging
    /// runs along it, or a page turn from a zoomed page already at its edge that way; false if
    /// the content does not scroll along `axis`.
    mutating func step(
        _ axis: Axis, count: Int, of length: Double, durationMilliseconds: Double, at now: Double
    ) -> Bool {
        guard stepsByPage(axis) else {
            if turnZoomedPageIfSteppedAtItsEdge(axis, direction: count, at: now) { return true }
            return step(axis, by: Double(count) * length, durationMilliseconds: durationMilliseconds, at: now)
        }
        stepPages(count, at: now)
        return true
    }

    /// Starts a step from the current offset on `axis` to `target` px, or stops there.
    mutating func startStep(_ axis: Axis, to target: Double, durationMilliseconds: Double, at now: Double) {
        guard target != contentOffset[axis] else {
            motion[axis] = .none
            return
        }
        motion[axis] = .step(
            EaseOutCubic(from: contentOffset[axis], to: target, durationMilliseconds: durationMilliseconds),
            startMilliseconds: now)
    }

    /// Moves `count` pages along the page control's axis from the page shown or being
    /// scrolled to, with the page spring.
    mutating func stepPages(_ count: Int, at now: Double) {
        scrollToPage(destinationPage + count, timeMilliseconds: now)
    }

    /// The distance of a page step along `axis`, in px: the viewport less one line, so a line
    /// of context stays in view, but at least half the viewport.
    func pageStepLength(_ axis: Axis) -> Double {
        viewportSize[axis] - min(configuration.lineStepPixels, viewportSize[axis] / 2)
    }

    /// The axis page keys and Home/End move along: vertical when the content scrolls that way,
    /// else horizontal.
    var primaryAxis: Axis {
        isScrollable(.vertical) || !isScrollable(.horizontal) ? .vertical : .horizontal
    }

    /// Whether steps along `axis` go page by page: paging is on and the pages run along it.
    func stepsByPage(_ axis: Axis) -> Bool {
        isPagingEnabled && axis == pageControlAxis && isScrollable(axis)
    }
}
