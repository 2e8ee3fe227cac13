import ScrollEngine
import TestSupport
import XCTest

final class FlingTests: XCTestCase {
    /// A finger moving up at 1000 px/s for 80 ms: the content is 80 − 10 (slop) = 70 px down
    /// at the lift and moving at 1000 px/s, so it comes to rest 499 px further.
    func testFlickCoastsAppleProjection() {
        var view = ScrollView.document()
        let lift = view.flick(from: LogicalPoint(400, 500), fingerVelocity: LogicalPoint(0, -1000), at: 0)
        XCTAssertEqual(view.contentOffset.y, 70, accuracy: 1e-9)
        XCTAssertEqual(view.phase, .decelerating)
        let frames = view.runFrames(from: lift)
        XCTAssertEqual(view.contentOffset.y, 569, accuracy: 1e-6)
        // Monotonic, never past the rest.
        for (earlier, later) in zip(frames, frames.dropFirst()) {
            XCTAssertLessThanOrEqual(earlier.contentOffset.y, later.contentOffset.y)
        }
        XCTAssertLessThanOrEqual(frames.map(\.contentOffset.y).max() ?? .infinity, 569 + 1e-9)
    }

    func testFastDecelerationCoastsAFifthAsFar() {
        var view = ScrollView.document()
        view.configuration.decelerationRate = .fast
        let lift = view.flick(from: LogicalPoint(400, 500), fingerVelocity: LogicalPoint(0, -1000), at: 0)
        view.runFrames(from: lift)
        XCTAssertEqual(view.contentOffset.y, 70 + 99, accuracy: 1e-6)
    }

    func testReleaseVelocityIsClampedToTheMaximum() {
        // 20000 px/s is clamped to 8000, which coasts 8000·0.499 = 3992 px.
        var view = ScrollView.document()
        let lift = view.flick(from: LogicalPoint(400, 590), fingerVelocity: LogicalPoint(0, -20000), at: 0, duration: 24)
        let atLift = view.contentOffset.y
        view.runFrames(from: lift)
        XCTAssertEqual(view.contentOffset.y - atLift, 3992, accuracy: 1e-6)
    }

    func testSlowReleaseDoesNotFling() {
        // 40 px/s is under the 50 px/s minimum.
        var view = ScrollView.document()
        view.press(LogicalPoint(400, 500), at: 0)
        view.moveFinger(to: LogicalPoint(400, 480), at: 8)
        let end = view.slide(from: LogicalPoint(400, 480), to: LogicalPoint(400, 476), at: 8, duration: 100)
        let offset = view.contentOffset.y
        view.lift(at: end)
        XCTAssertEqual(view.phase, .idle)
        XCTAssertEqual(view.contentOffset.y, offset)
    }

    func testFingerThatRestsBeforeLiftingGivesNoFling() {
        var view = ScrollView.document()
        view.press(LogicalPoint(400, 500), at: 0)
        let end = view.slide(from: LogicalPoint(400, 500), to: LogicalPoint(400, 300), at: 0, duration: 80)
        let offset = view.contentOffset.y
        view.lift(at: end + 41)
        XCTAssertEqual(view.phase, .idle)
        XCTAssertEqual(view.contentOffset.y, offset)
    }

    func testGapInTheHistoryStartsItAfresh() {
        // Fast at 5000 px/s, a 50 ms pause, then 500 px/s: only the slow part counts.
        var view = ScrollView.document()
        view.press(LogicalPoint(400, 580), at: 0)
        var end = view.slide(from: LogicalPoint(400, 580), to: LogicalPoint(400, 380), at: 0, duration: 40)
        end = view.slide(from: LogicalPoint(400, 380), to: LogicalPoint(400, 368), at: end + 50 - 8, duration: 24)
        let atLift = view.contentOffset.y
        view.lift(at: end)
        view.runFrames(from: end)
        XCTAssertEqual(view.contentOffset.y - atLift, 500 * 0.499, accuracy: 1)
    }

