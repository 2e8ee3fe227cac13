import Foundation
import ScrollEngine
import XCTest

/// Two fingers turning the pages: when a turn takes the gesture from the zoom, how far it
/// turned, and the quarter turn it lands on when the fingers lift.
final class RotationGestureTests: XCTestCase {
    /// Two fingers `span` px apart about (400, 300), the first at `startDegrees` (clockwise
    /// from the x axis, y down), turned by `degrees` in `frames` frames with their span scaled
    /// to `spanRatio` along the way; the events each frame gave.
    private func turn(_ gesture: inout RotationGesture, by degrees: Double, spanRatio: Double = 1, span: Double = 200,
                      frames: Int = 12, startDegrees: Double = 0, lift: Bool = true) -> [RotationGesture.Event?] {
        func place(_ t: Double) -> (LogicalPoint, LogicalPoint) {
            let angle = (startDegrees + degrees * t) * Double.pi / 180
            let radius = span / 2 * (1 + (spanRatio - 1) * t)
            let dx = radius * cos(angle), dy = radius * sin(angle)
            return (LogicalPoint(x: 400 - dx, y: 300 - dy), LogicalPoint(x: 400 + dx, y: 300 + dy))
        }
        var events: [RotationGesture.Event?] = []
        let (first, second) = place(0)
        gesture.touchDown(id: 1, at: first)
        gesture.touchDown(id: 2, at: second)
        events.append(gesture.touchFrame())
        for frame in 1...frames {
            let (first, second) = place(Double(frame) / Double(frames))
            gesture.touchMotion(id: 1, to: first)
            gesture.touchMotion(id: 2, to: second)
            events.append(gesture.touchFrame())
        }
        if lift {
            gesture.touchUp(id: 1)
            gesture.touchUp(id: 2)
            events.append(gesture.touchFrame())
        }
        return events
    }

    func testTwoFingersTurningAQuarterTurnThePagesAQuarter() {
        var gesture = RotationGesture()
        let events = turn(&gesture, by: 90, lift: false)
        // 7.5° a frame: the turn takes the gesture on the third frame, past 15.3°.
        XCTAssertEqual(events.firstIndex(of: .began), 3)
        XCTAssertEqual(events.compactMap { $0 }, [.began])
        XCTAssertEqual(gesture.phase, .turning)
        XCTAssertEqual(try XCTUnwrap(gesture.tiltDegrees), 90, accuracy: 1e-9, "the pages are drawn turned with the fingers")
        XCTAssertTrue(gesture.holdsInput)
        gesture.touchUp(id: 1)
        gesture.touchUp(id: 2)
        XCTAssertEqual(gesture.touchFrame(), .ended(quarterTurns: 1))
        XCTAssertEqual(gesture.phase, .idle)
        XCTAssertNil(gesture.tiltDegrees)
    }

    func testAThirtyDegreeTurnIsATurnThatLandsBackUpright() {
        var gesture = RotationGesture()
        let events = turn(&gesture, by: 30)
        XCTAssertEqual(events.compactMap { $0 }, [.began, .ended(quarterTurns: 0)],
                       "a turn, not a zoom; short of 45° it lands where it began")
    }

    func testCounterClockwiseAndPastHalfATurn() {
        var gesture = RotationGesture()
        XCTAssertEqual(turn(&gesture, by: -100).last, .ended(quarterTurns: -1))
        // Through the direction's wrap at ±180°, from fingers that start at 150°.
        XCTAssertEqual(turn(&gesture, by: 200, frames: 20, startDegrees: 150).last, .ended(quarterTurns: 2))
        XCTAssertEqual(turn(&gesture, by: 280, frames: 28, startDegrees: -170).last, .ended(quarterTurns: 3))
    }

    func testAPinchWithSlightTurningStaysAZoom() {
        var gesture = RotationGesture()
        // Spread to twice the span while wobbling 12°: the span passes 25 % long before any
        // turn threshold.
        let events = turn(&gesture, by: 12, spanRatio: 2)
        XCTAssertEqual(events.compactMap { $0 }, [])
        XCTAssertEqual(gesture.phase, .idle)
        // A zoom that then turns 40° stays a zoom: it was decided when the span passed.
        var zoom = RotationGesture()
        let zoomThenTurn = turn(&zoom, by: 8, spanRatio: 1.6, frames: 6, lift: false)
        XCTAssertEqual(zoom.phase, .declined)
        let turnAfter = turn(&zoom, by: 40, lift: true)
        XCTAssertEqual((zoomThenTurn + turnAfter).compactMap { $0 }, [], "never a turn, never a tilt")
        XCTAssertFalse(zoom.holdsInput)
    }

    func testTheThresholdThatPassesFurtherWins() {
        // 7° and 30 % wider in the first frame: the zoom is further past its threshold.
        var gesture = RotationGesture()
        XCTAssertEqual(turn(&gesture, by: 7, spanRatio: 1.3, frames: 1).compactMap { $0 }, [])
        // 20° and 20 % wider: the turn passed, the zoom did not.
        var turning = RotationGesture()
        XCTAssertEqual(turn(&turning, by: 20, spanRatio: 1.2, frames: 1).compactMap { $0 },
                       [.began, .ended(quarterTurns: 0)])
    }

