/// Touch input: events are collected per touch frame (as `wl_touch` groups them) and acted on
/// when the frame ends.
extension ScrollView {
    /// A finger `id` touched down at `point` (px) at `timeMilliseconds`.
    public mutating func touchDown(id: Int, at point: LogicalPoint, timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        touches.press(id: id, at: point)
    }

    /// Finger `id` moved to `point` (px) at `timeMilliseconds`. An unknown id is ignored.
    public mutating func touchMotion(id: Int, to point: LogicalPoint, timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        touches.move(id: id, to: point)
    }

    /// Finger `id` lifted at `timeMilliseconds`. An unknown id is ignored.
    public mutating func touchUp(id: Int, timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        touches.lift(id: id)
    }

    /// The compositor took the touch sequence away: every finger ends, with no tap and no
    /// fling; a pinch reverts and the content returns inside its bounds. `wl_touch.cancel` has
    /// no time; pass the latest input or frame time.
    public mutating func touchCancel(timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        isTouchCancelPending = true
    }

    /// Ends a group of touch events (`wl_touch.frame`): the scroll view acts on them now, and
    /// returns the tap they completed, if any.
    ///
    /// Some compositors send no frame after the last `up`; the app should end the group then.
    @discardableResult
    public mutating func touchFrame() -> Tap? {
        let now = timeMilliseconds
        if isTouchCancelPending {
            isTouchCancelPending = false
            touches.removeAll()
            cancelGesture(at: now)
            return nil
        }
        let fingers = touches.summary
        if gesture.stage == .none {
            guard fingers.count > 0 else { return nil }
            beginGesture(fingers, at: now)
        }
        gesture.maximumFingerCount = max(gesture.maximumFingerCount, fingers.count)
        if gesture.stage == .pinching, let pair = fingers.pair, let pinching = gesture.pinchFingers,
            pair.hasSameFingers(as: pinching)
        {
            movePinch(pair, at: now)
        } else {
            moveGesture(by: fingers.meanMotion, at: now)
            // Only zoom needs the fingers' centre: the focal point of a pinch or a zoom bounce.
            if isZoomEnabled {
                gesture.focus = fingers.centroid
                if let pair = fingers.stayingPair { beginPinch(pair, at: now) }
            }
        }
        if fingers.isAllLifting {
            touches.removeAll()
            return endGesture(at: now)
        }
        touches.commitFrame()
        if gesture.stage == .pinching { continuePinch(with: fingers.stayingPair, at: now) }
        return nil
    }

    /// Whether finger `id` is down on this view: not lifted, not cancelled.
    func holdsTouch(id: Int) -> Bool {
        !isTouchCancelPending && touches.holds(id: id)
    }

    /// Whether a drag moves the content along `axis`.
    func isDragMoving(_ axis: Axis) -> Bool {
        isScrollable(axis) && (gesture.lockedAxis == nil || gesture.lockedAxis == axis)
    }

    /// The first finger is down: catch whatever moves, where it is. Touch takes the view from
    /// any touchpad, wheel or scrollbar input in progress.
    private mutating func beginGesture(_ fingers: TouchTable.Summary, at now: Double) {
        let caughtVelocity = LogicalPoint(
            x: motion.horizontal.carriableVelocity(at: now),
            y: motion.vertical.carriableVelocity(at: now))
        let caughtMotion = isAnimating
        catchMotion()
        endPointerGestures()
        // A page turn caught while its zoom resets: the page under the finger stays zoomed.
        if zoomScale != restingZoomScale { enterPageZoom() }
        let raw = rawContentOffset
        let location = fingers.centroid
        gesture = TouchGesture(
            stage: .tracking, startMilliseconds: now, startLocation: location, startRawOffset: raw,
            rawOffset: raw, caughtMotion: caughtMotion, caughtVelocity: caughtVelocity,
            isSecondTap: fingers.count == 1
                && taps.isSecondTap(at: location, timeMilliseconds: now, configuration: configuration),
            focus: location, startZoomScale: zoomScale, startOffset: contentOffset)
        velocityTracker.reset()
        velocityTracker.addSample(gesture.fingerRawOffset, timeMilliseconds: now)
    }

    /// The fingers moved by `fingerMotion` px: past the slop, the content follows 1:1, with
    /// the rubber band beyond an edge. The second touch of a double tap never drags.
    private mutating func moveGesture(by fingerMotion: LogicalPoint, at now: Double) {
        guard fingerMotion != .zero else { return }
        gesture.fingerTranslation.x += fingerMotion.x
        gesture.fingerTranslation.y += fingerMotion.y
        velocityTracker.addSample(gesture.fingerRawOffset, timeMilliseconds: now)
        var contentMotion = fingerMotion
        if gesture.stage == .tracking {
            let distance = gesture.travel
            guard distance >= configuration.touchSlopPixels,
                !(gesture.isSecondTap && isZoomEnabled)
            else { return }
            gesture.stage = .dragging
            gesture.lockedAxis = directionalLock(for: gesture.fingerTranslation)
            // Only the motion past the slop moves the content, so it starts without a jump.
            let pastSlop = 1 - configuration.touchSlopPixels / distance
            contentMotion = LogicalPoint(
                x: gesture.fingerTranslation.x * pastSlop, y: gesture.fingerTranslation.y * pastSlop)
        }
        for axis in Axis.allCases where isDragMoving(axis) {
            gesture.rawOffset[axis] -= contentMotion[axis]
            contentOffset[axis] = bandedOffset(gesture.rawOffset[axis], along: axis)
        }
        lastMovementMilliseconds = now
    }

