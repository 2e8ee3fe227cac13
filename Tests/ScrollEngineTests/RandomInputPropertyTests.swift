import ScrollEngine
import ScrollPhysics
import TestSupport
import XCTest

/// Thousands of random sequences of every input (touch, touchpad axis, wheel, trackpoint,
/// pinch, hold, keys, pointer): the state stays finite and within the rubber band, zoom
/// included, and always comes to rest within a bound that follows from the configuration.
final class RandomInputPropertyTests: XCTestCase {
    /// A small seeded generator (SplitMix64), so failures reproduce.
    private struct SplitMix64: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private static let largestViewport = 1200.0

    /// Every phase the checks saw, to show the sequences reach every kind of motion.
    private var phasesSeen = Set<ScrollPhase>()

    private static let largestContent = 30000.0
    private static let largestZoom = 4.0

    /// The longest a scroll view may take to rest after its last input, in ms: the slowest fling
    /// (the maximum velocity) coasting to its end, then the slowest spring (a full viewport away,
    /// at the maximum spring velocity) settling, the slowest zoom animation (across the largest
    /// zoomed content) and a key step, then the indicator delay and fade, plus a frame.
    private static func restBound(_ configuration: ScrollViewConfiguration) -> Double {
        let fling = ExponentialDeceleration(
            position: 0, velocity: configuration.maximumFlingVelocityPixelsPerSecond,
            rate: configuration.decelerationRate)
        let spring = CriticallyDampedSpring(
            from: largestViewport, velocity: configuration.maximumSpringVelocityPixelsPerSecond, to: 0,
            angularFrequency: configuration.springAngularFrequencyRadiansPerSecond)
        var springSettle = 0.0
        while !spring.isDone(at: springSettle) { springSettle += 1 }
        // A zoom animation's progress must end within half a pixel of the largest travel.
        let travel = largestContent * largestZoom
        let zoom = CriticallyDampedSpring(
            from: 0, velocity: 0, to: 1, angularFrequency: configuration.zoomSpringAngularFrequencyRadiansPerSecond,
            tolerance: Tolerance(distancePixels: 0.5 / travel, velocityPixelsPerSecond: 10 / travel))
        var zoomSettle = 0.0
        while !zoom.isDone(at: zoomSettle) { zoomSettle += 1 }
        return fling.doneMilliseconds + springSettle + zoomSettle + configuration.keyStepDurationMilliseconds
            + configuration.indicatorFadeDelayMilliseconds + configuration.indicatorFadeDurationMilliseconds
            + 1000.0 / 60
    }

