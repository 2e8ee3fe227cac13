import Foundation
import Glibc
import GlideDriver
import TestCompositor
import XCTest

/// Files that change while shown are reloaded through the real binary: a grown log shown at
/// its end follows its end, a rewrite keeps the reading position with no jump, a deleted file
/// stays shown with a one-line notice and comes back when the file does.
final class FileReloadTests: GlideTestCase {
    private func logFile(lines: Int) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-reload-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/app.log"
        try Data(logLines(0..<lines).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func logLines(_ range: Range<Int>) -> String {
        range.map { "line \($0): the service did something worth writing down\n" }.joined()
    }

    private func append(_ text: String, to path: String) throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        handle.closeFile()
    }

    /// Presents frames for up to `seconds` (the watcher coalesces for 100 ms, then a worker
    /// reads the file) until `condition` holds.
    private func wait(_ session: GlideSession, seconds: Double = 3, until condition: () throws -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            try session.presentFrame()
            if try condition() { return true }
            usleep(20_000)
        }
        return false
    }

    /// Rows near the window's bottom crossed by a notice: rows where more than 300 pixels
    /// have the notice backdrop's grey (the overlay ink at 77 % over the page), which text
    /// never has in such a run.
    private func noticeRows(_ session: GlideSession) throws -> Int {
        let image = try session.image
        return ((image.height - 120)..<image.height).filter { y in
            (0..<image.width).filter { x in
                let value = image.rgb(x: x, y: y)
                let channels = [Int(value >> 16), Int((value >> 8) & 0xff), Int(value & 0xff)]
                return channels.allSatisfy { (50...66).contains($0) }
            }.count > 300
        }.count
    }

    func testAGrowingLogShownAtItsEndFollowsItsEnd() throws {
        let path = try logFile(lines: 400)
        let session = try start(document: .paths([path]))
        // Twice: the first End aims at an end whose height is still estimated.
        for _ in 0..<2 {
            try session.type(.end)
            try session.runUntilIdle()
        }
        let before = try session.traceOfShownFrame().y
        try append(logLines(400..<600), to: path)
        let followed = try wait(session) { try session.traceOfShownFrame().y > before + 2_000 }
        XCTAssertTrue(followed, "followed the end: \(before) → \(String(describing: try? session.traceOfShownFrame().y))")
        try session.runUntilIdle()
        try session.type(.end)
        try session.runUntilIdle()
        let end = try session.traceOfShownFrame().y
        XCTAssertEqual(try session.traceOfShownFrame().y, end, accuracy: 1)
        XCTAssertTrue(session.client.isRunning)
    }

    /// Issue 28, item 4: logrotate's `copytruncate` empties the log in place; a log that was
    /// followed at its end goes on following it as it grows again.
    func testALogEmptiedInPlaceAndGrownAgainIsStillFollowed() throws {
        let path = try logFile(lines: 4_000)
        let session = try start(document: .paths([path]))
        for _ in 0..<2 {
            try session.type(.end)
            try session.runUntilIdle()
        }
        let atEnd = try session.traceOfShownFrame().y
        XCTAssertGreaterThan(atEnd, 50_000, "at the end of 4,000 lines")
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.truncateFile(atOffset: 0)
        handle.closeFile()
        let emptied = try wait(session, seconds: 6) { try session.traceOfShownFrame().y < 1_000 }
        XCTAssertTrue(emptied, "the emptied log is shown: \(String(describing: try? session.traceOfShownFrame().y))")
        try session.type(.end)
        try session.runUntilIdle()
        try append(logLines(0..<500), to: path)
        let followed = try wait(session, seconds: 6) { try session.traceOfShownFrame().y > 5_000 }
        XCTAssertTrue(followed, "followed the new end: \(String(describing: try? session.traceOfShownFrame().y))")
        try session.runUntilIdle()
        let end = try session.traceOfShownFrame().y
        try session.type(.end)
        try session.runUntilIdle()
        XCTAssertEqual(try session.traceOfShownFrame().y, end, accuracy: 1, "at the very end")
        XCTAssertTrue(session.client.isRunning)
    }

    func testARewriteKeepsTheReadingPositionWithoutAJump() throws {
        let path = try logFile(lines: 600)
        let session = try start(document: .paths([path]))
        try session.flick(from: 500, by: -200, steps: 4)
        try session.runUntilIdle()
        let before = try session.traceOfShownFrame()
        let shown = try session.image
        let commits = session.commitCount
        // The same text written again (as an editor saves), with more at the end.
        try Data((logLines(0..<600) + logLines(600..<700)).utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertTrue(try wait(session) { session.commitCount > commits }, "a frame after the reload")
        try session.runUntilIdle()
        XCTAssertEqual(try session.traceOfShownFrame().y, before.y, accuracy: 1, "no jump")
        XCTAssertTrue(try session.image.pixels == shown.pixels, "the same text where it was, no flash")
    }

    func testADeletedFileStaysShownWithANoticeAndComesBack() throws {
        let path = try logFile(lines: 200)
        let session = try start(document: .paths([path]))
        let shown = try session.image
        XCTAssertEqual(try noticeRows(session), 0)
        XCTAssertEqual(unlink(path), 0)
        let appeared = try wait(session, seconds: 6) { try noticeRows(session) > 10 }
        XCTAssertTrue(appeared, "a one-line notice")
        try session.flick(from: 500, by: -200, steps: 4)
        try session.runUntilIdle()
        XCTAssertTrue(session.client.isRunning, "still shown from memory, and answering")
        try session.type(.home)
        try session.runUntilIdle()
        try Data(logLines(0..<200).utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertTrue(try wait(session) { try noticeRows(session) == 0 }, "the notice goes when the file is back")
        try session.runUntilIdle()
        XCTAssertTrue(try session.image.pixels == shown.pixels, "shown again as it was")
        try session.type(.q)
        XCTAssertEqual(try session.client.waitForExit(), 0)
    }
}
