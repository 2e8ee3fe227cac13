import Foundation
import GlideDriver
import TestCompositor
import XCTest

/// Keys, resizing mid-fling, and a compositor that goes away.
final class LifecycleAndKeyTests: GlideTestCase {
    func testQQuitsWithStatusZero() throws {
        let session = try start()
        try session.type(.q)
        XCTAssertEqual(try session.client.waitForExit(), 0)
    }

    func testControlQQuitsWithStatusZero() throws {
        let session = try start()
        try session.type(.q, with: [.leftControl])
        XCTAssertEqual(try session.client.waitForExit(), 0)
    }

    func testF11AsksForFullscreenAndEscapeLeavesItAndNothingMore() throws {
        let session = try start()
        let toplevel = session.toplevel
        try session.type(.f11)
        XCTAssertEqual(session.compositor.exec { _ in toplevel.fullscreenRequests }, [true], "set_fullscreen")

        // The compositor grants it: glide fills the output.
        let fullscreen = try session.configure(width: 1920, height: 1080, states: [.fullscreen, .activated])
        XCTAssertEqual(fullscreen.image.map { [$0.width, $0.height] }, [1920, 1080])

        // Escape leaves fullscreen (and does not quit); F11 would have toggled it too.
        try session.type(.escape)
        XCTAssertEqual(session.compositor.exec { _ in toplevel.fullscreenRequests }, [true, false], "unset_fullscreen")
        XCTAssertTrue(session.client.isRunning, "Escape in fullscreen only leaves it")
        let windowed = try session.configure(width: 800, height: 600)
        XCTAssertEqual(windowed.image.map { [$0.width, $0.height] }, [800, 600])

        // Out of fullscreen, Escape has nothing transient to close: it does nothing.
        try session.type(.escape)
        try session.runUntilIdle()
        XCTAssertTrue(session.client.isRunning, "Escape never quits")
        XCTAssertEqual(session.compositor.exec { _ in toplevel.fullscreenRequests }, [true, false])
    }

    /// Glide reflows for the new width and keeps the block that was at the top there (which,
    /// by design, ends a running fling: see `Viewer.resize`); a fling that goes on is fine too.
    /// Either way the reading position is kept: the same share of the document lies above.
    func testAConfigureToANewSizeMidFlingReflowsAndKeepsTheReadingPosition() throws {
        let session = try start()
        // Deep into the document first, so that a lost position would show.
        for _ in 0..<2 {
            try session.flick(from: 500, by: -300, steps: 4)
            try session.runUntilIdle()
        }
        try session.flick(from: 500, by: -300, steps: 4)
        for _ in 0..<8 { try session.presentFrame() }
        let before = try session.traceOfShownFrame()
        XCTAssertEqual(before.phase, "decelerating")
        XCTAssertGreaterThan(before.y, 2000, "deep in the document")
        let wide = try session.image

        let state = try session.configure(width: 500, height: 700)
        XCTAssertEqual(state.image.map { [$0.width, $0.height] }, [500, 700], "a buffer of the new size")
        // Reflowed: narrower lines, so the text's right edge moved left, and more pages.
        let narrow = try XCTUnwrap(state.image)
        XCTAssertGreaterThan(wide.rightmostInkColumn(), 500, "the 800 px page had lines wider than 500 px")
        XCTAssertLessThan(narrow.rightmostInkColumn(), 500 - 8, "lines rewrapped inside 500 px")
        let after = try session.traceOfShownFrame()
        XCTAssertGreaterThan(Double(after.pages) * 700, Double(before.pages) * 600 * 1.2, "a taller document")

        // The share of the document above the top is kept (within the page count's rounding).
        let shareBefore = before.y / (Double(before.pages) * 600), shareAfter = after.y / (Double(after.pages) * 700)
        XCTAssertEqual(shareAfter, shareBefore, accuracy: 1.5 / Double(before.pages) + 1.5 / Double(after.pages),
                       "reading position: \(before.y) of \(before.pages) pages → \(after.y) of \(after.pages)")

        try session.runUntilIdle()
        let rest = try XCTUnwrap(try session.trace().last)
        if after.phase == "decelerating" {
            XCTAssertGreaterThan(rest.y, after.y, "a fling that goes on carries on forwards")
        } else {
            XCTAssertEqual(rest.y, after.y, "a fling that ended stays where the reflow put it")
        }
        XCTAssertEqual(rest.phase, "idle")
        XCTAssertGreaterThanOrEqual(rest.y, 0)
        XCTAssertLessThanOrEqual(rest.y, Double(rest.pages) * 700)
        XCTAssertEqual(try session.image.width, 500)
        print("resize mid-fling: y \(before.y) of \(before.pages) pages (\(before.phase)) → \(after.y) of \(after.pages) (\(after.phase)), rest \(rest.y)")
    }

    func testADisconnectMidFlingEndsGlideWithStatusOneAndOneLineWithinASecond() throws {
        let session = try start()
        try session.flick(from: 500, by: -300, steps: 4)
        for _ in 0..<5 { try session.presentFrame() }
        XCTAssertTrue(session.compositor.exec { _ in session.surface.isWaitingForFrame }, "glide is animating")

        let start = ContinuousClock.now
        session.compositor.exec { $0.disconnectClients() }
        let status = try session.client.waitForExit(timeout: .seconds(1))
        let elapsed = ContinuousClock.now - start

        XCTAssertEqual(status, 1)
        XCTAssertLessThan(elapsed, .seconds(1))
        let lines = session.client.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "stderr: \(session.client.standardError)")
        XCTAssertTrue(lines.first?.hasPrefix("glide: ") == true, "stderr: \(session.client.standardError)")
        print("disconnect: exit \(status) after \(elapsed): \(lines.first ?? "")")
    }
}
