import Foundation
import GlideDriver
import TestCompositor
import XCTest

/// Touchpad scrolling with its kinetic fling and the hold that stops it, and wheel notches.
final class TouchpadAndWheelTests: GlideTestCase {
    func testTouchpadScrollingIsOneToOneAxisStopFlingsAndAHoldStopsTheFling() throws {
        let session = try start()
        try session.pointerEnter(x: 400, y: 300)
        for _ in 0..<5 { try session.fingerScroll(dy: 30) }
        var trace = try session.trace()
        XCTAssertEqual(trace.last?.y, 150, "1:1 with the fingers: \(trace.suffix(5))")

        try session.fingerScrollStop()
        for _ in 0..<10 { try session.presentFrame() }
        let flinging = try session.traceOfShownFrame()
        XCTAssertEqual(flinging.phase, "decelerating", "axis_stop starts a fling")
        XCTAssertGreaterThan(flinging.y, 150 + 50)

        // Fingers rest on the touchpad: the fling stops at once and stays stopped.
        let surface = session.surface
        try session.input { server, time in server.pointerGestures.sendHoldBegin(on: surface, time: time) }
        let held = try session.traceOfShownFrame()
        for _ in 0..<10 { try session.presentFrame() }
        try session.input { server, time in server.pointerGestures.sendHoldEnd(time: time) }
        try session.runUntilIdle()
        trace = try session.trace()
        let afterHold = trace.drop { $0.t < held.t }
        XCTAssertTrue(afterHold.allSatisfy { $0.y == held.y }, "no motion after the hold: \(afterHold.prefix(3))")
        XCTAssertFalse(afterHold.dropFirst().contains { $0.phase == "decelerating" })
        XCTAssertEqual(trace.last?.phase, "idle")
        print("touchpad: 5 × 30 px → y 150; fling to \(flinging.y) after 10 frames; a hold stopped it at \(held.y)")
    }

    func testEachWheelNotchScrollsTheSameExactStepWithoutAFling() throws {
        let session = try start()
        try session.pointerEnter(x: 400, y: 300)
        var rests: [Double] = []
        for steps in [1, 1, 2] as [Int32] {
            try session.wheel(steps: steps)
            try session.runUntilIdle()
            let trace = try session.trace()
            XCTAssertFalse(trace.contains { $0.phase == "decelerating" }, "never kinetic")
            rests.append(try XCTUnwrap(trace.last).y)
        }
        let step = pow(600, 2.0 / 3.0)
        XCTAssertEqual(rests[0], step, accuracy: 0.002, "one notch is viewport^(2/3) px")
        XCTAssertEqual(rests[1] - rests[0], step, accuracy: 0.002, "the next notch the same")
        XCTAssertEqual(rests[2] - rests[1], 2 * step, accuracy: 0.002, "two notches in one frame, twice that")
        print("wheel: a notch is \(rests[0]) px (600^(2/3) = \(step))")
    }
}
