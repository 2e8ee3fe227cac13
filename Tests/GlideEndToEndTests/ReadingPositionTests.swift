import Foundation
import GlideDriver
import TestCompositor
import XCTest

/// The reading position survives a SIGTERM mid-fling: glide saves it on the way out, and the
/// next glide on the same file opens there (XDG_STATE_HOME is the compositor's `state`).
final class ReadingPositionTests: GlideTestCase {
    func testSigtermMidFlingSavesThePositionExitsZeroAndTheNextRunOpensThere() throws {
        let session = try start()
        for _ in 0..<2 {
            try session.flick(from: 500, by: -300, steps: 4)
            try session.runUntilIdle()
        }
        try session.flick(from: 500, by: -300, steps: 4)
        for _ in 0..<8 { try session.presentFrame() }
        let shown = try session.traceOfShownFrame()
        XCTAssertEqual(shown.phase, "decelerating", "mid-fling")
        XCTAssertGreaterThan(shown.y, 1500, "deep in the document")

        let image = try session.image
        kill(session.client.processIdentifier, SIGTERM)
        XCTAssertEqual(try session.client.waitForExit(), 0, "stderr: \(session.client.standardError)")
        let last = try XCTUnwrap(try FrameTrace.read(session.tracePath).last)
        let saved = try FileManager.default.contentsOfDirectory(atPath: session.compositor.runtimeDirectory.path + "/state/glide")
        XCTAssertFalse(saved.isEmpty, "a state file under XDG_STATE_HOME/glide")

        // The same file, unchanged, in the same compositor.
        let reopened = try GlideSession(in: session.compositor, document: .paths(session.documentPaths))
        self.session = reopened
        let first = try XCTUnwrap(try reopened.trace().first, "the new run's first frame")
        XCTAssertEqual(first.zoom, last.zoom)
        XCTAssertGreaterThan(first.y, 1500, "not at the top")
        // The offsets of the two runs differ, since the new one estimates the height of the
        // text above rather than laying it out; the text at the top is the same.
        let (shift, matching) = try reopened.image.verticalShift(from: image, in: -60...60)
        XCTAssertEqual(shift, 0, "the same text at the top")
        XCTAssertGreaterThan(matching, 0.95)
        print("SIGTERM mid-fling at y \(shown.y) (last traced \(last.y)); reopened at \(first.y), pixels shifted \(shift) "
              + "(\(matching) of the rows match); state: \(saved)")
    }
}
