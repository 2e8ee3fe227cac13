@testable import ScrollEngine
import ScrollPhysics
import TestSupport
import XCTest

/// Touchpad input: finger-source axis scrolling with its fling after `axis_stop`, hold, and
/// pinch about the pointer.
final class TouchpadTests: XCTestCase {
    /// Finger axis events of `delta` px along y every `interval` ms, `count` of them from `time`.
    /// Returns the last event's time.
    @discardableResult
    private func scroll(
        _ view: inout ScrollView, dy: Double, dx: Double = 0, count: Int, interval: Double = 10, from time: Double
    ) -> Double {
        var last = time
        for index in 0..<count {
            last = time + Double(index) * interval
            view.pointerAxis(source: .finger, delta: LogicalPoint(dx, dy), timeMilliseconds: last)
        }
        return last
    }

    func testFingersScrollOneToOneWithoutAFlingUntilTheStop() {
        var view = ScrollView.document()
        let last = scroll(&view, dy: 20, count: 6, from: 0)
        XCTAssertEqual(view.contentOffset.y, 120, "1:1, the speed factor is 1")
        XCTAssertEqual(view.phase, .dragging)
        // No stop: nothing moves on, however long we wait.
        let frames = view.runFrames(from: last, limit: 3000)
        XCTAssertTrue(frames.allSatisfy { $0.contentOffset.y == 120 })
        XCTAssertFalse(frames.last!.needsFrames)
    }

    func testAxisStopFlingsFromTheLast150Milliseconds() {
        var view = ScrollView.document()
        // Slow at first (outside the window), then 20 px every 10 ms.
        scroll(&view, dy: 2, count: 5, interval: 40, from: 0)
        let last = scroll(&view, dy: 20, count: 12, from: 200)
        let stop = last + 5
        let offsetAtStop = view.contentOffset.y
        view.pointerAxisStop(horizontal: false, vertical: true, timeMilliseconds: stop)
        XCTAssertEqual(view.phase, .decelerating)
        // The window holds t ≥ stop − 150 = 165 ms: the twelve 20 px samples at 200…310 ms (the
        // 2 px one at 160 is out). v = (all deltas but the oldest)/span = 11·20 px/110 ms.
        let velocity = 11 * 20 / 0.110
        XCTAssertEqual(view.motion.vertical.velocity(at: stop), velocity, accuracy: 1e-6)
        let rest = view.runFrames(from: stop).last!
        XCTAssertEqual(rest.contentOffset.y, offsetAtStop + DecelerationRate.normal.projectedDistance(forVelocity: velocity), accuracy: 0.5)
        XCTAssertGreaterThan(rest.contentOffset.y, offsetAtStop, "it keeps moving after the stop")
    }

    func testFingersThatRestedBeforeLiftingDoNotFling() {
        var view = ScrollView.document()
        let last = scroll(&view, dy: 20, count: 10, from: 0)
        view.pointerAxisStop(horizontal: true, vertical: true, timeMilliseconds: last + 200)
        XCTAssertEqual(view.phase, .idle)
        XCTAssertEqual(view.contentOffset.y, 200)
    }

    func testEachAxisStopsOnItsOwn() {
        var view = ScrollView.zoomable()
        view.setZoomScale(2, about: .zero, animated: false, timeMilliseconds: 0)
        let last = scroll(&view, dy: 10, dx: 10, count: 8, from: 0)
        view.pointerAxisStop(horizontal: true, vertical: false, timeMilliseconds: last + 1)
        XCTAssertTrue(view.motion.horizontal.isActive)
        XCTAssertFalse(view.motion.vertical.isActive)
        XCTAssertTrue(view.fingerScroll.isScrolling.vertical)
        view.pointerAxis(source: .finger, delta: LogicalPoint(0, 10), timeMilliseconds: last + 10)
        XCTAssertEqual(view.contentOffset.y, 90, "still 1:1 vertically")
        XCTAssertTrue(view.motion.horizontal.isActive, "the horizontal fling runs on")
        view.pointerAxisStop(horizontal: false, vertical: true, timeMilliseconds: last + 11)
        XCTAssertTrue(view.motion.vertical.isActive)
    }

    func testFingersRubberBandPastAnEdgeAndBounceBackAtTheStop() {
        var view = ScrollView.document()
        let last = scroll(&view, dy: -20, count: 10, from: 0)
        XCTAssertEqual(view.contentOffset.y, -(1 - 1 / (200 * 0.55 / 600 + 1)) * 600, accuracy: 1e-9)
        view.pointerAxisStop(horizontal: true, vertical: true, timeMilliseconds: last + 1)
        XCTAssertEqual(view.phase, .bouncing)
        XCTAssertEqual(view.runFrames(from: last + 1).last?.contentOffset.y, 0)
    }