    /// The axis a drag that started along `translation` locks to, if directional lock is on
    /// and the start is clearly along one axis.
    private func directionalLock(for translation: LogicalPoint) -> Axis? {
        guard isDirectionalLockEnabled else { return nil }
        let ratio = configuration.directionalLockAxisRatio
        if abs(translation.x) >= ratio * abs(translation.y) { return .horizontal }
        if abs(translation.y) >= ratio * abs(translation.x) { return .vertical }
        return nil
    }

    /// Two fingers are down: from here they zoom about their centroid and pan with it. Called
    /// again whenever the pair changes, so fingers joining or leaving never make a jump.
    private mutating func beginPinch(_ pair: TouchTable.Pair, at now: Double) {
        enterPageZoom()
        gesture.stage = .pinching
        gesture.didPinch = true
        gesture.lockedAxis = nil
        gesture.pinchFingers = pair
        gesture.pinchStartSpan = max(pair.span, PinchZoom.minimumSpanPixels)
        gesture.focus = pair.centroid
        zoomFocus = pair.centroid
        gesture.pinch = PinchZoom(
            focus: pair.centroid, rawOffset: gesture.rawOffset, scale: zoomScale,
            rawLogScale: rawLogScale(showing: zoomScale))
        velocityTracker.reset()
        lastMovementMilliseconds = now
    }

    /// The pinching fingers moved: the scale follows their span, the anchor their centroid.
    private mutating func movePinch(_ pair: TouchTable.Pair, at now: Double) {
        guard let pinch = gesture.pinch else { return }
        gesture.focus = pair.centroid
        zoomFocus = pair.centroid
        let ratio = max(pair.span, PinchZoom.minimumSpanPixels) / gesture.pinchStartSpan
        gesture.rawOffset = applyPinch(pinch, scaleRatio: ratio, focus: pair.centroid)
        lastMovementMilliseconds = now
    }

    /// After a pinch frame, with `pair` the fingers staying down: a new pair (after pinching
    /// fingers lifted) re-anchors the pinch; a single finger left over drags on from where the
    /// content is.
    private mutating func continuePinch(with pair: TouchTable.Pair?, at now: Double) {
        if let pair {
            if let fingers = gesture.pinchFingers, !pair.hasSameFingers(as: fingers) {
                beginPinch(pair, at: now)
            }
            return
        }
        gesture.stage = .dragging
        gesture.pinch = nil
        gesture.pinchFingers = nil
        gesture.startRawOffset = gesture.rawOffset
        gesture.fingerTranslation = .zero
        velocityTracker.reset()
        velocityTracker.addSample(gesture.fingerRawOffset, timeMilliseconds: now)
    }

    /// The last finger lifted: fling from a drag, settle the zoom after a pinch, and recognise
    /// a tap from a touch that never moved (a caught fling stays caught, and is not a tap).
    private mutating func endGesture(at now: Double) -> Tap? {
        defer { gesture = TouchGesture() }
        switch gesture.stage {
        case .none:
            return nil
        case .tracking:
            guard let tap = recognizeTap(at: now) else {
                settleAfterGesture(about: gesture.focus, rawOffset: gesture.rawOffset, at: now)
                return nil
            }
            if tap.count == 2 && isZoomEnabled && zoomsOnDoubleTap {
                toggleZoom(about: tap.location, at: now)
            } else {
                settle(at: now)
            }
            return tap
        case .pinching:
            settleAfterGesture(about: gesture.focus, rawOffset: gesture.rawOffset, at: now)
            return nil
        case .dragging:
            let velocity = releaseVelocity(at: now)
            if !bounceZoomIntoLimits(about: gesture.focus, rawOffset: gesture.rawOffset, at: now),
               !turnZoomedPageIfReleasedPastItsEdge(velocity: velocity, at: now) {
                fling(withFingerVelocity: velocity, at: now)
            }
            return nil
        }
    }

    /// The tap a touch that never dragged makes when it lifts at `now`, if it is one.
    private mutating func recognizeTap(at now: Double) -> Tap? {
        let isTap = !gesture.caughtMotion && gesture.maximumFingerCount == 1
            && gesture.travel < configuration.touchSlopPixels
            && now - gesture.startMilliseconds <= configuration.tapMaximumDurationMilliseconds
        guard isTap else {
            taps.reset()
            return nil
        }
        let tap = Tap(
            location: gesture.startLocation, count: gesture.isSecondTap ? 2 : 1, timeMilliseconds: now)
        taps.record(tap)
        return tap
    }

    /// The touch sequence was cancelled: no tap, no fling; a pinch returns to the scale and
    /// offset it started from, anything else settles inside the bounds.
    private mutating func cancelGesture(at now: Double) {
        guard gesture.stage != .none else { return }
        defer { gesture = TouchGesture() }
        taps.reset()
        guard gesture.didPinch else {
            settleAfterGesture(about: gesture.focus, rawOffset: gesture.rawOffset, at: now)
            return
        }
        let scale = gesture.startZoomScale
        let offset = LogicalPoint(
            x: clamped(gesture.startOffset.x, along: .horizontal, zoomScale: scale),
            y: clamped(gesture.startOffset.y, along: .vertical, zoomScale: scale))
        animateZoom(
            to: scale, offset: offset, anchor: contentPoint(at: gesture.focus, rawOffset: gesture.rawOffset),
            focus: gesture.focus, purpose: .bounce, at: now)
    }
}
