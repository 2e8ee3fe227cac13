import ScrollEngine

/// Drives a scroll view as a compositor would: each touch event is its own touch frame.
extension ScrollView {
    /// The default test geometry: an 800×600 viewport on 800×20000 content.
    public static func document(
        viewport: LogicalSize = LogicalSize(width: 800, height: 600),
        content: LogicalSize = LogicalSize(width: 800, height: 20000)
    ) -> ScrollView {
        ScrollView(viewportSize: viewport, contentSize: content)
    }

    public mutating func press(_ point: LogicalPoint, at time: Double, id: Int = 1) {
        touchDown(id: id, at: point, timeMilliseconds: time)
        touchFrame()
    }

    public mutating func moveFinger(to point: LogicalPoint, at time: Double, id: Int = 1) {
        touchMotion(id: id, to: point, timeMilliseconds: time)
        touchFrame()
    }

    public mutating func lift(at time: Double, id: Int = 1) {
        touchUp(id: id, timeMilliseconds: time)
        touchFrame()
    }

    /// Moves finger `id` in a straight line from `start` to `end` over `duration` ms, a motion
    /// event every `step` ms, beginning at `time` (already pressed). Returns the last time.
    @discardableResult
    public mutating func slide(
        from start: LogicalPoint, to end: LogicalPoint, at time: Double, duration: Double,
        step: Double = 8, id: Int = 1
    ) -> Double {
        let steps = Int(duration / step)
        for index in 1...steps {
            let fraction = Double(index) / Double(steps)
            let point = LogicalPoint(
                x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
            moveFinger(to: point, at: time + Double(index) * step, id: id)
        }
        return time + Double(steps) * step
    }

    /// A complete flick: press at `start`, move at constant `fingerVelocity` px/s for
    /// `duration` ms, lift at once. Returns the lift time.
    @discardableResult
    public mutating func flick(
        from start: LogicalPoint, fingerVelocity: LogicalPoint, at time: Double,
        duration: Double = 80
    ) -> Double {
        press(start, at: time)
        let end = LogicalPoint(
            x: start.x + fingerVelocity.x * duration / 1000,
            y: start.y + fingerVelocity.y * duration / 1000)
        let liftTime = slide(from: start, to: end, at: time, duration: duration)
        lift(at: liftTime)
        return liftTime
    }

    /// Steps frames at 60 Hz from `time` until at rest (at most `limit` ms), recording each.
    @discardableResult
    public mutating func runFrames(from time: Double, limit: Double = 20000) -> [ScrollFrame] {
        var frames: [ScrollFrame] = []
        var frameTime = time
        repeat {
            advance(to: frameTime)
            frames.append(frame)
            frameTime += 1000.0 / 60
        } while !frame.isAtRest && frameTime <= time + limit
        return frames
    }
}

extension LogicalPoint {
    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }
}

/// Two-finger gestures, each step one touch frame.
extension ScrollView {
    /// Fingers 1 and 2 land at `first` and `second` in one frame.
    public mutating func pressTwo(_ first: LogicalPoint, _ second: LogicalPoint, at time: Double) {
        touchDown(id: 1, at: first, timeMilliseconds: time)
        touchDown(id: 2, at: second, timeMilliseconds: time)
        touchFrame()
    }

    /// Fingers 1 and 2 move to `first` and `second` in one frame.
    public mutating func moveTwo(_ first: LogicalPoint, _ second: LogicalPoint, at time: Double) {
        touchMotion(id: 1, to: first, timeMilliseconds: time)
        touchMotion(id: 2, to: second, timeMilliseconds: time)
        touchFrame()
    }

    /// Fingers 1 and 2 lift in one frame; returns the frame's tap, if any.
    @discardableResult
    public mutating func liftTwo(at time: Double) -> Tap? {
        touchUp(id: 1, timeMilliseconds: time)
        touchUp(id: 2, timeMilliseconds: time)
        return touchFrame()
    }

    /// A quick tap at `point`: down at `time`, up 50 ms later. Returns the tap reported.
    @discardableResult
    public mutating func tap(_ point: LogicalPoint, at time: Double) -> Tap? {
        touchDown(id: 1, at: point, timeMilliseconds: time)
        touchFrame()
        touchUp(id: 1, timeMilliseconds: time + 50)
        return touchFrame()
    }

    /// The unscaled content point shown at viewport point `point`.
    public func contentPoint(under point: LogicalPoint) -> LogicalPoint {
        LogicalPoint(x: (point.x + contentOffset.x) / zoomScale, y: (point.y + contentOffset.y) / zoomScale)
    }

    /// A document view that zooms between `range`'s limits.
    public static func zoomable(_ range: ClosedRange<Double> = 1...4) -> ScrollView {
        var view = ScrollView.document()
        view.minimumZoomScale = range.lowerBound
        view.maximumZoomScale = range.upperBound
        return view
    }
}
