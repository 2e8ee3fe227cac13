/// The mouse pointer: scroll indicators widen into scrollbars when it comes near them (as
/// GTK's overlay scrollbars do), stay visible while hovered, and follow a thumb drag; a click
/// in the track pages towards the click.
extension ScrollView {
    /// The pointer moved to `point` (viewport px) at `timeMilliseconds`.
    public mutating func pointerMotion(to point: LogicalPoint, timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        pointer.location = point
        guard let drag = pointer.scrollbarDrag else {
            setHoveredScrollbar(scrollbar(at: point))
            return
        }
        let axis = drag.axis
        let track = indicator(axis, opacity: 1)
        let bounds = offsetBounds(axis)
        let travel = max(viewportSize[axis] - 2 * configuration.indicatorMarginPixels - track.length, 1)
        let offsetPerPixel = (bounds.upperBound - bounds.lowerBound) / travel
        motion[axis] = .none
        contentOffset[axis] = clamped(
            drag.startOffset + (point[axis] - drag.startPointer) * offsetPerPixel, along: axis)
        lastMovementMilliseconds = self.timeMilliseconds
    }

    /// The pointer left the view (`wl_pointer.leave`). A thumb drag goes on: the compositor
    /// keeps sending motion while the button is held.
    public mutating func pointerLeave(timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        pointer.location = nil
        setHoveredScrollbar(nil)
    }

    /// Notes which scrollbar the pointer is over; leaving one starts the usual fade delay
    /// from now, as if the content had just moved.
    private mutating func setHoveredScrollbar(_ axis: Axis?) {
        if pointer.hoveredScrollbar != nil, axis == nil { lastMovementMilliseconds = timeMilliseconds }
        pointer.hoveredScrollbar = axis
    }

    /// Mouse button `button` (an evdev code) was pressed or released at `timeMilliseconds`.
    /// Returns whether the scroll view used it: a left press on a scrollbar, and its release.
    @discardableResult
    public mutating func pointerButton(_ button: UInt32, isPressed: Bool, timeMilliseconds: Double) -> Bool {
        advance(to: timeMilliseconds)
        let now = self.timeMilliseconds
        guard button == PointerButton.left else { return false }
        guard isPressed else {
            guard pointer.scrollbarDrag != nil else { return false }
            pointer.scrollbarDrag = nil
            if let location = pointer.location { pointer.hoveredScrollbar = scrollbar(at: location) }
            return true
        }
        guard !isHeld, let location = pointer.location, let axis = scrollbar(at: location) else {
            return false
        }
        finishZoomMotion()
        let thumb = indicator(axis, opacity: 1)
        let along = location[axis]
        if along < thumb.position || along > thumb.position + thumb.length {
            // A click in the track pages towards it.
            _ = step(
                axis, count: along < thumb.position ? -1 : 1, of: pageStepLength(axis),
                durationMilliseconds: configuration.keyStepDurationMilliseconds, at: now)
        } else {
            motion[axis] = .none
            pointer.scrollbarDrag = PointerState.ScrollbarDrag(
                axis: axis, startPointer: along, startOffset: clamped(contentOffset[axis], along: axis))
        }
        lastMovementMilliseconds = now
        return true
    }

    /// The scrollbar at `point` (px), if any: within the indicator's track, and no farther
    /// from the viewport's edge than the scrollbar's thickness, its margin and the hover slop.
    private func scrollbar(at point: LogicalPoint) -> Axis? {
        let margin = configuration.indicatorMarginPixels
        let reach = margin + configuration.scrollbarThicknessPixels + configuration.scrollbarHoverSlopPixels
        for axis in Axis.allCases where indicator(axis, opacity: 1).isEnabled {
            let across: Axis = axis == .vertical ? .horizontal : .vertical
            let isNearEdge = point[across] >= viewportSize[across] - reach && point[across] <= viewportSize[across]
            let isAlongTrack = point[axis] >= margin && point[axis] <= viewportSize[axis] - margin
            if isNearEdge && isAlongTrack { return axis }
        }
        return nil
    }
}
