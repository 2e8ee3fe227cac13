@testable import ScrollEngine
import TestSupport
import XCTest

/// Taps, double-tap zoom, programmatic zoom, panning zoomed content and centring.
final class DoubleTapAndZoomTests: XCTestCase {
    func testASingleTapIsReportedAtOnceAndMovesNothing() {
        var view = ScrollView.zoomable()
        let tap = view.tap(LogicalPoint(200, 300), at: 0)
        XCTAssertEqual(tap, Tap(location: LogicalPoint(200, 300), count: 1, timeMilliseconds: 50))
        XCTAssertEqual(view.phase, .idle)
        XCTAssertEqual(view.contentOffset, .zero)
        XCTAssertEqual(view.zoomScale, 1)
    }

    func testDoubleTapZoomsInAboutTheTappedPointAndBackOut() {
        var view = ScrollView.zoomable()
        view.scroll(to: LogicalPoint(0, 1000), animated: false, timeMilliseconds: 0)
        let point = LogicalPoint(300, 200)
        let anchor = view.contentPoint(under: point)
        XCTAssertEqual(view.tap(point, at: 0)?.count, 1)
        XCTAssertEqual(view.tap(LogicalPoint(305, 204), at: 200)?.count, 2, "within 300 ms and 100 px")
        XCTAssertEqual(view.phase, .animating)
        let frames = view.runFrames(from: 250)
        // In about 0.3 s (ω = 31.6 rad/s) the scale is 2 within a thousandth.
        let arrived = frames.first { abs($0.zoomScale - 2) < 0.002 }?.timeMilliseconds ?? .infinity
        XCTAssertLessThan(arrived - 250, 320)
        let zoomed = frames.last!
        XCTAssertEqual(zoomed.zoomScale, 2)
        // The second tap's point keeps its content: offset = anchor·2 − point.
        let secondAnchor = LogicalPoint((305 + 0) / 1, (204 + 1000) / 1)
        XCTAssertEqual(zoomed.contentOffset.x, secondAnchor.x * 2 - 305, accuracy: 1e-9)
        XCTAssertEqual(zoomed.contentOffset.y, secondAnchor.y * 2 - 204, accuracy: 1e-9)
        XCTAssertEqual(anchor.y, 1200)
        // Tapped twice again: back to the resting scale about the new point.
        let time = zoomed.timeMilliseconds + 100
        view.tap(point, at: time)
        XCTAssertEqual(view.tap(point, at: time + 150)?.count, 2)
        let back = view.runFrames(from: time + 200).last!
        XCTAssertEqual(back.zoomScale, 1)
        let backAnchor = LogicalPoint((300 + zoomed.contentOffset.x) / 2, (200 + zoomed.contentOffset.y) / 2)
        XCTAssertEqual(back.contentOffset.y, backAnchor.y - 200, accuracy: 1e-9)
        XCTAssertEqual(back.contentOffset.x, 0, "the bounds at 1× allow no other x")
    }

    func testAnAppThatAnswersDoubleTapsItselfGetsTheTapAndTheZoomStays() {
        var view = ScrollView.zoomable()
        view.zoomsOnDoubleTap = false
        view.tap(LogicalPoint(300, 200), at: 0)
        XCTAssertEqual(view.tap(LogicalPoint(300, 200), at: 150)?.count, 2, "still reported as a double tap")
        XCTAssertEqual(view.phase, .idle)
        XCTAssertEqual(view.zoomScale, 1, "the engine did not zoom")
    }

    func testAZoomKeepingAContentPointAtAViewportPointPutsItThere() {
        var view = ScrollView.zoomable()
        // A column's left edge at content x 300, brought to 16 px from the window's left at 2.5×.
        view.setZoomScale(2.5, keeping: LogicalPoint(300, 400), at: LogicalPoint(16, 100), animated: true, timeMilliseconds: 0)
        XCTAssertEqual(view.phase, .animating)
        let zoomed = view.runFrames(from: 16).last!
        XCTAssertEqual(zoomed.zoomScale, 2.5)
        XCTAssertEqual(zoomed.contentOffset.x, 300 * 2.5 - 16, accuracy: 1e-9)
        XCTAssertEqual(zoomed.contentOffset.y, 400 * 2.5 - 100, accuracy: 1e-9)
        view.setZoomScale(1.5, keeping: LogicalPoint(200, 400), at: LogicalPoint(16, 100), animated: false, timeMilliseconds: 1000)
        XCTAssertEqual(view.contentOffset.x, 200 * 1.5 - 16, accuracy: 1e-9, "at once")
    }

