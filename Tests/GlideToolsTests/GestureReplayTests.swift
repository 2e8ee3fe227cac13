@testable import GlideTools
@testable import ScrollEngine
import TestSupport
import XCTest

/// The gestures of the input issue replayed as scripts, through the same path as
/// `glide-replay`.
final class GestureReplayTests: XCTestCase {
    private func run(_ events: [(Double, ReplayEvent)], options: ReplayOptions = ReplayOptions()) -> [ReplayFrame] {
        var frames: [ReplayFrame] = []
        let inputs = events.map { ReplayInput(timeMilliseconds: $0.0, event: $0.1) }
        ReplayRunner.run(inputs, options: options) { frames.append($0) }
        return frames
    }

    private func zoomOptions(_ range: ClosedRange<Double> = 1...4) -> ReplayOptions {
        var options = ReplayOptions()
        options.zoomScaleRange = range
        return options
    }

    func testFingerAxisThenStopKeepsMovingAndDecelerates() {
        var events: [(Double, ReplayEvent)] = []
        for index in 0..<10 {
            events.append((Double(index) * 10, .axis(source: .finger, delta: LogicalPoint(0, 25), value120: AxisPair(horizontal: 0, vertical: 0), modifiers: [])))
        }
        events.append((95, .axisStop(horizontal: false, vertical: true)))
        let frames = run(events).map { $0.views[0] }
        let afterStop = frames.filter { $0.timeMilliseconds > 95 && $0.phase == .decelerating }
        XCTAssertGreaterThan(afterStop.count, 60)
        var previousStep = Double.infinity
        for (earlier, later) in zip(afterStop, afterStop.dropFirst()) {
            let step = later.contentOffset.y - earlier.contentOffset.y
            XCTAssertGreaterThan(step, 0)
            XCTAssertLessThan(step, previousStep, "slower every frame")
            previousStep = step
        }
        // v = 9·25 px / 90 ms = 2500 px/s; the rest is 250 + 0.499·2500 px on.
        XCTAssertEqual(frames.last!.contentOffset.y, 250 + 0.499 * 2500, accuracy: 1)
    }

    func testHoldStopsTheFlingWithinOneFrame() {
        var events: [(Double, ReplayEvent)] = []
        for index in 0..<10 {
            events.append((Double(index) * 10, .axis(source: .finger, delta: LogicalPoint(0, 25), value120: AxisPair(horizontal: 0, vertical: 0), modifiers: [])))
        }
        events.append((95, .axisStop(horizontal: true, vertical: true)))
        events.append((400, .holdBegin))
        events.append((900, .holdEnd(cancelled: true)))
        let frames = run(events).map { $0.views[0] }
        let held = frames.filter { $0.timeMilliseconds >= 400 }
        XCTAssertEqual(held.first?.phase, .tracking)
        XCTAssertTrue(held.allSatisfy { $0.contentOffset.y == held.first?.contentOffset.y })
        XCTAssertEqual(frames.last?.phase, .idle)
    }

    func testWheelNotchesEndExactlyWhereTheStepsAddUp() {
        let notch = AxisPair(horizontal: 0, vertical: 120)
        let frames = run([
            (0, .axis(source: .wheel, delta: LogicalPoint(0, 10), value120: notch, modifiers: [])),
            (40, .axis(source: .wheel, delta: LogicalPoint(0, 10), value120: notch, modifiers: [])),
            (80, .axis(source: .wheel, delta: LogicalPoint(0, 10), value120: notch, modifiers: [])),
        ]).map { $0.views[0] }
        let step = ScrollView.document().wheelStepLength(.vertical)
        let settled = frames.filter { $0.timeMilliseconds >= 200 }
        XCTAssertTrue(settled.allSatisfy { $0.contentOffset.y == 3 * step && $0.phase == .idle })
    }