    func testAThirdFingerDoesNotChangeThePairAndACancelTurnsNothing() {
        var gesture = RotationGesture()
        _ = turn(&gesture, by: 60, lift: false)
        gesture.touchDown(id: 3, at: LogicalPoint(x: 100, y: 100))
        XCTAssertNil(gesture.touchFrame())
        gesture.touchMotion(id: 3, to: LogicalPoint(x: 600, y: 500))
        XCTAssertNil(gesture.touchFrame())
        XCTAssertEqual(try XCTUnwrap(gesture.tiltDegrees), 60, accuracy: 1e-9)
        XCTAssertEqual(gesture.touchCancel(), .cancelled)
        XCTAssertEqual(gesture.phase, .idle)
    }

    func testOneFingerLiftingEndsTheTurnAndTheOtherIsWaitedOut() {
        var gesture = RotationGesture()
        _ = turn(&gesture, by: 95, lift: false)
        gesture.touchUp(id: 2)
        XCTAssertEqual(gesture.touchFrame(), .ended(quarterTurns: 1))
        XCTAssertEqual(gesture.phase, .ended)
        XCTAssertTrue(gesture.holdsInput, "the finger left down is the turn's until it lifts")
        gesture.touchMotion(id: 1, to: LogicalPoint(x: 10, y: 10))
        XCTAssertNil(gesture.touchFrame())
        gesture.touchUp(id: 1)
        XCTAssertNil(gesture.touchFrame())
        XCTAssertEqual(gesture.phase, .idle)
        XCTAssertFalse(gesture.holdsInput)
    }

    func testADeclinedTurnLeavesTheGestureToTheZoom() {
        var gesture = RotationGesture()
        var events = turn(&gesture, by: 10, frames: 4, lift: false)
        events += turn(&gesture, by: 10, frames: 1, startDegrees: 10, lift: false)
        XCTAssertEqual(events.compactMap { $0 }, [.began])
        gesture.decline()
        XCTAssertEqual(gesture.phase, .declined)
        XCTAssertNil(gesture.tiltDegrees)
        XCTAssertFalse(gesture.holdsInput)
        XCTAssertEqual(turn(&gesture, by: 90, startDegrees: 20).compactMap { $0 }, [], "nothing more this gesture")
    }

    func testATouchpadPinchThatRotatesTurnsThePages() {
        var gesture = RotationGesture()
        gesture.pinchBegin()
        var events: [RotationGesture.Event?] = []
        for update in 1...10 { events.append(gesture.pinchUpdate(scale: 1 + 0.005 * Double(update), rotationDegrees: 10)) }
        XCTAssertEqual(events.firstIndex(of: .began), 1, "20° after the second update")
        XCTAssertEqual(try XCTUnwrap(gesture.tiltDegrees), 100, accuracy: 1e-9)
        XCTAssertEqual(gesture.pinchEnd(isCancelled: false), .ended(quarterTurns: 1))
        XCTAssertEqual(gesture.phase, .idle)

        // A cancelled one turns nothing.
        gesture.pinchBegin()
        XCTAssertEqual(gesture.pinchUpdate(scale: 1, rotationDegrees: -50), .began)
        XCTAssertEqual(gesture.pinchEnd(isCancelled: true), .cancelled)
    }

    func testATouchpadPinchThatZoomsWithSomeRotationStaysAZoom() {
        var gesture = RotationGesture()
        gesture.pinchBegin()
        var events: [RotationGesture.Event?] = []
        for update in 1...10 { events.append(gesture.pinchUpdate(scale: 1 + 0.1 * Double(update), rotationDegrees: 2.5)) }
        XCTAssertEqual(events.compactMap { $0 }, [])
        XCTAssertEqual(gesture.phase, .declined)
        XCTAssertNil(gesture.pinchEnd(isCancelled: false))
    }

    func testQuarterTurnsLandOnTheNearest() {
        let table: [(Double, Int)] = [(0, 0), (44.9, 0), (45, 1), (90, 1), (134.9, 1), (135, 2), (-44, 0), (-50, -1),
                                      (-181, -2), (270, 3), (359, 4)]
        for (degrees, turns) in table {
            XCTAssertEqual(RotationGesture.quarterTurns(forDegrees: degrees), turns, "\(degrees)°")
        }
    }
}

/// The page settling on its quarter turn after the fingers lifted.
final class RotationLandingTests: XCTestCase {
    func testWhatTheFingersLeftOverEasesOutToNoneIn200Milliseconds() {
        // 80° landed on one quarter turn: the turned page starts 10° short of it.
        let landing = RotationLanding(turnedDegrees: 80, quarterTurns: 1, timeMilliseconds: 1000)
        let table: [(Double, Double?)] = [(1000, -10), (1100, -1.25), (1199, -0.00000125), (1200, nil), (1500, nil)]
        for (time, tilt) in table {
            if let tilt {
                XCTAssertEqual(try XCTUnwrap(landing.tiltDegrees(at: time)), tilt, accuracy: 1e-9, "at \(time) ms")
            } else {
                XCTAssertNil(landing.tiltDegrees(at: time), "at \(time) ms")
            }
        }
        // A turn short of 45° comes back from where the fingers left it.
        XCTAssertEqual(RotationLanding(turnedDegrees: -30, quarterTurns: 0, timeMilliseconds: 0).tiltDegrees(at: 0), -30)
    }
}