    func testDoubleTapGoesToTheMaximumWhenBelowTwo() {
        var view = ScrollView.zoomable(1...1.5)
        view.tap(LogicalPoint(100, 100), at: 0)
        view.tap(LogicalPoint(100, 100), at: 100)
        XCTAssertEqual(view.runFrames(from: 150).last?.zoomScale, 1.5)
    }

    func testDoubleTapOutStaysInsideTheBounds() {
        var view = ScrollView.zoomable()
        view.tap(LogicalPoint(790, 10), at: 0)
        view.tap(LogicalPoint(790, 10), at: 100)
        let zoomed = view.runFrames(from: 150).last!
        // Zooming in always fits: 2·offset + point ≤ 2·length − viewport.
        XCTAssertEqual(zoomed.contentOffset, LogicalPoint(790, 10))
        let time = zoomed.timeMilliseconds + 100
        view.tap(LogicalPoint(100, 10), at: time)
        view.tap(LogicalPoint(100, 10), at: time + 100)
        let back = view.runFrames(from: time + 150).last!
        // The anchor (100 + 790)/2 = 445 would need x = 345 at 1×, beyond the bounds 0…0.
        XCTAssertEqual(back.zoomScale, 1)
        XCTAssertEqual(back.contentOffset, LogicalPoint(0, 0))
    }

    func testTheSecondTouchOfADoubleTapDoesNotDrag() {
        var view = ScrollView.zoomable()
        view.scroll(to: LogicalPoint(0, 1000), animated: false, timeMilliseconds: 0)
        view.tap(LogicalPoint(400, 300), at: 0)
        view.press(LogicalPoint(400, 300), at: 150)
        view.slide(from: LogicalPoint(400, 300), to: LogicalPoint(400, 200), at: 150, duration: 80)
        XCTAssertEqual(view.contentOffset.y, 1000)
        XCTAssertEqual(view.phase, .tracking)
        view.lift(at: 240)
        XCTAssertEqual(view.runFrames(from: 240).last?.zoomScale, 1, "moved too far for a tap")
    }

    func testTouchesThatAreNotTapsReportNothing() {
        var view = ScrollView.zoomable()
        // Held too long.
        view.press(LogicalPoint(100, 100), at: 0)
        view.lift(at: 600)
        XCTAssertNil(view.touchFrame())
        // Two fingers.
        view.pressTwo(LogicalPoint(100, 100), LogicalPoint(200, 100), at: 1000)
        XCTAssertNil(view.liftTwo(at: 1050))
        // A touch that stops a fling.
        var flinging = ScrollView.zoomable()
        let lift = flinging.flick(from: LogicalPoint(400, 500), fingerVelocity: LogicalPoint(0, -2000), at: 0)
        flinging.advance(to: lift + 100)
        XCTAssertNil(flinging.tap(LogicalPoint(400, 300), at: lift + 100))
        XCTAssertEqual(flinging.phase, .idle, "caught where it was")
    }

    func testADoubleTapWithZoomOffIsReportedButZoomsNothing() {
        var view = ScrollView.document()
        view.tap(LogicalPoint(100, 100), at: 0)
        XCTAssertEqual(view.tap(LogicalPoint(100, 100), at: 100)?.count, 2)
        XCTAssertEqual(view.runFrames(from: 150).last?.zoomScale, 1)
        XCTAssertEqual(view.tap(LogicalPoint(100, 100), at: 200)?.count, 1, "a third tap starts again")
    }

