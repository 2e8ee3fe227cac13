import ScrollEngine
import TestSupport
import XCTest

final class TouchDragTests: XCTestCase {
    func testSlopBeforeDragThenOneToOne() {
        var view = ScrollView.document()
        view.press(LogicalPoint(400, 500), at: 0)
        XCTAssertEqual(view.phase, .tracking)
        view.moveFinger(to: LogicalPoint(400, 495), at: 8)
        XCTAssertEqual(view.phase, .tracking)
        XCTAssertEqual(view.contentOffset.y, 0)
        // 15 px past the start with a 10 px slop: the content moves the 5 px past it.
        view.moveFinger(to: LogicalPoint(400, 485), at: 16)
        XCTAssertEqual(view.phase, .dragging)
        XCTAssertEqual(view.contentOffset.y, 5, accuracy: 1e-9)
        view.moveFinger(to: LogicalPoint(400, 385), at: 24)
        XCTAssertEqual(view.contentOffset.y, 105, accuracy: 1e-9)
        view.moveFinger(to: LogicalPoint(400, 405), at: 32)
        XCTAssertEqual(view.contentOffset.y, 85, accuracy: 1e-9)
        XCTAssertEqual(view.contentOffset.x, 0, "content no wider than the viewport does not move sideways")
    }

    func testRubberBandPastTheTop() {
        var view = ScrollView.document()
        view.press(LogicalPoint(400, 100), at: 0)
        // Slop 10 then 200 px of overdrag on a 600 px viewport shows 92.958 px.
        view.moveFinger(to: LogicalPoint(400, 310), at: 16)
        XCTAssertEqual(view.contentOffset.y, -92.958, accuracy: 0.001)
        // Back the same way: no drift.
        view.moveFinger(to: LogicalPoint(400, 110), at: 32)
        XCTAssertEqual(view.contentOffset.y, 0, accuracy: 1e-9)
    }

    func testRubberBandPastTheBottom() {
        var view = ScrollView.document()
        view.scroll(to: LogicalPoint(0, 19400), animated: false, timeMilliseconds: 0)
        view.press(LogicalPoint(400, 500), at: 0)
        view.moveFinger(to: LogicalPoint(400, 90), at: 16)
        // 400 px of overdrag: (1 − 1/(400·0.55/600 + 1))·600 = 160.976.
        XCTAssertEqual(view.contentOffset.y, 19400 + 160.976, accuracy: 0.001)
    }

    func testReleasePastTheEdgeBouncesBack() {
        var view = ScrollView.document()
        view.press(LogicalPoint(400, 100), at: 0)
        view.moveFinger(to: LogicalPoint(400, 310), at: 16)
        view.lift(at: 100)
        XCTAssertEqual(view.phase, .bouncing)
        let frames = view.runFrames(from: 100)
        XCTAssertTrue(frames.allSatisfy { $0.contentOffset.y <= 0 && $0.contentOffset.y >= -93 })
        let settled = frames.first { $0.phase == .idle }
        XCTAssertNotNil(settled)
        // A critically damped return from 93 px takes about half a second.
        XCTAssertEqual((settled?.timeMilliseconds ?? 0) - 100, 500, accuracy: 100)
        XCTAssertEqual(view.contentOffset.y, 0)
    }

    func testCancelEndsWithoutFlingAndBouncesBack() {
        var view = ScrollView.document()
        view.press(LogicalPoint(400, 100), at: 0)
        view.slide(from: LogicalPoint(400, 100), to: LogicalPoint(400, 400), at: 0, duration: 48)
        view.touchCancel(timeMilliseconds: 48)
        view.touchFrame()
        XCTAssertEqual(view.phase, .bouncing)
        view.runFrames(from: 48)
        XCTAssertEqual(view.contentOffset.y, 0)

        var fling = ScrollView.document()
        fling.press(LogicalPoint(400, 500), at: 0)
        fling.slide(from: LogicalPoint(400, 500), to: LogicalPoint(400, 300), at: 0, duration: 48)
        let offset = fling.contentOffset.y
        fling.touchCancel(timeMilliseconds: 48)
        fling.touchFrame()
        XCTAssertEqual(fling.phase, .idle)
        XCTAssertEqual(fling.contentOffset.y, offset)
    }

