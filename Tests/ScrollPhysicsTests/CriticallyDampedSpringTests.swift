import ScrollPhysics
import XCTest

/// Expected values from x(t) = target + (c₁ + c₂t)e^(−ωt), c₁ = x₀ − target, c₂ = v₀ + ωc₁, ω = 14.
final class CriticallyDampedSpringTests: XCTestCase {
    func testTimeTableFromRest() {
        let spring = CriticallyDampedSpring(from: 100, velocity: 0, to: 0, angularFrequency: 14)
        // 100·(1 + 14t)·e^(−14t).
        XCTAssertEqual(spring.position(at: 0), 100)
        XCTAssertEqual(spring.velocity(at: 0), 0, accuracy: 1e-12)
        XCTAssertEqual(spring.position(at: 100), 59.183, accuracy: 0.001)
        XCTAssertEqual(spring.position(at: 500), 0.7295, accuracy: 0.0001)
        XCTAssertFalse(spring.isDone(at: 500))
        XCTAssertTrue(spring.isDone(at: 550))
        XCTAssertEqual(spring.finalPosition, 0)
    }

    func testReturnFromTypicalOverscrollSettlesInAboutHalfASecond() {
        let spring = CriticallyDampedSpring(from: -93, velocity: 0, to: 0, angularFrequency: 14)
        let settle = firstDoneMilliseconds(spring)
        XCTAssertGreaterThan(settle, 400)
        XCTAssertLessThan(settle, 600)
    }

    func testNeverOscillates() {
        let spring = CriticallyDampedSpring(from: 0, velocity: 3000, to: 0, angularFrequency: 14)
        var crossings = 0
        var previous = spring.position(at: 1)
        for milliseconds in stride(from: 2.0, through: 2000, by: 1) {
            let position = spring.position(at: milliseconds)
            if (position > 0) != (previous > 0) { crossings += 1 }
            previous = position
        }
        XCTAssertEqual(crossings, 0)
    }

    func testOvershootPeaksAtVelocityOverOmegaE() {
        // v₀·t·e^(−ωt) peaks at t = 1/ω (71.4 ms) with v₀/(ω·e) = 131.386 px for 5000 px/s.
        let spring = CriticallyDampedSpring(from: 0, velocity: 5000, to: 0, angularFrequency: 14)
        XCTAssertEqual(spring.position(at: 1000.0 / 14), 131.386, accuracy: 0.001)
        XCTAssertEqual(spring.velocity(at: 1000.0 / 14), 0, accuracy: 1e-9)
    }

    func testVelocityCap() {
        XCTAssertEqual(
            CriticallyDampedSpring.velocity(10000, cappedAt: 5000, overshootingAtMost: 600, angularFrequency: 14), 5000)
        XCTAssertEqual(
            CriticallyDampedSpring.velocity(-10000, cappedAt: 5000, overshootingAtMost: 600, angularFrequency: 14), -5000)
        // 50·14·e = 1902.797 px/s.
        XCTAssertEqual(
            CriticallyDampedSpring.velocity(3000, cappedAt: 5000, overshootingAtMost: 50, angularFrequency: 14),
            1902.797, accuracy: 0.001)
        XCTAssertEqual(
            CriticallyDampedSpring.velocity(300, cappedAt: 5000, overshootingAtMost: 50, angularFrequency: 14), 300)
    }

    private func firstDoneMilliseconds(_ spring: CriticallyDampedSpring) -> Double {
        var milliseconds = 0.0
        while !spring.isDone(at: milliseconds) { milliseconds += 1 }
        return milliseconds
    }
}