    func testHoldStopsAFlingWithinOneFrame() {
        var view = ScrollView.document()
        let last = scroll(&view, dy: 30, count: 10, from: 0)
        view.pointerAxisStop(horizontal: true, vertical: true, timeMilliseconds: last + 1)
        view.advance(to: last + 200)
        let held = view.contentOffset.y
        view.holdBegin(timeMilliseconds: last + 200)
        XCTAssertEqual(view.phase, .tracking)
        for frame in view.runFrames(from: last + 200 + 1000.0 / 60, limit: 500) {
            XCTAssertEqual(frame.contentOffset.y, held)
        }
        view.holdEnd(isCancelled: true, timeMilliseconds: last + 800)
        XCTAssertEqual(view.phase, .idle, "a cancelled hold is not a tap, and nothing moves")
        XCTAssertEqual(view.contentOffset.y, held)
    }

    func testHoldDuringABounceLetsItFinishAfterwards() {
        var view = ScrollView.document()
        let last = scroll(&view, dy: -20, count: 10, from: 0)
        view.pointerAxisStop(horizontal: true, vertical: true, timeMilliseconds: last + 1)
        view.holdBegin(timeMilliseconds: last + 50)
        XCTAssertLessThan(view.contentOffset.y, 0)
        view.holdEnd(isCancelled: false, timeMilliseconds: last + 300)
        XCTAssertEqual(view.runFrames(from: last + 300).last?.contentOffset.y, 0)
    }

    func testTouchpadPinchZoomsAboutThePointerRelativeToItsBegin() {
        var view = ScrollView.zoomable()
        view.scroll(to: LogicalPoint(0, 3000), animated: false, timeMilliseconds: 0)
        let pointer = LogicalPoint(200, 150)
        let anchor = view.contentPoint(under: pointer)
        view.pinchBegin(at: pointer, timeMilliseconds: 0)
        XCTAssertEqual(view.phase, .zooming)
        for (time, scale) in [(10.0, 1.2), (20, 1.6), (30, 1.5)] {
            view.pinchUpdate(scale: scale, timeMilliseconds: time)
            XCTAssertEqual(view.zoomScale, scale, accuracy: 1e-12, "absolute against the begin")
            XCTAssertEqual(view.contentPoint(under: pointer).x, anchor.x, accuracy: 1e-9)
            XCTAssertEqual(view.contentPoint(under: pointer).y, anchor.y, accuracy: 1e-9)
        }
        view.pinchEnd(isCancelled: false, timeMilliseconds: 40)
        XCTAssertEqual(view.phase, .idle)
        XCTAssertEqual(view.zoomScale, 1.5, accuracy: 1e-12)
    }

    func testCancelledTouchpadPinchRestoresTheBegin() {
        var view = ScrollView.zoomable()
        view.scroll(to: LogicalPoint(0, 3000), animated: false, timeMilliseconds: 0)
        view.pinchBegin(at: LogicalPoint(200, 150), timeMilliseconds: 0)
        view.pinchUpdate(scale: 2.5, timeMilliseconds: 10)
        view.pinchEnd(isCancelled: true, timeMilliseconds: 20)
        let rest = view.runFrames(from: 20).last!
        XCTAssertEqual(rest.zoomScale, 1)
        XCTAssertEqual(rest.contentOffset, LogicalPoint(0, 3000))
    }

    func testTouchpadPinchPastTheMaximumSpringsBack() {
        var view = ScrollView.zoomable(1...2)
        view.scroll(to: LogicalPoint(0, 3000), animated: false, timeMilliseconds: 0)
        let pointer = LogicalPoint(400, 300)
        let anchor = view.contentPoint(under: pointer)
        view.pinchBegin(at: pointer, timeMilliseconds: 0)
        view.pinchUpdate(scale: 4, timeMilliseconds: 10)
        XCTAssertEqual(view.zoomScale, 2.5577, accuracy: 1e-4)
        view.pinchEnd(isCancelled: false, timeMilliseconds: 20)
        XCTAssertEqual(view.phase, .bouncing)
        let rest = view.runFrames(from: 20).last!
        XCTAssertEqual(rest.zoomScale, 2)
        XCTAssertEqual(rest.contentOffset.y, anchor.y * 2 - 300, accuracy: 1e-9)
    }

    func testPinchIsIgnoredWithZoomOffOrFingersOnTheScreen() {
        var view = ScrollView.document()
        view.pinchBegin(at: LogicalPoint(100, 100), timeMilliseconds: 0)
        view.pinchUpdate(scale: 2, timeMilliseconds: 10)
        XCTAssertEqual(view.zoomScale, 1)
        var touched = ScrollView.zoomable()
        touched.press(LogicalPoint(100, 100), at: 0)
        touched.pinchBegin(at: LogicalPoint(100, 100), timeMilliseconds: 5)
        touched.pinchUpdate(scale: 2, timeMilliseconds: 10)
        XCTAssertEqual(touched.zoomScale, 1)
        XCTAssertFalse(touched.pointerAxis(source: .finger, delta: LogicalPoint(0, 10), timeMilliseconds: 12))
    }
}
