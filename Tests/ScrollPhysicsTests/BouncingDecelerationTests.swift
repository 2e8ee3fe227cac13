import ScrollPhysics
import XCTest

final class BouncingDecelerationTests: XCTestCase {
    private func fling(
        from position: Double, velocity: Double, bounds: ClosedRange<Double> = 0...500,
        overscrollLimit: Double = 600
    ) -> BouncingDeceleration {
        BouncingDeceleration(
            position: position, velocity: velocity, bounds: bounds, rate: .normal,
            springAngularFrequency: 14, maximumSpringVelocity: 5000, overscrollLimit: overscrollLimit)
    }

    func testInsideTheBoundsItIsThePlainDeceleration() {
        let simulation = fling(from: 0, velocity: 1000, bounds: 0...10000)
        XCTAssertNil(simulation.spring)
        XCTAssertEqual(simulation.finalPosition, 499, accuracy: 1e-9)
        XCTAssertEqual(simulation.position(at: 1000), 431.738, accuracy: 0.001)
    }

    func testHandsOverToTheSpringAtTheEdgeWithoutAJump() {
        // Rest 998 > 500: crossing at −ln(1 − 500/998)/k = 346.881 ms, at v₀ − k·500 = 997.996 px/s.
        let simulation = fling(from: 0, velocity: 2000)
        XCTAssertEqual(simulation.springStartMilliseconds, 346.881, accuracy: 0.001)
        XCTAssertEqual(simulation.spring?.startVelocity ?? 0, 997.996, accuracy: 0.001)
        let crossing = simulation.springStartMilliseconds
        XCTAssertEqual(simulation.position(at: crossing - 1e-6), 500, accuracy: 0.001)
        XCTAssertEqual(simulation.position(at: crossing), 500, accuracy: 1e-9)
        XCTAssertEqual(simulation.velocity(at: crossing - 1e-6), simulation.velocity(at: crossing), accuracy: 0.01)
        XCTAssertFalse(simulation.isSpringing(at: crossing - 1))
        XCTAssertTrue(simulation.isSpringing(at: crossing))
        // Overshoot peaks 997.996/(14·e) = 26.225 px past the edge, 1/ω later.
        XCTAssertEqual(simulation.position(at: crossing + 1000.0 / 14), 526.225, accuracy: 0.001)
        XCTAssertEqual(simulation.finalPosition, 500)
        XCTAssertFalse(simulation.isDone(at: crossing))
        XCTAssertTrue(simulation.isDone(at: crossing + 700))
    }

    func testCarriedVelocityIsCapped() {
        let fast = fling(from: 0, velocity: 20000)
        XCTAssertEqual(fast.spring?.startVelocity ?? 0, 5000)
        let backwards = fling(from: 500, velocity: -20000)
        XCTAssertEqual(backwards.spring?.startVelocity ?? 0, -5000)
        XCTAssertEqual(backwards.finalPosition, 0)
        // A small viewport limits the overshoot: 50·14·e = 1902.797 px/s.
        let small = fling(from: 0, velocity: 20000, overscrollLimit: 50)
        XCTAssertEqual(small.spring?.startVelocity ?? 0, 1902.797, accuracy: 0.001)
    }

    func testOutsideTheBoundsItSpringsBackFromTheStart() {
        let simulation = fling(from: -100, velocity: 0)
        XCTAssertEqual(simulation.springStartMilliseconds, 0)
        XCTAssertTrue(simulation.isSpringing(at: 0))
        XCTAssertEqual(simulation.position(at: 0), -100)
        XCTAssertEqual(simulation.position(at: 100), -59.183, accuracy: 0.001)
        XCTAssertEqual(simulation.finalPosition, 0)
    }

    func testNeverGoesPastTheOverscrollLimit() {
        for velocity in stride(from: -30000.0, through: 30000, by: 1250) {
            for start in [-300.0, -40, 0, 250, 500, 560] {
                let simulation = fling(from: start, velocity: velocity, overscrollLimit: 80)
                for milliseconds in stride(from: 0.0, through: 6000, by: 4) {
                    let position = simulation.position(at: milliseconds)
                    XCTAssertGreaterThanOrEqual(position, min(start, -80) - 1e-9)
                    XCTAssertLessThanOrEqual(position, max(start, 580) + 1e-9)
                }
            }
        }
    }
}