    func testRandomInputSequences() {
        var random = SplitMix64(state: 0x61_6c_69_64_65)
        let bound = Self.restBound(ScrollViewConfiguration())
        XCTAssertEqual(bound, 7300, accuracy: 700, "about 7 s with the defaults")
        var longestRest = 0.0
        for sequence in 0..<2000 {
            var view = ScrollView(
                viewportSize: randomSize(&random, 100...Self.largestViewport),
                contentSize: randomSize(&random, 50...Self.largestContent),
                contentInsets: ContentInsets(top: Double.random(in: 0...50, using: &random)))
            view.isPagingEnabled = Bool.random(using: &random)
            view.isDirectionalLockEnabled = Bool.random(using: &random)
            view.alwaysBounceVertical = Bool.random(using: &random)
            if Bool.random(using: &random) {
                view.minimumZoomScale = Double.random(in: 0.5...1, using: &random)
                view.maximumZoomScale = Double.random(in: 1...Self.largestZoom, using: &random)
            }
            view.bouncesZoom = Int.random(in: 0..<4, using: &random) > 0
            var gestures = OpenGestures()
            var time = Double.random(in: 0...1000, using: &random)
            var fingersDown = Set<Int>()
            for _ in 0..<Int.random(in: 1...60, using: &random) {
                // Mostly touch-rate steps; sometimes long pauses or clocks that step back.
                time += Double.random(in: Bool.random(using: &random) ? 0...20 : -5...300, using: &random)
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    if Int.random(in: 0..<3, using: &random) == 0 {
                        actWithPointerOrKeys(on: &view, gestures: &gestures, time: time, random: &random)
                    } else {
                        act(on: &view, fingersDown: &fingersDown, time: time, random: &random)
                    }
                }
                view.touchFrame()
                check(view, "sequence \(sequence)")
                view.advance(to: time + Double.random(in: 0...20, using: &random))
                check(view, "sequence \(sequence)")
            }
            for id in fingersDown { view.touchUp(id: id, timeMilliseconds: time) }
            view.touchFrame()
            gestures.end(&view, time: time)
            let lastInput = max(time, view.timeMilliseconds)
            var frameTime = lastInput
            while !view.frame.isAtRest && frameTime < lastInput + 60000 {
                frameTime += 1000.0 / 60
                view.advance(to: frameTime)
                check(view, "sequence \(sequence)")
            }
            longestRest = max(longestRest, frameTime - lastInput)
            XCTAssertLessThanOrEqual(frameTime - lastInput, bound, "sequence \(sequence) took too long to rest")
        }
        XCTAssertGreaterThan(longestRest, 0.5 * bound, "the sequences include hard flings")
        XCTAssertEqual(phasesSeen, Set(ScrollPhase.allCases), "every kind of motion was exercised")
    }

    private func act(
        on view: inout ScrollView, fingersDown: inout Set<Int>, time: Double,
        random: inout SplitMix64
    ) {
        let id = Int.random(in: 0..<4, using: &random)
        let point = LogicalPoint(
            x: Double.random(in: -200...1400, using: &random), y: Double.random(in: -200...1400, using: &random))
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<15:
            view.touchDown(id: id, at: point, timeMilliseconds: time)
            fingersDown.insert(id)
        case 15..<80:
            guard let finger = fingersDown.randomElement(using: &random) else { return }
            // Mostly short moves, sometimes whole-screen jumps for hard flings.
            let current = Bool.random(using: &random) ? point : LogicalPoint(
                x: point.x.truncatingRemainder(dividingBy: 40), y: point.y.truncatingRemainder(dividingBy: 40))
            view.touchMotion(id: finger, to: current, timeMilliseconds: time)
        case 80..<94:
            view.touchUp(id: id, timeMilliseconds: time)
            fingersDown.remove(id)
        case 94..<97:
            view.touchCancel(timeMilliseconds: time)
            fingersDown.removeAll()
        default:
            view.resize(to: randomSize(&random, 100...Self.largestViewport), timeMilliseconds: time)
        }
    }

    /// The touchpad and pointer gestures a sequence left open, to end them at its end.
    private struct OpenGestures {
        var isPinching = false
        var isHolding = false
        var isPressing = false

        /// Lifts every touchpad finger and the button, and moves the pointer away.
        func end(_ view: inout ScrollView, time: Double) {
            view.pointerAxisStop(horizontal: true, vertical: true, timeMilliseconds: time)
            if isPinching { view.pinchEnd(isCancelled: false, timeMilliseconds: time) }
            if isHolding { view.holdEnd(isCancelled: false, timeMilliseconds: time) }
            if isPressing { view.pointerButton(PointerButton.left, isPressed: false, timeMilliseconds: time) }
            view.pointerLeave(timeMilliseconds: time)
        }
    }

    private static let keys = ["Up", "Down", "Left", "Right", "Next", "Prior", "space", "Home", "End", "plus", "minus", "0", "q"]

    private func actWithPointerOrKeys(
        on view: inout ScrollView, gestures: inout OpenGestures, time: Double, random: inout SplitMix64
    ) {
        let point = LogicalPoint(
            x: Double.random(in: -50...1250, using: &random), y: Double.random(in: -50...1250, using: &random))
        let delta = LogicalPoint(
            x: Bool.random(using: &random) ? 0 : Double.random(in: -300...300, using: &random),
            y: Double.random(in: -300...300, using: &random))
        let modifiers: InputModifiers = [[], [], .shift, .control][Int.random(in: 0..<4, using: &random)]
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<25:
            view.pointerAxis(source: .finger, delta: delta, timeMilliseconds: time)
        case 25..<32:
            view.pointerAxisStop(
                horizontal: Bool.random(using: &random), vertical: Bool.random(using: &random), timeMilliseconds: time)
        case 32..<42:
            let value120 = AxisPair(
                horizontal: [0, 0, 60, -120][Int.random(in: 0..<4, using: &random)],
                vertical: [120, -120, 60, -240, 15][Int.random(in: 0..<5, using: &random)])
            view.pointerAxis(source: .wheel, delta: delta, value120: value120, modifiers: modifiers, timeMilliseconds: time)
        case 42..<46:
            view.pointerAxis(source: .continuous, delta: delta, timeMilliseconds: time)
        case 46..<52:
            view.pinchBegin(at: point, timeMilliseconds: time)
            gestures.isPinching = true
        case 52..<62:
            view.pinchUpdate(scale: Double.random(in: 0.05...20, using: &random), timeMilliseconds: time)
        case 62..<66:
            view.pinchEnd(isCancelled: Bool.random(using: &random), timeMilliseconds: time)
            gestures.isPinching = false
        case 66..<70:
            view.holdBegin(timeMilliseconds: time)
            gestures.isHolding = true
        case 70..<74:
            view.holdEnd(isCancelled: Bool.random(using: &random), timeMilliseconds: time)
            gestures.isHolding = false
        case 74..<86:
            let key = Self.keys[Int.random(in: 0..<Self.keys.count, using: &random)]
            view.key(key, modifiers: modifiers, timeMilliseconds: time)
        case 86..<94:
            // Often along the right or bottom edge, where the scrollbars are.
            let edge = LogicalPoint(x: view.viewportSize.width - Double.random(in: 0...20, using: &random), y: point.y)
            view.pointerMotion(to: Bool.random(using: &random) ? edge : point, timeMilliseconds: time)
        default:
            let isPressed = Bool.random(using: &random)
            view.pointerButton(PointerButton.left, isPressed: isPressed, timeMilliseconds: time)
            gestures.isPressing = isPressed
        }
    }

    private func randomSize(_ random: inout SplitMix64, _ range: ClosedRange<Double>) -> LogicalSize {
        LogicalSize(width: Double.random(in: range, using: &random), height: Double.random(in: range, using: &random))
    }

    private func check(_ view: ScrollView, _ context: @autoclosure () -> String) {
        let frame = view.frame
        phasesSeen.insert(frame.phase)
        for axis in Axis.allCases {
            let offset = frame.contentOffset[axis]
            let bounds = view.offsetBounds(axis)
            let limit = view.viewportSize[axis]
            guard offset.isFinite else { return XCTFail("non-finite offset, \(context())") }
            if offset < bounds.lowerBound - limit - 1e-6 || offset > bounds.upperBound + limit + 1e-6 {
                return XCTFail("offset \(offset) beyond the rubber band around \(bounds), \(context())")
            }
        }
        for indicator in [frame.horizontalIndicator, frame.verticalIndicator] {
            guard indicator.position.isFinite, indicator.length.isFinite, (0...1).contains(indicator.opacity) else {
                return XCTFail("bad indicator \(indicator), \(context())")
            }
        }
        // The zoom rubber band's reach is ln 2 either side of the limits: ×2 or ×½.
        let lowest = min(1, view.minimumZoomScale) / 2
        let highest = max(1, view.maximumZoomScale) * 2
        XCTAssertTrue(frame.zoomScale.isFinite && frame.zoomScale >= lowest - 1e-9 && frame.zoomScale <= highest + 1e-9,
                      "zoom \(frame.zoomScale), \(context())")
        XCTAssertTrue(frame.pageControl.numberOfPages >= 1 && (0..<frame.pageControl.numberOfPages).contains(frame.pageControl.currentPage), context())
    }
}
