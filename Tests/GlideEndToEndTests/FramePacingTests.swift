import Foundation
import GlideDriver
import TestCompositor
import XCTest

/// Frame pacing: input shown within a frame, nothing while idle, buffers reused.
final class FramePacingTests: GlideTestCase {
    /// A touchscreen sampling at 120 Hz on a 60 Hz display whose frame callbacks come
    /// promptly at each refresh. Two motions arrive 12 and 6 ms before each refresh: a motion
    /// that finds no frame in flight is drawn at once; one that finds a frame in flight is
    /// drawn when that frame's callback comes, at the next refresh. Either way the commit
    /// that shows it comes before or at the first refresh after it: at most one frame.
    func testATouchMotionIsShownWithinOneFrameWhenFrameCallbacksArePrompt() throws {
        let session = try start()
        try session.down(x: 400, y: 500)
        try session.move(x: 400, y: 480)
        var fingerY = 480.0
        /// Each motion: its time, the finger's y, the refreshes presented before the commit
        /// that showed it, the ms from its time to that commit on the frame clock (0 when
        /// drawn at once), and that commit's frame number.
        var motions: [(time: UInt32, fingerY: Double, frames: Int, milliseconds: Int, frame: Int)] = []
        var realMilliseconds: [Double] = []
        let clock = ContinuousClock()

        for _ in 0..<30 {
            var waiting: [(time: UInt32, fingerY: Double)] = []
            for lead in [12, 6] as [UInt32] {
                fingerY -= 3
                let before = session.frameCount
                let time = session.nextFrameTime - lead
                let sent = clock.now
                session.compositor.exec { server in
                    server.seat.touch.sendMotion(id: 0, x: 400, y: fingerY, time: time)
                    server.seat.touch.sendFrame()
                }
                try session.compositor.roundtrip()
                if session.frameCount > before {
                    let elapsed = (clock.now - sent).components
                    realMilliseconds.append(Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15)
                    motions.append((time, fingerY, 0, 0, session.frameCount))
                } else {
                    waiting.append((time, fingerY))
                }
            }
            // The refresh: its frame callback lets glide draw what waited.
            let before = session.frameCount
            let refresh = try session.presentFrame()
            for motion in waiting {
                XCTAssertGreaterThan(session.frameCount, before, "the motion at \(motion.time) ms is drawn at the refresh")
                motions.append((motion.time, motion.fingerY, 1, Int(refresh) - Int(motion.time), session.frameCount))
            }
        }

        // The commit that showed each motion shows the finger at least that far (a later
        // motion of the same refresh may be drawn with it): the content is 490 − finger y
        // (down at 500, less the 10 px slop).
        try session.presentFrame()
        let trace = try session.trace()
        for motion in motions {
            XCTAssertLessThanOrEqual(490 - trace[motion.frame - 1].y, motion.fingerY + 3.5,
                                     "frame \(motion.frame) shows the motion at \(motion.time) ms")
            XCTAssertGreaterThanOrEqual(490 - trace[motion.frame - 1].y, motion.fingerY - 3.5)
        }
        XCTAssertEqual(motions.count, 60)
        XCTAssertLessThanOrEqual(motions.map(\.frames).max() ?? 99, 1, "at most one frame")
        XCTAssertLessThan(motions.map(\.milliseconds).max() ?? 99, 17, "within one 16.7 ms refresh")
        let log = session.compositor.exec { _ in session.surface.commitLog }
        XCTAssertFalse(log.contains { $0.attachesBuffer && $0.wasWaitingForFrame }, "never a second frame in flight")
        let atOnce = motions.filter { $0.frames == 0 }.count
        let mean = Double(motions.map(\.milliseconds).reduce(0, +)) / Double(motions.count)
        print(String(format: "input latency: %d motions at 120 Hz on 60 Hz frames: %d drawn at once (real send-to-commit "
                     + "max %.2f ms), %d at the next refresh; at most %d frame; on the frame clock max %d ms, mean %.1f ms",
                     motions.count, atOnce, realMilliseconds.max() ?? 0, motions.count - atOnce,
                     motions.map(\.frames).max() ?? -1, motions.map(\.milliseconds).max() ?? -1, mean))
    }

