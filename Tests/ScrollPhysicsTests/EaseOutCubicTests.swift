import ScrollPhysics
import XCTest

/// Expected values from x(t) = x₀ + Δ(1 − (1 − t/D)³) and v(t) = 3Δ(1 − t/D)²/D.
final class EaseOutCubicTests: XCTestCase {
    func testTimeTable() {
        let step = EaseOutCubic(from: 100, to: 171, durationMilliseconds: 120)
        XCTAssertEqual(step.position(at: 0), 100)
        // t = D/2: 1 − 0.5³ = 0.875 of Δ = 71.
        XCTAssertEqual(step.position(at: 60), 100 + 71 * 0.875, accuracy: 1e-9)
        XCTAssertEqual(step.velocity(at: 0), 3 * 71 / 0.120, accuracy: 1e-9)
        XCTAssertEqual(step.velocity(at: 60), 3 * 71 * 0.25 / 0.120, accuracy: 1e-9)
        XCTAssertFalse(step.isDone(at: 119.9))
        XCTAssertTrue(step.isDone(at: 120))
        XCTAssertEqual(step.position(at: 120), 171, "exactly on the target at the end")
        XCTAssertEqual(step.position(at: 500), 171)
        XCTAssertEqual(step.velocity(at: 120), 0)
        XCTAssertEqual(step.position(at: -10), 100, "no motion before the start")
    }

    func testNeverOvershootsEitherWay() {
        for (from, to) in [(0.0, 50.0), (50.0, -30.0)] {
            let step = EaseOutCubic(from: from, to: to, durationMilliseconds: 150)
            var previous = from
            for milliseconds in stride(from: 1.0, through: 150, by: 1) {
                let position = step.position(at: milliseconds)
                XCTAssertTrue((min(from, to)...max(from, to)).contains(position))
                XCTAssertTrue(to > from ? position >= previous : position <= previous)
                previous = position
            }
        }
    }

    func testZeroDurationStillTakesAMillisecond() {
        let step = EaseOutCubic(from: 0, to: 10, durationMilliseconds: 0)
        XCTAssertEqual(step.durationMilliseconds, 1)
        XCTAssertTrue(step.position(at: 0.5).isFinite)
    }
}
