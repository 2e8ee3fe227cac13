import Foundation
import GlideDriver
import TestCompositor
import XCTest

/// Several windows at once, as opening files from Files while Glide runs makes them (issue
/// 27): each keeps its own reading position, two on the same document too, and once closed
/// they open again each at its own place (XDG_STATE_HOME is the compositor's `state`).
final class SeveralWindowsTests: GlideTestCase {
    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-windows-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A long Markdown file whose every paragraph reads differently, so a screenful shows
    /// where in it the window is.
    private func writeDocument(named name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        var text = "# \(name)\n\n"
        for paragraph in 1...400 {
            text += "Paragraph \(paragraph) of \(name): " + String(repeating: "words to read \(paragraph * 7) ", count: 1 + paragraph % 5) + "\n\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Flicks `session` up `flicks` times and lets it come to rest (which saves its place);
    /// returns what it shows then.
    private func read(_ session: GlideSession, flicks: Int) throws -> SurfaceImage {
        for _ in 0..<flicks {
            try session.flick(from: 500, by: -300, steps: 4)
            try session.runUntilIdle()
        }
        return try session.image
    }

    /// Whether `reopened` shows the text `earlier` showed at its top.
    private func assertShowsTheSamePlace(_ reopened: GlideSession, as earlier: SurfaceImage, _ what: String,
                                         file: StaticString = #filePath, line: UInt = #line) throws {
        let first = try XCTUnwrap(try reopened.trace().first, "the new run's first frame", file: file, line: line)
        XCTAssertGreaterThan(first.y, 500, "\(what): not at the top", file: file, line: line)
        // The offsets of two runs may differ (the new one estimates the text above); the text
        // at the top is the same.
        let (shift, matching) = try reopened.image.verticalShift(from: earlier, in: -60...60)
        XCTAssertEqual(shift, 0, "\(what): the same text at the top", file: file, line: line)
        XCTAssertGreaterThan(matching, 0.95, "\(what): the same text at the top", file: file, line: line)
    }

    func testEachWindowKeepsItsOwnPlaceAndOpensThereAgainTwoOnOneDocumentToo() throws {
        let first = try writeDocument(named: "first.md"), second = try writeDocument(named: "second.md")
        let firstWindow = try start(document: .paths([first]))
        let compositor = firstWindow.compositor
        let secondDocumentWindow = try GlideSession(in: compositor, document: .paths([second]))
        let firstAgainWindow = try GlideSession(in: compositor, document: .paths([first]))

        // Read to three places, one window after the other: the last is first.md's most recent.
        let firstPlace = try read(firstWindow, flicks: 2)
        let secondDocumentPlace = try read(secondDocumentWindow, flicks: 3)
        let firstAgainPlace = try read(firstAgainWindow, flicks: 5)
        XCTAssertNotEqual(try firstWindow.image, firstAgainPlace, "two windows on first.md, two places")
        XCTAssertEqual(try firstWindow.image, firstPlace, "reading in one window leaves the other where it was")
        for window in [firstWindow, secondDocumentWindow, firstAgainWindow] {
            XCTAssertEqual(try window.close(), 0, "stderr: \(window.client.standardError)")
        }

        let reopened = try GlideSession(in: compositor, document: .paths([first]))
        session = reopened
        try assertShowsTheSamePlace(reopened, as: firstAgainPlace, "first.md opened again: where it was read last")
        let reopenedAgain = try GlideSession(in: compositor, document: .paths([first]))
        try assertShowsTheSamePlace(reopenedAgain, as: firstPlace, "first.md in a second window: the other window's place")
        let secondReopened = try GlideSession(in: compositor, document: .paths([second]))
        try assertShowsTheSamePlace(secondReopened, as: secondDocumentPlace, "second.md: its own place")
    }
}