    /// A compositor stops answering frame callbacks (the window was hidden): glide's fallback
    /// timer keeps the fling going at a slow rate until it ends, then glide stops.
    /// (The frame count depends on real time here; only the outcome is checked.)
    func testAFlingFinishesWhenFrameCallbacksStop() throws {
        let session = try start(size: Size(width: 300, height: 200))
        try session.flick(x: 150, from: 180, by: -100, steps: 3)
        let lifted = session.frameCount
        // No frame is presented from now on.
        try session.compositor.wait("glide to draw its fling's frames with no frame callback, and rest",
                                    timeout: .seconds(20)) { _ -> Void? in
            let log = session.surface.commitLog
            guard let last = log.last, log.filter(\.attachesBuffer).count > lifted + 3 else { return nil }
            return last.requestsFrame ? nil : ()
        }
        let log = session.compositor.exec { _ in session.surface.commitLog.filter(\.attachesBuffer) }
        XCTAssertTrue(log[lifted...].allSatisfy(\.wasWaitingForFrame), "each drawn while a callback was unanswered")
        try session.presentFrame()
        let trace = try session.trace()
        XCTAssertTrue(trace.contains { $0.phase == "decelerating" })
        XCTAssertEqual(trace.last?.phase, "idle", "the fling ended")
        XCTAssertEqual(trace.last?.vIndicator, 0, "and the indicator faded")
        print("fallback: \(log.count - lifted) frames drawn without frame callbacks")
    }

    func testAnIdleWindowRequestsNoFrameAndCommitsNothing() throws {
        let session = try start()
        try session.flick(from: 400, by: -150, steps: 3)
        try session.runUntilIdle()
        let count = session.commitCount
        usleep(300_000)
        try session.compositor.roundtrip()
        session.compositor.exec { server in
            XCTAssertFalse(server.isWaitingForFrame, "no frame callback requested while idle")
            XCTAssertEqual(session.surface.commitCount, count, "no commit while idle")
            XCTAssertEqual(session.surface.commitLog.last?.requestsFrame, false, "the last frame asked for none")
        }
    }

    /// 10 000 frames of flicks, presented as fast as glide draws them, by a compositor that
    /// keeps each buffer until the next replaces it (so glide needs two): glide keeps drawing
    /// into the same two buffers of one pool, and its memory stays put. A scrolling frame
    /// slides its buffer over the room beside it: a new `wl_buffer` over the same memory, the
    /// old one destroyed, so new buffers come, but never more than one a frame.
    func testBuffersAreReusedOverTenThousandFrames() throws {
        let session = try start(configuration: Configuration(keepsBuffersUntilReplaced: true),
                                size: Size(width: 200, height: 150))
        session.compositor.exec { $0.presentsFramesOnCommit = true }
        var direction = -1.0
        func flick() throws {
            try session.flick(x: 100, from: direction < 0 ? 130 : 20, by: 110 * direction, steps: 3)
            try session.runUntilIdle()
            direction = -direction
        }
        try flick()
        let warmUpFrames = session.frameCount
        let warmUp = session.compositor.exec { server in
            (frames: warmUpFrames, buffers: server.createdResourceCount(of: "wl_buffer"),
             pools: server.createdResourceCount(of: "wl_shm_pool"))
        }
        let memoryBefore = try ProcessStatistics.residentKilobytes(of: session.client.processIdentifier)
        let start = ContinuousClock.now
        while session.frameCount < warmUp.frames + 10_000 {
            try flick()
        }
        let elapsed = ContinuousClock.now - start
        let memoryAfter = try ProcessStatistics.residentKilobytes(of: session.client.processIdentifier)

        let frames = session.frameCount - warmUp.frames
        let (buffers, pools, live, distinct) = session.compositor.exec { server in
            (server.createdResourceCount(of: "wl_buffer"),
             server.createdResourceCount(of: "wl_shm_pool"), server.liveResourceCount(of: "wl_buffer"),
             Set(session.surface.commitLog.compactMap(\.bufferID)).count)
        }
        XCTAssertGreaterThanOrEqual(frames, 10_000)
        XCTAssertGreaterThan(buffers, warmUp.buffers, "scrolling frames slid their buffers")
        XCTAssertLessThanOrEqual(buffers - warmUp.buffers, frames, "at most one new wl_buffer a frame")
        XCTAssertEqual(pools, warmUp.pools, "no new wl_shm_pool after the first flick")
        XCTAssertLessThanOrEqual(live, 3, "two buffers, a third only when both are busy; a slid buffer's old wl_buffer is gone")
        XCTAssertGreaterThanOrEqual(distinct, 2, "the buffer on screen is busy, so glide draws into another")
        XCTAssertLessThan(memoryAfter - memoryBefore, 16 * 1024, "glide's memory does not grow with frames")
        print("buffer reuse: \(frames) frames in \(elapsed); \(buffers) wl_buffers and \(pools) pools made in all "
              + "(\(live) live, \(distinct) attached); glide's RSS \(memoryBefore) kB → \(memoryAfter) kB")
    }
}
