import ScrollEngine
import ScrollPhysics
import XCTest

/// Thousands of random touch sequences: the state stays finite and within the rubber band,
/// and always comes to rest within a bound that follows from the configuration.
final class RandomTouchPropertyTests: XCTestCase {
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

    /// The longest a scroll view may take to rest after its last input, in ms: the slowest fling
    /// (the maximum velocity) coasting to its end, then the slowest spring (a full viewport away,
    /// at the maximum spring velocity) settling, then the indicator delay and fade, plus a frame.
    private static func restBound(_ configuration: ScrollViewConfiguration) -> Double {
        let fling = ExponentialDeceleration(
            position: 0, velocity: configuration.maximumFlingVelocityPixelsPerSecond,
            rate: configuration.decelerationRate)
        let spring = CriticallyDampedSpring(
            from: largestViewport, velocity: configuration.maximumSpringVelocityPixelsPerSecond, to: 0,
            angularFrequency: configuration.springAngularFrequencyRadiansPerSecond)
        var springSettle = 0.0
        while !spring.isDone(at: springSettle) { springSettle += 1 }
        return fling.doneMilliseconds + springSettle + configuration.indicatorFadeDelayMilliseconds
            + configuration.indicatorFadeDurationMilliseconds + 1000.0 / 60
    }

    func testRandomTouchSequences() {
        var random = SplitMix64(state: 0x61_6c_69_64_65)
        let bound = Self.restBound(ScrollViewConfiguration())
        XCTAssertEqual(bound, 6600, accuracy: 600, "about 6 s with the defaults")
        var longestRest = 0.0
        for sequence in 0..<2000 {
            var view = ScrollView(
                viewportSize: randomSize(&random, 100...Self.largestViewport),
                contentSize: randomSize(&random, 50...30000),
                contentInsets: ContentInsets(top: Double.random(in: 0...50, using: &random)))
            view.isPagingEnabled = Bool.random(using: &random)
            view.isDirectionalLockEnabled = Bool.random(using: &random)
            view.alwaysBounceVertical = Bool.random(using: &random)
            var time = Double.random(in: 0...1000, using: &random)
            var fingersDown = Set<Int>()
            for _ in 0..<Int.random(in: 1...60, using: &random) {
                // Mostly touch-rate steps; sometimes long pauses or clocks that step back.
                time += Double.random(in: Bool.random(using: &random) ? 0...20 : -5...300, using: &random)
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    act(on: &view, fingersDown: &fingersDown, time: time, random: &random)
                }
                view.touchFrame()
                check(view, "sequence \(sequence)")
                view.advance(to: time + Double.random(in: 0...20, using: &random))
                check(view, "sequence \(sequence)")
            }
            for id in fingersDown { view.touchUp(id: id, timeMilliseconds: time) }
            view.touchFrame()
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

    private func randomSize(_ random: inout SplitMix64, _ range: ClosedRange<Double>) -> LogicalSize {
        LogicalSize(width: Double.random(in: range, using: &random), height: Double.random(in: range, using: &random))
    }

    private func check(_ view: ScrollView, _ context: @autoclosure () -> String) {
        let frame = view.frame
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
        XCTAssertTrue(frame.zoomScale.isFinite)
        XCTAssertTrue(frame.pageControl.numberOfPages >= 1 && (0..<frame.pageControl.numberOfPages).contains(frame.pageControl.currentPage), context())
    }
}