    func testSecondFingerDoesNotMakeTheContentJump() {
        var view = ScrollView.document()
        view.press(LogicalPoint(400, 500), at: 0)
        view.moveFinger(to: LogicalPoint(400, 400), at: 16)
        let offset = view.contentOffset.y
        view.press(LogicalPoint(100, 100), at: 24, id: 2)
        XCTAssertEqual(view.contentOffset.y, offset)
        // Both fingers move 20 px up: the content follows by 20.
        view.touchMotion(id: 1, to: LogicalPoint(400, 380), timeMilliseconds: 32)
        view.touchMotion(id: 2, to: LogicalPoint(100, 80), timeMilliseconds: 32)
        view.touchFrame()
        XCTAssertEqual(view.contentOffset.y, offset + 20, accuracy: 1e-9)
        view.lift(at: 40, id: 1)
        XCTAssertEqual(view.phase, .dragging, "one finger still down")
        XCTAssertEqual(view.contentOffset.y, offset + 20, accuracy: 1e-9)
        view.moveFinger(to: LogicalPoint(100, 70), at: 48, id: 2)
        XCTAssertEqual(view.contentOffset.y, offset + 30, accuracy: 1e-9)
    }

    func testDirectionalLock() {
        let square = LogicalSize(width: 4000, height: 4000)
        var locked = ScrollView.document(content: square)
        locked.isDirectionalLockEnabled = true
        locked.scroll(to: LogicalPoint(1000, 1000), animated: false, timeMilliseconds: 0)
        locked.press(LogicalPoint(400, 300), at: 0)
        locked.slide(from: LogicalPoint(400, 300), to: LogicalPoint(340, 290), at: 0, duration: 32)
        locked.slide(from: LogicalPoint(340, 290), to: LogicalPoint(300, 200), at: 32, duration: 32)
        XCTAssertEqual(locked.contentOffset.y, 1000, "a clearly horizontal start locks out vertical motion")
        XCTAssertGreaterThan(locked.contentOffset.x, 1000)

        var diagonal = ScrollView.document(content: square)
        diagonal.isDirectionalLockEnabled = true
        diagonal.scroll(to: LogicalPoint(1000, 1000), animated: false, timeMilliseconds: 0)
        diagonal.press(LogicalPoint(400, 300), at: 0)
        diagonal.slide(from: LogicalPoint(400, 300), to: LogicalPoint(350, 250), at: 0, duration: 32)
        XCTAssertGreaterThan(diagonal.contentOffset.x, 1000)
        XCTAssertGreaterThan(diagonal.contentOffset.y, 1000)

        var free = ScrollView.document(content: square)
        free.scroll(to: LogicalPoint(1000, 1000), animated: false, timeMilliseconds: 0)
        free.press(LogicalPoint(400, 300), at: 0)
        free.slide(from: LogicalPoint(400, 300), to: LogicalPoint(340, 290), at: 0, duration: 32)
        XCTAssertGreaterThan(free.contentOffset.y, 1000, "lock is off by default")
    }

    func testTapDoesNothing() {
        var view = ScrollView.document()
        view.press(LogicalPoint(400, 300), at: 0)
        view.lift(at: 90)
        XCTAssertEqual(view.phase, .idle)
        XCTAssertEqual(view.contentOffset, .zero)
        XCTAssertTrue(view.frame.isAtRest)
    }

    func testUnknownIdsAreIgnoredAndIdsCanBeReusedAfterUp() {
        var view = ScrollView.document()
        view.touchMotion(id: 7, to: LogicalPoint(400, 100), timeMilliseconds: 0)
        view.touchUp(id: 7, timeMilliseconds: 0)
        XCTAssertNil(view.touchFrame())
        XCTAssertEqual(view.phase, .idle)
        view.press(LogicalPoint(400, 500), at: 10)
        view.moveFinger(to: LogicalPoint(400, 400), at: 20)
        view.touchMotion(id: 9, to: LogicalPoint(0, 0), timeMilliseconds: 25)
        view.touchFrame()
        XCTAssertEqual(view.contentOffset.y, 90, "the unknown finger moved nothing")
        // Up and down again with the same id in one frame: a new finger, no jump.
        view.touchUp(id: 1, timeMilliseconds: 30)
        view.touchDown(id: 1, at: LogicalPoint(100, 100), timeMilliseconds: 30)
        view.touchFrame()
        XCTAssertEqual(view.contentOffset.y, 90)
        view.moveFinger(to: LogicalPoint(100, 80), at: 40)
        XCTAssertEqual(view.contentOffset.y, 110, accuracy: 1e-9)
    }
}
