import ScrollEngine
import TestSupport
import XCTest

final class VelocityTrackerTests: XCTestCase {
    private func tracker() -> VelocityTracker {
        VelocityTracker(horizonMilliseconds: 100, sampleGapMilliseconds: 40, stillnessBeforeLiftMilliseconds: 40)
    }

    func testConstantVelocityIsExact() {
        var tracker = tracker()
        for index in 0...10 {
            let time = Double(index) * 8
            tracker.addSample(LogicalPoint(x: time * 0.5, y: -time * 2), timeMilliseconds: time)
        }
        let velocity = tracker.velocity(liftMilliseconds: 80)
        XCTAssertEqual(velocity.x, 500, accuracy: 1e-6)
        XCTAssertEqual(velocity.y, -2000, accuracy: 1e-6)
    }

    func testQuadraticFitGivesTheSlopeAtTheNewestSample() {
        // x = t² (t in s) has slope 2t: 0.16 px/ms... at t = 0.08 s, 0.16 px/s·1000 → 160 px/s.
        var tracker = tracker()
        for index in 0...10 {
            let seconds = Double(index) * 0.008
            tracker.addSample(LogicalPoint(x: seconds * seconds * 1000, y: 0), timeMilliseconds: seconds * 1000)
        }
        XCTAssertEqual(tracker.velocity(liftMilliseconds: 80).x, 160, accuracy: 1e-6)
    }

    func testOnlyTheLastHundredMillisecondsCount() {
        var tracker = tracker()
        for index in 0...30 {
            let time = Double(index) * 8
            // Fast before 140 ms, then 100 px/s.
            let x = time < 140 ? time * 5 : 700 + (time - 140) * 0.1
            tracker.addSample(LogicalPoint(x: x, y: 0), timeMilliseconds: time)
        }
        XCTAssertEqual(tracker.velocity(liftMilliseconds: 240).x, 100, accuracy: 1e-6)
    }

    func testStillnessBeforeLiftGivesZero() {
        var tracker = tracker()
        tracker.addSample(LogicalPoint(x: 0, y: 0), timeMilliseconds: 0)
        tracker.addSample(LogicalPoint(x: 10, y: 0), timeMilliseconds: 8)
        tracker.addSample(LogicalPoint(x: 20, y: 0), timeMilliseconds: 16)
        XCTAssertEqual(tracker.velocity(liftMilliseconds: 56).x, 1250, accuracy: 1e-6)
        XCTAssertEqual(tracker.velocity(liftMilliseconds: 57), .zero)
    }

    func testTwoSamplesGiveALineAndOneGivesZero() {
        var tracker = tracker()
        tracker.addSample(LogicalPoint(x: 0, y: 0), timeMilliseconds: 0)
        XCTAssertEqual(tracker.velocity(liftMilliseconds: 0), .zero)
        tracker.addSample(LogicalPoint(x: 0, y: 30), timeMilliseconds: 10)
        XCTAssertEqual(tracker.velocity(liftMilliseconds: 10).y, 3000, accuracy: 1e-6)
        tracker.addSample(LogicalPoint(x: 0, y: 60), timeMilliseconds: 10)
        XCTAssertTrue(tracker.velocity(liftMilliseconds: 10).y.isFinite, "repeated times stay finite")
    }
}