    func testZoomedContentPansWithTheSameFlingAndRubberBand() {
        var view = ScrollView.zoomable()
        view.setZoomScale(2, about: LogicalPoint(0, 0), animated: false, timeMilliseconds: 0)
        XCTAssertEqual(view.offsetBounds(.horizontal), 0...800)
        XCTAssertEqual(view.offsetBounds(.vertical), 0...(40000 - 600))
        XCTAssertTrue(view.isScrollable(.horizontal), "zoomed content is wider than the viewport")
        // A sideways flick coasts Apple's projection, 0.499·v, like an unzoomed one.
        let lift = view.flick(from: LogicalPoint(600, 300), fingerVelocity: LogicalPoint(-1000, 0), at: 100)
        let rest = view.runFrames(from: lift).last!
        XCTAssertEqual(rest.contentOffset.x, 80 - 10 + 499, accuracy: 2, "80 ms at 1000 px/s, less the slop, then the coast")
        // Dragged 200 px past the left edge: the §1 rubber band over the 800 px viewport.
        view.press(LogicalPoint(100, 300), at: 10000)
        view.slide(from: LogicalPoint(100, 300), to: LogicalPoint(100 + 10 + rest.contentOffset.x + 200, 300), at: 10000, duration: 160)
        XCTAssertEqual(view.contentOffset.x, -(1 - 1 / (200 * 0.55 / 800 + 1)) * 800, accuracy: 1e-6)
    }

    func testContentSmallerThanTheViewportIsCentred() {
        var view = ScrollView.zoomable(0.5...4)
        view.setZoomScale(0.5, animated: false, timeMilliseconds: 0)
        XCTAssertEqual(view.contentOffset.x, -(800 - 400) / 2, "centred horizontally")
        XCTAssertFalse(view.isScrollable(.horizontal))
        XCTAssertEqual(view.frame.horizontalIndicator.isEnabled, false)
        let short = ScrollView(viewportSize: LogicalSize(width: 800, height: 600), contentSize: LogicalSize(width: 800, height: 200))
        XCTAssertEqual(short.contentOffset, LogicalPoint(0, -200))
    }

    func testSetZoomScaleAnimatesAndClamps() {
        var view = ScrollView.zoomable(1...3)
        view.setZoomScale(10, animated: true, timeMilliseconds: 0)
        XCTAssertEqual(view.phase, .animating)
        let rest = view.runFrames(from: 0).last!
        XCTAssertEqual(rest.zoomScale, 3)
        // About the centre (400, 300): x = 400·3 − 400, y = 300·3 − 300.
        XCTAssertEqual(rest.contentOffset, LogicalPoint(800, 600))
        var off = ScrollView.document()
        off.setZoomScale(2, animated: false, timeMilliseconds: 0)
        XCTAssertEqual(off.zoomScale, 1, "zoom is off while max ≤ min")
    }

    func testRestingScaleIsOneWithinTheLimits() {
        var view = ScrollView.zoomable(ScrollView.textZoomScaleRange)
        XCTAssertEqual(view.restingZoomScale, 1)
        view.minimumZoomScale = 1.5
        XCTAssertEqual(view.restingZoomScale, 1.5)
    }
}

/// Where the latest zoom was about, for an app that folds a settled zoom into the text size.
final class ZoomFocusTests: XCTestCase {
    func testTheZoomFocusIsTheFingersThePointerOrTheCentre() {
        var view = ScrollView.zoomable()
        view.pressTwo(LogicalPoint(300, 200), LogicalPoint(400, 200), at: 0)
        view.moveTwo(LogicalPoint(280, 220), LogicalPoint(440, 220), at: 16)
        XCTAssertEqual(view.zoomFocus, LogicalPoint(360, 220))
        view.liftTwo(at: 32)
        view.pinchBegin(at: LogicalPoint(100, 500), timeMilliseconds: 1_000)
        XCTAssertEqual(view.zoomFocus, LogicalPoint(100, 500))
        view.pinchEnd(isCancelled: false, timeMilliseconds: 1_016)
        view.key("plus", modifiers: .control, timeMilliseconds: 2_000)
        XCTAssertEqual(view.zoomFocus, LogicalPoint(400, 300), "keys zoom about the centre")
    }
}
