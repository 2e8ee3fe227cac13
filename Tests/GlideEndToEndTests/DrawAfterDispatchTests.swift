import GlideDriver
import TestCompositor
import XCTest

/// Glide draws after dispatching events, never from inside a Wayland listener (foot's
/// scheme): input that arrives in one batch is recorded in full before one frame shows it.
final class DrawAfterDispatchTests: GlideTestCase {
    /// A touch frame handled at rest, with no frame callback pending, would be drawn at once
    /// if drawing ran inside the `wl_touch.frame` listener: its commit would show the finger
    /// just down (offset 0), before the two motions sent in the same batch were dispatched.
    /// Drawn after dispatch, the first commit after the batch shows both motions.
    func testATouchBatchIsCommittedOnceAfterDispatchNotFromInsideItsListener() throws {
        let session = try start()
        try session.runUntilIdle()
        let framesBefore = session.frameCount
        let surface = session.surface
        try session.input { server, time in
            let touch = server.seat.touch
            touch.sendDown(on: surface, id: 0, x: 400, y: 400, time: time)
            touch.sendFrame()
            touch.sendMotion(id: 0, x: 400, y: 340, time: time)
            touch.sendFrame()
            touch.sendMotion(id: 0, x: 400, y: 280, time: time)
            touch.sendFrame()
        }
        let trace = try session.trace()
        XCTAssertGreaterThan(trace.count, framesBefore, "the batch was drawn")
        let first = trace[framesBefore]
        // 120 px of finger travel less the 10 px touch slop.
        XCTAssertEqual(first.y, 110, "the first frame after the batch shows all of it: \(trace.suffix(3))")
        XCTAssertEqual(first.phase, "dragging")
    }
}
