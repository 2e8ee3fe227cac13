import GlideDriver
import TestCompositor
import XCTest

/// One-finger scrolling of the real glide, read from its frame trace and its pixels.
final class TouchScrollingTests: GlideTestCase {
    func testAFlickMovesTheTextWithTheFingerThenDeceleratesAndStopsAskingForFrames() throws {
        let session = try start()
        let before = try session.image

        // The finger goes down and moves up the screen 100 px in 5 frames: past the 10 px
        // slop the content follows it 1:1.
        try session.down(x: 400, y: 400)
        try session.drag(x: 400, from: 400, by: -100, steps: 5)
        let dragged = try session.image
        var trace = try session.trace()
        let dragFrames = trace.filter { $0.phase == "dragging" }
        XCTAssertEqual(dragFrames.map(\.y), [10, 30, 50, 70, 90], "1:1 past the slop: \(trace)")

        // The pixels moved as much: the text is 90 px higher.
        let (shift, matching) = dragged.verticalShift(from: before, in: 0...200)
        XCTAssertEqual(shift, 90, "the text moved with the finger")
        XCTAssertGreaterThan(matching, 0.95)

        // Lift: the content keeps moving, ever more slowly, and then rests.
        try session.up()
        // (The 20th frame of the fling is kept, to compare its pixels with its trace line.)
        var flingImage: (frame: Int, image: SurfaceImage)?
        var flingFrames = 0
        try session.runUntilIdle { _, state in
            flingFrames += 1
            if flingFrames == 20, let image = state?.image { flingImage = (session.frameCount, image) }
        }
        trace = try session.trace()
        let fling = trace.filter { $0.phase == "decelerating" }
        XCTAssertGreaterThan(fling.count, 30, "the fling lasts")
        let speeds = fling.ySpeeds
        XCTAssertGreaterThan(speeds.first ?? 0, 0.8, "fast at first (px/ms): \([TraceFrame].brief(speeds))")
        XCTAssertTrue(speeds.allSatisfy { $0 >= 0 }, "it keeps moving the same way: \([TraceFrame].brief(speeds))")
        let accelerations = zip(speeds.dropFirst(), speeds).filter { later, earlier in later > earlier + 0.001 }
        XCTAssertEqual(accelerations.count, 0, "it only slows down: \([TraceFrame].brief(speeds))")
        let last = try XCTUnwrap(trace.last)
        XCTAssertGreaterThan(last.y, 300, "the fling carried the content far past the finger's 90 px")
        XCTAssertEqual(last.phase, "idle")
        XCTAssertEqual(last.vIndicator, 0, "the indicator faded out")

        // Mid-fling the pixels show the traced offset.
        let (frame, image) = try XCTUnwrap(flingImage, "no 20th frame in the fling")
        let flingY = trace[frame - 1].y
        let (flingShift, flingMatching) = image.verticalShift(from: dragged, in: 0...600)
        XCTAssertEqual(Double(flingShift), (flingY - 90).rounded(), "traced \(flingY)")
        XCTAssertGreaterThan(flingMatching, 0.5)

        // At rest, glide asks for no more frames and draws nothing.
        let count = session.commitCount
        usleep(200_000)
        try session.compositor.roundtrip()
        session.compositor.exec { _ in
            XCTAssertFalse(session.surface.isWaitingForFrame, "no frame callback after rest")
            XCTAssertEqual(session.surface.commitCount, count, "no commit after rest")
        }
    }
}
