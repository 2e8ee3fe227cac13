/// Keys: arrows by a line, pages by a screen less a line, Home/End to the ends, Ctrl+plus,
/// minus and 0 for zoom. Steps are animated and merge with a running one, so a held key's
/// repeats move steadily and stop when it is released, with no queue of stale steps.
extension ScrollView {
    /// A key press (or a repeat of it) at `timeMilliseconds`: `name` is the xkb keysym name
    /// (`Down`, `Next`, `space`, `plus`), `modifiers` those the key did not consume. Returns
    /// whether the scroll view used it; while fingers are on the screen it does not.
    @discardableResult
    public mutating func key(
        _ name: String, modifiers: InputModifiers = [], timeMilliseconds: Double
    ) -> Bool {
        advance(to: timeMilliseconds)
        let now = self.timeMilliseconds
        guard let command = KeyCommand(keysymName: name, modifiers: modifiers), !isHeld else {
            return false
        }
        switch command {
        case .lineUp: return stepLine(.vertical, by: -1, at: now)
        case .lineDown: return stepLine(.vertical, by: 1, at: now)
        case .lineLeft: return stepLine(.horizontal, by: -1, at: now)
        case .lineRight: return stepLine(.horizontal, by: 1, at: now)
        case .pageUp: return stepPage(by: -1, at: now)
        case .pageDown: return stepPage(by: 1, at: now)
        case .home: return scrollToEnd(atStart: true, at: now)
        case .end: return scrollToEnd(atStart: false, at: now)
        case .zoomIn: return zoomByKey(steps: 1, at: now)
        case .zoomOut: return zoomByKey(steps: -1, at: now)
        case .zoomReset:
            guard isZoomEnabled else { return false }
            animateZoom(to: restingZoomScale, about: viewportCentre, purpose: .programmatic, at: now)
            lastMovementMilliseconds = now
            return true
        }
    }

    /// Ctrl+plus or Ctrl+minus: a zoom step about the viewport's centre.
    private mutating func zoomByKey(steps: Int, at now: Double) -> Bool {
        guard isZoomEnabled else { return false }
        zoom(bySteps: steps, about: viewportCentre, at: now)
        return true
    }

    /// An arrow key: a line along `axis` in `direction` (±1), or a page in paging mode.
    private mutating func stepLine(_ axis: Axis, by direction: Int, at now: Double) -> Bool {
        step(
            axis, count: direction, of: configuration.lineStepPixels,
            durationMilliseconds: configuration.keyStepDurationMilliseconds, at: now)
    }

    /// A page key or space: a screen less a line along the primary axis, or a page.
    private mutating func stepPage(by direction: Int, at now: Double) -> Bool {
        step(
            primaryAxis, count: direction, of: pageStepLength(primaryAxis),
            durationMilliseconds: configuration.keyStepDurationMilliseconds, at: now)
    }

    /// Home or End: to the start or the end along the primary axis, with the programmatic
    /// spring, keeping the other axis where it is heading. The spring follows that end while
    /// the content's estimated size is corrected, so the first press reaches the very end.
    private mutating func scrollToEnd(atStart: Bool, at now: Double) -> Bool {
        let axis = primaryAxis
        guard isScrollable(axis) else { return false }
        // The target keeps the other axis where a zoom would leave it.
        finishZoomMotion()
        var target = LogicalPoint(
            x: motion.horizontal.finalPosition ?? contentOffset.x,
            y: motion.vertical.finalPosition ?? contentOffset.y)
        let bounds = offsetBounds(axis)
        target[axis] = atStart ? bounds.lowerBound : bounds.upperBound
        scroll(to: target, animated: true, timeMilliseconds: now)
        edgeTarget[axis] = (atStart ? .start : .end, self.timeMilliseconds)
        return true
    }
}
