import GlideDriver
import TestCompositor
import XCTest

/// How glide reads `wl_touch`: events grouped by `frame`, several fingers, `cancel`, and a
/// compositor that sends no `frame` after the last `up`.
final class TouchInputTests: GlideTestCase {
    func testTouchEventsTakeEffectTogetherAtTheirFrame() throws {
        let session = try start()
        try session.down(x: 400, y: 400)
        let count = session.frameCount

        // Two motions with no frame yet: glide holds them and draws nothing.
        session.compositor.exec { server in
            let time = server.frameClock.nextFrameTimeMilliseconds
            server.seat.touch.sendMotion(id: 0, x: 400, y: 300, time: time)
            server.seat.touch.sendMotion(id: 0, x: 400, y: 250, time: time)
        }
        try session.compositor.roundtrip()
        XCTAssertEqual(session.frameCount, count, "nothing is drawn before the frame")

        // The frame: both apply at once, in one drawn frame: 150 px, less the 10 px slop.
        try session.touch { _, _ in }
        XCTAssertEqual(session.frameCount, count + 1, "one frame for the group")
        XCTAssertEqual(try session.traceOfShownFrame().y, 140)
    }

    /// With zoom off (`--zoom 1:1`) two fingers only pan, by the mean of their motions.
    func testWithZoomOffTwoFingersMoveTheContentByTheirMeanMotion() throws {
        let session = try start(arguments: ["--zoom", "1:1"])
        let surface = session.surface
        try session.touch { touch, time in
            touch.sendDown(on: surface, id: 1, x: 300, y: 500, time: time)
            touch.sendDown(on: surface, id: 2, x: 500, y: 500, time: time)
        }
        // Both move up 60 px in one frame: the content moves 60 less the slop.
        try session.touch { touch, time in
            touch.sendMotion(id: 1, x: 300, y: 440, time: time)
            touch.sendMotion(id: 2, x: 500, y: 440, time: time)
        }
        XCTAssertEqual(try session.traceOfShownFrame().y, 50)
        // One moves 60 px more, the other holds: the content moves half of it.
        try session.move(1, x: 300, y: 380)
        XCTAssertEqual(try session.traceOfShownFrame().y, 80)
        // One lifts: the other carries on alone, 1:1, with no jump.
        try session.up(2)
        XCTAssertEqual(try session.traceOfShownFrame().y, 80)
        try session.move(1, x: 300, y: 340)
        XCTAssertEqual(try session.traceOfShownFrame().y, 120)
    }

    func testACancelMidDragStopsWithoutAFlingWhereTheContentIs() throws {
        let session = try start()
        // A fast drag up: 400 px in 4 frames, which would fling far on release.
        try session.down(x: 400, y: 500)
        try session.drag(x: 400, from: 500, by: -400, steps: 4)
        let atCancel = try session.traceOfShownFrame()
        XCTAssertEqual(atCancel.y, 390)

        try session.cancelTouches()
        try session.runUntilIdle()
        let after = try session.trace().drop { $0.t < atCancel.t }
        XCTAssertFalse(after.contains { $0.phase == "decelerating" }, "no fling after a cancel")
        XCTAssertTrue(after.allSatisfy { $0.y == 390 }, "the content stays where the finger left it")
        XCTAssertEqual(after.last?.phase, "idle")

        // The next touch works as usual.
        try session.down(x: 400, y: 300)
        try session.drag(x: 400, from: 300, by: -50, steps: 2)
        XCTAssertEqual(try session.traceOfShownFrame().y, 390 + 40)
    }

    func testACancelWhileOverdraggedSettlesBackInsideTheBounds() throws {
        let session = try start()
        try session.down(x: 400, y: 100)
        try session.drag(x: 400, from: 100, by: 300, steps: 3)
        let atCancel = try session.traceOfShownFrame()
        XCTAssertLessThan(atCancel.y, -50, "rubber-banding past the top")

        try session.cancelTouches()
        try session.runUntilIdle()
        let after = try session.trace().drop { $0.t < atCancel.t }
        XCTAssertFalse(after.contains { $0.phase == "decelerating" }, "no fling after a cancel")
        XCTAssertTrue(after.contains { $0.phase == "bouncing" }, "it springs back")
        XCTAssertTrue(after.allSatisfy { $0.y <= 0.0005 }, "never past the edge the other way")
        XCTAssertEqual(after.last?.y, 0, "inside the bounds at rest")
        XCTAssertEqual(after.last?.phase, "idle")
    }

    /// weston and mutter 43 send no `frame` after the last `up`; glide must act on the up
    /// alone, exactly as if the frame had come.
    func testALastUpWithoutAFrameStillFlingsAsWithOne() throws {
        var finals: [Double] = []
        var flingLengths: [Int] = []
        for liftFrame in [true, false] {
            let session = try start()
            try session.flick(from: 500, by: -200, steps: 4, liftFrame: liftFrame)
            try session.runUntilIdle()
            let trace = try session.trace()
            let fling = trace.filter { $0.phase == "decelerating" }
            XCTAssertGreaterThan(fling.count, 30, "a fling, with the frame: \(liftFrame)")
            finals.append(try XCTUnwrap(trace.last).y)
            flingLengths.append(fling.count)
            XCTAssertEqual(session.takeProblems(), [])
            session.stop()
            self.session = nil
        }
        XCTAssertGreaterThan(finals[1], 190 + 100, "the fling carried the content past the finger")
        XCTAssertEqual(finals[0], finals[1], "the same rest with or without the frame")
        XCTAssertEqual(flingLengths[0], flingLengths[1])
    }

    /// Two fingers spreading apart zoom about the point between them: the content point
    /// under their centre stays under it.
    func testTwoFingersSpreadingZoomAboutTheirCentre() throws {
        let session = try start(arguments: ["--zoom", "0.75:4"])  // magnification, not text size
        let surface = session.surface
        try session.touch { touch, time in
            touch.sendDown(on: surface, id: 1, x: 300, y: 300, time: time)
            touch.sendDown(on: surface, id: 2, x: 500, y: 300, time: time)
        }
        for step in 1...4 {
            let spread = 100 + 12.5 * Double(step)
            try session.touch { touch, time in
                touch.sendMotion(id: 1, x: 400 - spread, y: 300, time: time)
                touch.sendMotion(id: 2, x: 400 + spread, y: 300, time: time)
            }
        }
        let pinched = try session.traceOfShownFrame()
        XCTAssertGreaterThan(pinched.zoom, 1.2, "spreading zooms in")
        XCTAssertEqual(pinched.zoom, 1.5, accuracy: 0.01, "by the ratio of the fingers' distances, 300 / 200")
        // The content point under the centre (400, 300) is still (400, 300) at zoom 1.
        XCTAssertEqual((pinched.x + 400) / pinched.zoom, 400, accuracy: 1)
        XCTAssertEqual((pinched.y + 300) / pinched.zoom, 300, accuracy: 1)
        try session.touch { touch, time in
            touch.sendUp(id: 1, time: time)
            touch.sendUp(id: 2, time: time)
        }
        try session.runUntilIdle()
        let rest = try XCTUnwrap(try session.trace().last)
        XCTAssertGreaterThan(rest.zoom, 1.2, "the zoom stays after the fingers lift")
        print("pinch: fingers 200 → 300 px apart: zoom \(pinched.zoom) at (\(pinched.x), \(pinched.y)); at rest \(rest.zoom)")
    }
}
