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

    func testAScaleChangeWhileRunningIsDrawnAtTheNextFrameCallbackOnly() throws {
        let client = try launchGlide()
        let (toplevel, _) = try waitForMappedWindow()
        let count = compositor.exec { server in
            server.output.scale = 2
            return toplevel.surface.commitCount
        }

        // Glide has a frame in flight, so it waits for that frame's callback to draw again.
        usleep(300_000)
        compositor.exec { _ in
            XCTAssertEqual(toplevel.surface.commitCount, count, "no commit before the frame callback")
            XCTAssertTrue(toplevel.surface.isWaitingForFrame)
        }
        compositor.exec { $0.presentFrame() }
        let state = try compositor.wait("the commit at scale 2") { _ in
            toplevel.surface.commitCount > count ? toplevel.surface.committed : nil
        }

        XCTAssertEqual(state.bufferScale, 2)
        XCTAssertEqual(state.image?.width, 2048)
        compositor.exec { _ in toplevel.sendClose() }
        XCTAssertEqual(try client.waitForExit(), 0)
    }

    func testFrameCallbacksAreAnsweredOnlyWhenPresentedAndAnIdleClientCommitsNothing() throws {
        let client = try launchGlide()
        let (toplevel, _) = try waitForMappedWindow()
        let count = compositor.exec { _ in toplevel.surface.commitCount }

        usleep(300_000)
        compositor.exec { server in
            XCTAssertTrue(toplevel.surface.isWaitingForFrame, "the callback waits for the test")
            XCTAssertEqual(toplevel.surface.commitCount, count)
            XCTAssertEqual(server.presentFrame(), 1000, "the frame clock starts at 1 s")
        }
        usleep(300_000)
        compositor.exec { server in
            XCTAssertEqual(toplevel.surface.commitCount, count, "nothing changed, so nothing is drawn")
            XCTAssertFalse(server.isWaitingForFrame, "and no frame is requested")
        }

        compositor.exec { _ in toplevel.sendClose() }
        XCTAssertEqual(try client.waitForExit(), 0)
    }
}
