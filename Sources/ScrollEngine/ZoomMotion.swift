import ScrollPhysics

/// An animated zoom: the scale and the offset change together so that one content point stays
/// under one viewport point (the focus), unless the bounds at the target scale forbid it.
///
/// The log of the scale moves along a critically damped spring from rest, so the zoom looks
/// even whether it doubles or halves (the spring works on ln s, as iOS's zoom bounce looks).
/// The offset is the anchor's position at the current scale, plus a correction that moves in
/// step with the same spring from what the rubber band shows at the start to what the bounds
/// need at the end (both zero for a free zoom). Every part shares the spring's progress p(t)
/// from 0 to 1, so they start and finish together.
struct ZoomMotion: Sendable {
    /// The unscaled content point held under `focus`, in px.
    let anchor: LogicalPoint
    /// The viewport point the anchor stays under, in px.
    let focus: LogicalPoint
    let startLogScale: Double
    let targetLogScale: Double
    /// The scale at the end, exactly.
    let targetScale: Double
    /// The offset at the end, exactly, in px.
    let targetOffset: LogicalPoint
    /// How far the start and end offsets are from keeping the anchor under the focus, in px.
    let startCorrection: LogicalPoint
    let targetCorrection: LogicalPoint
    /// The progress p from 0 to 1.
    let progress: CriticallyDampedSpring
    let startMilliseconds: Double
    /// Why it runs: a bounce back inside the zoom limits, or a zoom the user asked for.
    let purpose: SpringPurpose

    /// A zoom from `scale` and `offset` (px) to `targetScale` and `targetOffset`, holding the
    /// unscaled content point `anchor` under `focus` (px). `viewportSize` sets how precisely it
    /// must end: within half a pixel anywhere in the viewport.
    init(
        from scale: Double, offset: LogicalPoint, to targetScale: Double, offset targetOffset: LogicalPoint,
        anchor: LogicalPoint, focus: LogicalPoint, viewportSize: LogicalSize, angularFrequency: Double,
        purpose: SpringPurpose, at now: Double
    ) {
        self.anchor = anchor
        self.focus = focus
        startLogScale = ElementaryFunctions.log(scale)
        targetLogScale = ElementaryFunctions.log(targetScale)
        self.targetScale = targetScale
        self.targetOffset = targetOffset
        startCorrection = LogicalPoint(
            x: offset.x - (anchor.x * scale - focus.x), y: offset.y - (anchor.y * scale - focus.y))
        targetCorrection = LogicalPoint(
            x: targetOffset.x - (anchor.x * targetScale - focus.x),
            y: targetOffset.y - (anchor.y * targetScale - focus.y))
        // The most any viewport point travels: the offset change plus the growth across it.
        let travel = max(abs(targetOffset.x - offset.x), abs(targetOffset.y - offset.y))
            + abs(targetScale / scale - 1) * max(viewportSize.width, viewportSize.height)
        let span = max(travel, 1)
        let pixels = Tolerance.standard
        progress = CriticallyDampedSpring(
            from: 0, velocity: 0, to: 1, angularFrequency: angularFrequency,
            tolerance: Tolerance(
                distancePixels: pixels.distancePixels / span,
                velocityPixelsPerSecond: pixels.velocityPixelsPerSecond / span))
        startMilliseconds = now
        self.purpose = purpose
    }

    /// The zoom scale at `timeMilliseconds`.
    func scale(at timeMilliseconds: Double) -> Double {
        if isDone(at: timeMilliseconds) { return targetScale }
        let p = progress.position(at: timeMilliseconds - startMilliseconds)
        return ElementaryFunctions.exp(startLogScale + (targetLogScale - startLogScale) * p)
    }

    /// The content offset at `timeMilliseconds`, in px.
    func offset(at timeMilliseconds: Double) -> LogicalPoint {
        if isDone(at: timeMilliseconds) { return targetOffset }
        let p = progress.position(at: timeMilliseconds - startMilliseconds)
        let scale = self.scale(at: timeMilliseconds)
        return LogicalPoint(
            x: anchor.x * scale - focus.x + startCorrection.x + (targetCorrection.x - startCorrection.x) * p,
            y: anchor.y * scale - focus.y + startCorrection.y + (targetCorrection.y - startCorrection.y) * p)
    }

    /// Whether the zoom has arrived, within half a pixel, by `timeMilliseconds`.
    func isDone(at timeMilliseconds: Double) -> Bool {
        progress.isDone(at: timeMilliseconds - startMilliseconds)
    }

    /// What the scroll view reports while this runs.
    var phase: ScrollPhase {
        purpose == .bounce ? .bouncing : .animating
    }
}
