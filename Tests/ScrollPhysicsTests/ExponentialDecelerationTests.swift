import ScrollPhysics
import XCTest

/// Expected values from x(t) = x₀ + (v₀/k)(1 − e^(−kt)), k = 1000(1 − r)/r.
final class ExponentialDecelerationTests: XCTestCase {
    func testNormalRateCoastsAppleProjection() {
        // (1000/1000)·0.998/0.002 = 499 px.
        let fling = ExponentialDeceleration(position: 0, velocity: 1000, rate: .normal)
        XCTAssertEqual(fling.finalPosition, 499, accuracy: 1e-9)
        XCTAssertEqual(DecelerationRate.normal.projectedDistance(forVelocity: 1000), 499, accuracy: 1e-9)
    }

    func testFastRateCoastsAppleProjection() {
        // 0.99/0.01 = 99 px per 1000 px/s.
        let fling = ExponentialDeceleration(position: 100, velocity: -1000, rate: .fast)
        XCTAssertEqual(fling.finalPosition, 1, accuracy: 1e-9)
    }

    func testTimeTable() {
        let fling = ExponentialDeceleration(position: 0, velocity: 1000, rate: .normal)
        // k = 2.004008 /s.
        let table: [(milliseconds: Double, position: Double, velocity: Double)] = [
            (0, 0, 1000),
            (100, 90.617, 818.403),
            (1000, 431.738, 134.794),
        ]
        for row in table {
            XCTAssertEqual(fling.position(at: row.milliseconds), row.position, accuracy: 0.001)
            XCTAssertEqual(fling.velocity(at: row.milliseconds), row.velocity, accuracy: 0.1)
        }
        // Pure in time: asking again, out of order, gives the same answer.
        XCTAssertEqual(fling.position(at: 100), 90.617, accuracy: 0.001)
    }

    func testVelocityAfterOneSecondMatchesPerMillisecondFactor() {
        // 0.998^1000 = 0.1351; the continuous decay gives e^(−2.004) = 0.1348.
        let fling = ExponentialDeceleration(position: 0, velocity: 1000, rate: .normal)
        XCTAssertEqual(fling.velocity(at: 1000) / 1000, 0.1351, accuracy: 0.0005)
    }

    func testTimeToReachPosition() {
        let fling = ExponentialDeceleration(position: 0, velocity: 1000, rate: .normal)
        // Half the coast: ln 2 / k = 345.88 ms.
        XCTAssertEqual(fling.milliseconds(toReach: 249.5) ?? -1, 345.880, accuracy: 0.001)
        XCTAssertEqual(fling.milliseconds(toReach: 0), 0)
        XCTAssertNil(fling.milliseconds(toReach: 500))
        XCTAssertNil(fling.milliseconds(toReach: -1))
        XCTAssertNil(ExponentialDeceleration(position: 0, velocity: 0, rate: .normal).milliseconds(toReach: 1))
    }

    func testDoneWhenRemainingCoastIsWithinTolerance() {
        let fling = ExponentialDeceleration(position: 0, velocity: 1000, rate: .normal)
        // ln(499 / 0.5) / k = 3445.97 ms.
        XCTAssertEqual(fling.doneMilliseconds, 3445.971, accuracy: 0.001)
        XCTAssertFalse(fling.isDone(at: 3445))
        XCTAssertTrue(fling.isDone(at: 3446))
        XCTAssertEqual(fling.position(at: 3446), 499, accuracy: 0.5)
        XCTAssertTrue(ExponentialDeceleration(position: 5, velocity: 0, rate: .normal).isDone(at: 0))
    }

    func testRateMustBeBetweenZeroAndOne() {
        XCTAssertNil(DecelerationRate(factorPerMillisecond: 1))
        XCTAssertNil(DecelerationRate(factorPerMillisecond: 0))
        XCTAssertEqual(DecelerationRate(factorPerMillisecond: 0.995)?.decayPerSecond ?? 0, 5.025, accuracy: 0.001)
    }
}
