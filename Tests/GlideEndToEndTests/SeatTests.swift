import GlideDriver
import TestCompositor
import XCTest

/// Input devices that come and go while glide runs (a touchscreen or keyboard unplugged,
/// Sway's virtual devices): glide releases and re-acquires them, and they keep working.
final class SeatTests: GlideTestCase {
    private func waitForDevices(_ session: GlideSession, count: Int, _ description: String) throws {
        try session.compositor.wait(description) { server in
            let seat = server.seat
            return [seat.touch.resourceCount, seat.pointer.resourceCount, seat.keyboard.resourceCount] == [count, count, count]
                ? () : nil
        }
    }

    func testEveryDeviceRemovedAndAddedBackStillWorks() throws {
        let session = try start()
        try waitForDevices(session, count: 1, "glide to hold one touch, pointer and keyboard")

        session.compositor.exec { $0.seat.capabilities = [] }
        try waitForDevices(session, count: 0, "glide to release its touch, pointer and keyboard")
        session.compositor.exec { $0.seat.capabilities = [.pointer, .keyboard, .touch] }
        try waitForDevices(session, count: 1, "glide to get a new touch, pointer and keyboard")

        // Touch: a flick scrolls and flings.
        try session.flick(from: 400, by: -200, steps: 4)
        try session.runUntilIdle()
        let trace = try session.trace()
        XCTAssertTrue(trace.contains { $0.phase == "decelerating" }, "the new touch flings")
        XCTAssertGreaterThan(try XCTUnwrap(trace.last).y, 190)

        // Pointer: on entering, glide sets its cursor through the new pointer.
        try session.pointerEnter(x: 100, y: 100)
        try session.compositor.wait("glide to set a cursor on the new pointer") { $0.seat.pointer.cursorSurface }

        // Keyboard: q quits.
        try session.type(.q)
        XCTAssertEqual(try session.client.waitForExit(), 0)
    }

    /// The pointer, touchpad and gesture steps of `GlideSession` (for the tests to come of
    /// touchpad flings, wheel steps, pinch and hold) send legal events that reach glide's
    /// objects: the compositor reports no problem, and glide keeps running at rest.
    func testThePointerAndGestureStepsReachGlidesObjects() throws {
        let session = try start()
        try session.pointerEnter(x: 400, y: 300)
        for _ in 0..<3 { try session.fingerScroll(dy: 20) }
        try session.fingerScrollStop()
        try session.wheel(steps: 2)
        try session.pinch(scales: [1.1, 1.3])
        try session.hold()
        try session.doubleTap(x: 400, y: 300)
        try session.runUntilIdle()
        XCTAssertTrue(session.client.isRunning)
        XCTAssertEqual(session.takeProblems(), [])
    }

    /// A touchscreen that goes away mid-drag ends the drag as a cancel would: no fling, the
    /// content stays, and the touchscreen works again when it comes back.
    func testATouchscreenRemovedMidDragEndsTheDragWithoutAFlingAndWorksWhenBack() throws {
        let session = try start()
        try session.down(x: 400, y: 500)
        try session.drag(x: 400, from: 500, by: -300, steps: 3)
        let atRemoval = try session.traceOfShownFrame()
        XCTAssertEqual(atRemoval.y, 290)

        session.compositor.exec { $0.seat.capabilities = [.pointer, .keyboard] }
        try session.compositor.wait("glide to release its touch") { $0.seat.touch.resourceCount == 0 ? () : nil }
        try session.runUntilIdle()
        let after = try session.trace().drop { $0.t < atRemoval.t }
        XCTAssertFalse(after.contains { $0.phase == "decelerating" }, "no fling")
        XCTAssertTrue(after.allSatisfy { $0.y == 290 }, "the content stays")
        XCTAssertEqual(after.last?.phase, "idle", "the drag ended")

        session.compositor.exec { $0.seat.capabilities = [.pointer, .keyboard, .touch] }
        try session.compositor.wait("glide to get a new touch") { $0.seat.touch.resourceCount == 1 ? () : nil }
        try session.down(x: 400, y: 300)
        try session.drag(x: 400, from: 300, by: -60, steps: 2)
        XCTAssertEqual(try session.traceOfShownFrame().y, 290 + 50, "the returned touchscreen drags")
    }
}
