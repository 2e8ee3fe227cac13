import TestCompositor
import XCTest

/// The real `glide` in the test compositor: configure, scale and frame pacing, read from
/// the pixels it commits.
final class GlideWindowTests: CompositorTestCase {
    /// Glide's page colour (`Palette`), #FBFAF7.
    private let pageColor: UInt32 = 0xFB_FAF7

    func testConfigureWithAChosenSizeGivesABufferOfThatSizeWithDarkTextOnALightPage() throws {
        let client = try launchGlide()
        let (toplevel, first) = try waitForMappedWindow()
        XCTAssertEqual(first.logicalSize, Size(width: 1024, height: 768), "a 0×0 configure lets glide choose")

        let (serial, count) = compositor.exec { _ in
            (toplevel.sendConfigure(width: 640, height: 480), toplevel.surface.commitCount)
        }
        let state = try waitForCommit(of: toplevel.surface, after: count, "a commit at 640×480")

        let image = try XCTUnwrap(state.image)
        XCTAssertEqual([image.width, image.height], [640, 480])
        XCTAssertEqual(state.bufferScale, 1)
        XCTAssertEqual(state.bufferDamage, [Rect(x: 0, y: 0, width: 640, height: 480)])
        XCTAssertEqual(compositor.exec { _ in toplevel.acknowledgedSerial }, serial)
        XCTAssertEqual(image.rgb(x: image.width - 2, y: image.height - 2), pageColor)
        XCTAssertGreaterThan(image.countPixels(darkerThan: 100), 500, "dark glyph strokes on the page")

        compositor.exec { _ in toplevel.sendClose() }
        XCTAssertEqual(try client.waitForExit(), 0)
    }

    func testOutputScaleTwoGivesATwiceAsLargeBufferWithBufferScaleTwo() throws {
        compositor.exec { $0.output.scale = 2 }
        let client = try launchGlide()
        let (toplevel, state) = try waitForMappedWindow()

        let image = try XCTUnwrap(state.image)
        XCTAssertEqual([image.width, image.height], [2048, 1536])
        XCTAssertEqual(state.bufferScale, 2)
        XCTAssertEqual(state.logicalSize, Size(width: 1024, height: 768))
        XCTAssertGreaterThan(image.countPixels(darkerThan: 100), 2000)

        compositor.exec { _ in toplevel.sendClose() }
        XCTAssertEqual(try client.waitForExit(), 0)
    }

    func testAScaleChangeWhileIdleIsDrawnAtOnceAtScaleTwo() throws {
        let client = try launchGlide()
        let (toplevel, _) = try waitForMappedWindow()
        try compositor.roundtrip()
        let count = compositor.exec { server in
            XCTAssertFalse(toplevel.surface.isWaitingForFrame, "an idle window asks for no frame")
            server.output.scale = 2
            return toplevel.surface.commitCount
        }

        // No frame callback is pending, so the change is drawn at once, with no frame presented.
        let state = try compositor.wait("the commit at scale 2") { _ in
            toplevel.surface.commitCount > count ? toplevel.surface.committed : nil
        }

        XCTAssertEqual(state.bufferScale, 2)
        XCTAssertEqual(state.image?.width, 2048)
        XCTAssertEqual(state.image?.height, 1536)
        XCTAssertEqual(compositor.exec { $0.frameClock.frameCount }, 0, "drawn before any frame was presented")
        compositor.exec { _ in toplevel.sendClose() }
        XCTAssertEqual(try client.waitForExit(), 0)
    }

    func testFrameCallbacksAreAnsweredOnlyWhenPresentedAndAnIdleClientRequestsNoFrameAndCommitsNothing() throws {
        let client = try launchGlide()
        let (toplevel, _) = try waitForMappedWindow()
        try compositor.roundtrip()
        let count = compositor.exec { _ in toplevel.surface.commitCount }

        // Idle: no frame callback requested, and nothing drawn however long it waits.
        usleep(300_000)
        try compositor.roundtrip()
        compositor.exec { server in
            XCTAssertFalse(server.isWaitingForFrame, "an idle window requests no frame")
            XCTAssertEqual(toplevel.surface.commitCount, count, "nothing changed, so nothing is drawn")
            XCTAssertEqual(toplevel.surface.commitLog.last?.requestsFrame, false)
        }

        // A finger down is drawn at once, and asks for a frame: it is answered only when the
        // test presents one.
        compositor.exec { server in
            server.seat.touch.sendDown(on: toplevel.surface, id: 0, x: 300, y: 300, time: 990)
            server.seat.touch.sendFrame()
        }
        try compositor.roundtrip()
        usleep(300_000)
        compositor.exec { server in
            XCTAssertEqual(toplevel.surface.commitCount, count + 1, "the touch is drawn at once")
            XCTAssertTrue(toplevel.surface.isWaitingForFrame, "the callback waits for the test")
            XCTAssertEqual(server.presentFrame(), 1000, "the frame clock starts at 1 s")
        }
        try compositor.roundtrip()

        // The finger lifts without moving: back at rest, no frame requested.
        compositor.exec { server in
            server.seat.touch.sendUp(id: 0, time: 1010)
            server.seat.touch.sendFrame()
        }
        try compositor.presentFramesUntilIdle(toplevel.surface)
        compositor.exec { _ in XCTAssertFalse(toplevel.surface.isWaitingForFrame) }
        compositor.exec { _ in toplevel.sendClose() }
        XCTAssertEqual(try client.waitForExit(), 0)
    }
}
