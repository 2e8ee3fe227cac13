/// Touchpad gestures (`zwp_pointer_gestures_v1`): pinch to zoom about the pointer, and hold,
/// fingers resting on the pad, which stops a fling.
extension ScrollView {
    /// A touchpad pinch began with the pointer at `focus` (px). Ignored with zoom off or while
    /// fingers are on the screen.
    public mutating func pinchBegin(at focus: LogicalPoint, timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        guard isZoomEnabled, gesture.stage == .none, touches.isEmpty else { return }
        catchMotion()
        endPointerGestures()
        enterPageZoom()
        zoomFocus = focus
        let raw = rawContentOffset
        touchpadPinch = TouchpadPinch(
            zoom: PinchZoom(
                focus: focus, rawOffset: raw, scale: zoomScale,
                rawLogScale: rawLogScale(showing: zoomScale)),
            focus: focus, rawOffset: raw, startScale: zoomScale, startOffset: contentOffset)
        lastMovementMilliseconds = self.timeMilliseconds
    }

    /// The pinch's scale is now `scale` relative to its begin (the protocol's scale is absolute
    /// for the gesture, not per update). The content under the pointer stays there.
    public mutating func pinchUpdate(scale: Double, timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        guard let pinch = touchpadPinch, scale > 0, scale.isFinite else { return }
        let raw = applyPinch(pinch.zoom, scaleRatio: scale, focus: pinch.focus)
        touchpadPinch?.rawOffset = raw
        lastMovementMilliseconds = self.timeMilliseconds
    }

    /// The pinch ended: past a zoom limit the scale springs back about the pointer; a
    /// cancelled pinch returns to where it began ("the client should undo state changes").
    public mutating func pinchEnd(isCancelled: Bool, timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        let now = self.timeMilliseconds
        guard let pinch = touchpadPinch else { return }
        touchpadPinch = nil
        guard isCancelled else {
            settleAfterGesture(about: pinch.focus, rawOffset: pinch.rawOffset, at: now)
            return
        }
        let offset = LogicalPoint(
            x: clamped(pinch.startOffset.x, along: .horizontal, zoomScale: pinch.startScale),
            y: clamped(pinch.startOffset.y, along: .vertical, zoomScale: pinch.startScale))
        animateZoom(
            to: pinch.startScale, offset: offset, anchor: contentPoint(at: pinch.focus, rawOffset: pinch.rawOffset),
            focus: pinch.focus, purpose: .bounce, at: now)
    }

    /// Fingers came to rest on the touchpad: a running fling, bounce or zoom stops at once
    /// where it is (GTK stops kinetic scrolling on a hold).
    public mutating func holdBegin(timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        guard gesture.stage == .none, touches.isEmpty, touchpadPinch == nil else { return }
        catchMotion()
        isHolding = true
    }

    /// The resting fingers lifted, or (`isCancelled`) started another gesture. Neither is a
    /// tap: a touchpad tap arrives as a button. Content left past an edge springs back, unless
    /// the fingers went on to scroll.
    public mutating func holdEnd(isCancelled: Bool, timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        guard isHolding else { return }
        isHolding = false
        if !fingerScroll.isActive {
            settleAfterGesture(about: viewportCentre, rawOffset: rawContentOffset, at: self.timeMilliseconds)
        }
    }

    /// Shows the zoom for a pinch scaled by `ratio` since its start about `focus` (px), each
    /// rubber-banded past its limits; returns the raw offset.
    mutating func applyPinch(_ pinch: PinchZoom, scaleRatio ratio: Double, focus: LogicalPoint) -> LogicalPoint {
        zoomScale = bandedZoomScale(rawLogScale: pinch.rawLogScale(scaledBy: ratio))
        let raw = pinch.rawOffset(scale: zoomScale, focus: focus)
        for axis in Axis.allCases {
            contentOffset[axis] = bandedOffset(raw[axis], along: axis)
        }
        return raw
    }

    /// Stops every animation where it is now.
    mutating func catchMotion() {
        motion = AxisPair(horizontal: .none, vertical: .none)
        zoomMotion = nil
    }

    /// Drops the touchpad and scrollbar gestures in progress, for input that takes the view
    /// over (a finger on the screen, a touchpad pinch).
    mutating func endPointerGestures() {
        fingerScroll.isScrolling = AxisPair(horizontal: false, vertical: false)
        touchpadPinch = nil
        isHolding = false
        pointer.scrollbarDrag = nil
    }
}