    func testFlingPastTheEndBouncesAndSettlesOnTheEdge() {
        var view = ScrollView.document()
        view.scroll(to: LogicalPoint(0, 19000), animated: false, timeMilliseconds: 0)
        let lift = view.flick(from: LogicalPoint(400, 500), fingerVelocity: LogicalPoint(0, -3000), at: 0)
        let frames = view.runFrames(from: lift)
        let phases = frames.map(\.phase)
        XCTAssertTrue(phases.contains(.decelerating))
        XCTAssertTrue(phases.contains(.bouncing))
        XCTAssertLessThan(phases.firstIndex(of: .decelerating) ?? .max, phases.firstIndex(of: .bouncing) ?? -1)
        XCTAssertGreaterThan(frames.map(\.contentOffset.y).max() ?? 0, 19400, "it overshoots")
        XCTAssertLessThan(frames.map(\.contentOffset.y).max() ?? .infinity, 19400 + 600)
        XCTAssertEqual(view.contentOffset.y, 19400)
        // No jump between frames bigger than the fling's own speed allows (3000 px/s·16.7 ms).
        for (earlier, later) in zip(frames, frames.dropFirst()) {
            XCTAssertLessThan(abs(later.contentOffset.y - earlier.contentOffset.y), 51)
        }
    }

    func testTouchCatchesAFlingWhereItIs() {
        var view = ScrollView.document()
        let lift = view.flick(from: LogicalPoint(400, 500), fingerVelocity: LogicalPoint(0, -2000), at: 0)
        view.advance(to: lift + 200)
        let caughtAt = view.contentOffset.y
        view.press(LogicalPoint(400, 300), at: lift + 210)
        XCTAssertEqual(view.phase, .tracking)
        let held = view.contentOffset.y
        XCTAssertGreaterThan(held, caughtAt, "it moved until the touch")
        view.advance(to: lift + 400)
        XCTAssertEqual(view.contentOffset.y, held, "and stopped there")
        view.lift(at: lift + 450)
        XCTAssertEqual(view.phase, .idle)
        view.runFrames(from: lift + 450)
        XCTAssertEqual(view.contentOffset.y, held, "lifting without moving leaves it there")
    }

    func testTouchCatchesABounceAndLiftingReturnsInsideTheBounds() {
        var view = ScrollView.document()
        view.press(LogicalPoint(400, 100), at: 0)
        view.moveFinger(to: LogicalPoint(400, 310), at: 16)
        view.lift(at: 100)
        view.advance(to: 150)
        let caught = view.contentOffset.y
        view.press(LogicalPoint(400, 300), at: 150)
        view.advance(to: 250)
        XCTAssertEqual(view.contentOffset.y, caught)
        XCTAssertLessThan(caught, 0)
        view.lift(at: 260)
        XCTAssertEqual(view.phase, .bouncing)
        view.runFrames(from: 260)
        XCTAssertEqual(view.contentOffset.y, 0)
    }

    func testRepeatedFlicksCarryMomentum() {
        var single = ScrollView.document()
        single.scroll(to: LogicalPoint(0, 5000), animated: false, timeMilliseconds: 0)
        let singleLift = single.flick(from: LogicalPoint(400, 500), fingerVelocity: LogicalPoint(0, -1500), at: 0)
        single.runFrames(from: singleLift)
        let singleDistance = single.contentOffset.y - 5000

        var repeated = ScrollView.document()
        repeated.scroll(to: LogicalPoint(0, 4000), animated: false, timeMilliseconds: 0)
        let firstLift = repeated.flick(from: LogicalPoint(400, 500), fingerVelocity: LogicalPoint(0, -1500), at: 0)
        repeated.advance(to: firstLift + 150)
        let start = repeated.contentOffset.y
        let secondLift = repeated.flick(
            from: LogicalPoint(400, 500), fingerVelocity: LogicalPoint(0, -1500), at: firstLift + 150)
        repeated.runFrames(from: secondLift)
        let repeatedDistance = repeated.contentOffset.y - start
        // The caught fling had 1500·e^(−k·0.15) = 1110.7 px/s; half of it carries on:
        // 555.4 px/s more coasts 277 px more.
        XCTAssertEqual(repeatedDistance - singleDistance, 555.4 * 0.499, accuracy: 3)

        var opposite = ScrollView.document()
        opposite.scroll(to: LogicalPoint(0, 4000), animated: false, timeMilliseconds: 0)
        let lift = opposite.flick(from: LogicalPoint(400, 500), fingerVelocity: LogicalPoint(0, -1500), at: 0)
        opposite.advance(to: lift + 150)
        let before = opposite.contentOffset.y
        let back = opposite.flick(from: LogicalPoint(400, 100), fingerVelocity: LogicalPoint(0, 1500), at: lift + 150)
        opposite.runFrames(from: back)
        XCTAssertEqual(before - opposite.contentOffset.y, singleDistance, accuracy: 1, "no carry against the fling")
    }
}