    func testTouchCancelLeavesNoFlingAndReturnsInsideTheBounds() {
        var events: [(Double, ReplayEvent)] = [(0, .touchDown(id: 1, point: LogicalPoint(400, 100)))]
        for index in 1...8 {
            events.append((Double(index) * 8, .touchMotion(id: 1, point: LogicalPoint(400, 100 + Double(index) * 40))))
        }
        events.append((70, .touchCancel))
        let frames = run(events).map { $0.views[0] }
        let afterCancel = frames.filter { $0.timeMilliseconds >= 70 }
        XCTAssertLessThan(afterCancel.first!.contentOffset.y, 0, "pulled past the top")
        XCTAssertTrue(afterCancel.allSatisfy { $0.phase == .bouncing || $0.phase == .idle })
        XCTAssertEqual(frames.last?.contentOffset.y, 0)
    }

    func testPinchFocalPointStaysWithinHalfAPixel() {
        var events: [(Double, ReplayEvent)] = [
            (0, .touchDown(id: 1, point: LogicalPoint(350, 250))), (0, .touchDown(id: 2, point: LogicalPoint(450, 350))),
            (0, .touchFrame),
        ]
        for index in 1...12 {
            let t = Double(index) * 8
            let spread = 50 + Double(index) * 12
            events += [
                (t, .touchMotion(id: 1, point: LogicalPoint(400 - spread, 300 - spread))),
                (t, .touchMotion(id: 2, point: LogicalPoint(400 + spread, 300 + spread))), (t, .touchFrame),
            ]
        }
        events += [(110, .touchUp(id: 1)), (110, .touchUp(id: 2)), (110, .touchFrame)]
        let frames = run(events, options: zoomOptions()).map { $0.views[0] }
        for frame in frames {
            XCTAssertEqual((400 + frame.contentOffset.x) / frame.zoomScale, 400, accuracy: 0.5 / frame.zoomScale)
            XCTAssertEqual((300 + frame.contentOffset.y) / frame.zoomScale, 300, accuracy: 0.5 / frame.zoomScale)
        }
        XCTAssertEqual(frames.last?.zoomScale ?? 0, 194.0 / 50, accuracy: 1e-9)
    }

    func testTapsAreTraced() {
        let frames = run([
            (0, .touchDown(id: 1, point: LogicalPoint(100, 200))), (40, .touchUp(id: 1)),
            (150, .touchDown(id: 1, point: LogicalPoint(102, 201))), (190, .touchUp(id: 1)),
        ], options: zoomOptions())
        let tapped = frames.filter { !$0.taps.isEmpty }
        XCTAssertEqual(tapped.map { $0.taps.map(\.tap.count) }, [[1], [2]])
        XCTAssertTrue(tapped[1].traceLine.hasSuffix(#","taps":[{"x":102,"y":201,"count":2}]}"#))
        XCTAssertEqual(frames.last?.views[0].zoomScale, 2)
    }

    func testSplitReplaysADiagonalSwipeInOneView() {
        var options = ReplayOptions()
        options.isSplit = true
        var events: [(Double, ReplayEvent)] = [(0, .touchDown(id: 1, point: LogicalPoint(600, 450)))]
        for index in 1...6 {
            events.append((Double(index) * 8, .touchMotion(id: 1, point: LogicalPoint(600 - Double(index) * 40, 450 - Double(index) * 40))))
        }
        events.append((50, .touchUp(id: 1)))
        let frames = run(events, options: options)
        XCTAssertTrue(frames.allSatisfy { $0.views.count == 2 && $0.views[0].contentOffset == .zero })
        XCTAssertEqual(frames.last?.views[1].contentOffset.x, 800)
        XCTAssertEqual(frames.last?.views[1].pageControl.numberOfPages, 10)
        XCTAssertEqual(frames.last?.views[1].pageControl.currentPage, 1)
        XCTAssertTrue(frames.last!.traceLine.hasPrefix(#"{"t":"#))
        XCTAssertTrue(frames.last!.traceLine.contains(#","views":[{"t":"#))
    }

    func testResizeInSplitKeepsTenPages() {
        var options = ReplayOptions()
        options.isSplit = true
        let frames = run([(0, .resize(LogicalSize(width: 400, height: 900)))], options: options)
        XCTAssertEqual(frames.last?.views[1].pageControl.numberOfPages, 10)
        // The top view is glide's outline band: 35 % of 900 px.
        XCTAssertEqual(frames.last?.views[0].pageControl.numberOfPages, Int((20000 - 315) / 315.0 - 0.001) + 2)
    }
}
