/// Touch input: events are collected per touch frame (as `wl_touch` groups them) and acted on
/// when the frame ends.
extension ScrollView {
    /// A finger `id` touched down at `point` (px) at `timeMilliseconds`.
    public mutating func touchDown(id: Int, at point: LogicalPoint, timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        touches.press(id: id, at: point)
    }

    /// Finger `id` moved to `point` (px) at `timeMilliseconds`.
    public mutating func touchMotion(id: Int, to point: LogicalPoint, timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        touches.move(id: id, to: point)
    }

    /// Finger `id` lifted at `timeMilliseconds`.
    public mutating func touchUp(id: Int, timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        touches.lift(id: id)
    }

    /// The compositor took the touch sequence away: every finger ends, with no tap and no
    /// fling. `wl_touch.cancel` has no time; pass the latest input or frame time.
    public mutating func touchCancel(timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        isTouchCancelPending = true
    }

    /// Ends a group of touch events (`wl_touch.frame`): the scroll view acts on them now.
    ///
    /// Some compositors send no frame after the last `up`; the app should end the group then.
    public mutating func touchFrame() {
        let now = timeMilliseconds
        if isTouchCancelPending {
            isTouchCancelPending = false
            touches.removeAll()
            if gesture.stage != .none {
                gesture = TouchGesture()
                settle(at: now)
            }
            return
        }
        if gesture.stage == .none {
            guard !touches.isEmpty else { return }
            beginGesture(at: now)
        }
        moveGesture(by: touches.meanMotion, at: now)
        if touches.isAllLifting {
            touches.removeAll()
            endGesture(at: now)
        } else {
            touches.commitFrame()
        }
    }

    /// Whether a drag moves the content along `axis`.
    func isDragMoving(_ axis: Axis) -> Bool {
        isScrollable(axis) && (gesture.lockedAxis == nil || gesture.lockedAxis == axis)
    }

    /// The first finger is down: catch whatever moves, where it is.
    private mutating func beginGesture(at now: Double) {
        let caughtVelocity = LogicalPoint(
            x: motion.horizontal.carriableVelocity(at: now),
            y: motion.vertical.carriableVelocity(at: now))
        let caughtMotion = motion.horizontal.isActive || motion.vertical.isActive
        motion = AxisPair(horizontal: .none, vertical: .none)
        let raw = LogicalPoint(
            x: rawOffset(showing: contentOffset.x, along: .horizontal),
            y: rawOffset(showing: contentOffset.y, along: .vertical))
        gesture = TouchGesture(
            stage: .tracking, startMilliseconds: now, startRawOffset: raw, rawOffset: raw,
            caughtMotion: caughtMotion, caughtVelocity: caughtVelocity)
        velocityTracker.reset()
        velocityTracker.addSample(gesture.fingerRawOffset, timeMilliseconds: now)
    }

    /// The fingers moved by `fingerMotion` px: past the slop, the content follows 1:1, with
    /// the rubber band beyond an edge.
    private mutating func moveGesture(by fingerMotion: LogicalPoint, at now: Double) {
        guard fingerMotion != .zero else { return }
        gesture.fingerTranslation.x += fingerMotion.x
        gesture.fingerTranslation.y += fingerMotion.y
        velocityTracker.addSample(gesture.fingerRawOffset, timeMilliseconds: now)
        var contentMotion = fingerMotion
        if gesture.stage == .tracking {
            let translation = gesture.fingerTranslation
            let distance = (translation.x * translation.x + translation.y * translation.y)
                .squareRoot()
            guard distance >= configuration.touchSlopPixels else { return }
            gesture.stage = .dragging
            gesture.lockedAxis = directionalLock(for: translation)
            // Only the motion past the slop moves the content, so it starts without a jump.
            let pastSlop = 1 - configuration.touchSlopPixels / distance
            contentMotion = LogicalPoint(x: translation.x * pastSlop, y: translation.y * pastSlop)
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

    /// The last finger lifted: fling from a drag; a touch that never moved leaves the content
    /// where it is (a caught fling stays caught, and is not a tap).
    private mutating func endGesture(at now: Double) {
        let wasDragging = gesture.stage == .dragging
        defer { gesture = TouchGesture() }
        guard wasDragging else {
            settle(at: now)
            return
        }
        fling(withFingerVelocity: releaseVelocity(at: now), at: now)
    }
}
