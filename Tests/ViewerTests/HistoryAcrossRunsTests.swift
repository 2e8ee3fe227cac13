import DocumentKit
import Foundation
import ScrollEngine
import TextKind
@testable import Viewer
import XCTest

/// The history beyond links and outline rows: find's first jump, another document shown in the
/// window, back with nothing left (the home's hook), and the history kept between runs as
/// files and reading positions, a place in another file opened again when the reader goes there.
final class HistoryAcrossRunsTests: XCTestCase {
    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-history-runs-\(UUID())")
    private var mainPath: String { directory.appendingPathComponent("main.md").path }
    private var otherPath: String { directory.appendingPathComponent("other.md").path }

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var main = "[Go to the note](#the-note) or [the other](other.md).\n\n"
        for number in 1...150 {
            main += "Paragraph \(number) of the first document.\n\n"
            if number == 120 { main += "## The note\n\nThe note of the first document.\n\n" }
        }
        main += "## The end\n\nLast words of the zebra.\n"
        try main.write(toFile: mainPath, atomically: true, encoding: .utf8)
        var other = ""
        for number in 1...150 { other += "Paragraph \(number) of the other document.\n\n" }
        try other.write(toFile: otherPath, atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func harness(_ path: String, at anchor: ReadingAnchor? = nil) throws -> ViewerHarness {
        let document = try TextDocument(contentsOfFile: path)
        let harness = ViewerHarness(layout: document.makeLayout(palette: .light), position: anchor.map { ($0, 1) })
        harness.viewer.navigation.documentPath = path
        harness.runUntilIdle()
        return harness
    }

    private func offset(_ harness: ViewerHarness) -> Double { harness.frames.last!.traced.contentOffset.y }

    private func altKey(_ name: String, in harness: ViewerHarness) {
        harness.send(.key(name, modifiers: .alt))
        harness.runUntilIdle()
    }

    /// Taps the link to `destination` in the first line and waits until the view rests.
    private func tapLink(to destination: String, in harness: ViewerHarness) throws {
        let layout = try XCTUnwrap(harness.viewer.document as? DocumentLayout)
        let link = try XCTUnwrap(layout.links(within: 0...100).first { $0.destination == destination })
        let rect = try XCTUnwrap(link.rects.first)
        let shown = harness.viewer.document
        harness.tap(rect.x + rect.width / 2, rect.y + rect.height / 2)
        harness.deliverBackgroundWork { (harness.viewer.document !== shown || offset(harness) > 0) && !harness.frames.last!.isAnimating }
        harness.runUntilIdle()
    }

    func testFindsFirstJumpGoesIntoTheHistory() throws {
        let harness = try harness(mainPath)
        harness.send(.key("f", modifiers: .control))
        harness.viewer.handle(ViewerInput(event: .textCommitted("zebra", deletingBefore: 0), timeMilliseconds: harness.time))
        harness.deliverBackgroundWork { offset(harness) > 3000 && !harness.frames.last!.isAnimating }
        let found = offset(harness)
        XCTAssertGreaterThan(found, 3000, "find glided to the last paragraph")
        harness.send(.key("Escape", modifiers: []))
        altKey("Left", in: harness)
        XCTAssertEqual(offset(harness), 0, "Alt+Left: back where the reader was before finding")
        altKey("Right", in: harness)
        XCTAssertEqual(offset(harness), found, accuracy: 1, "Alt+Right: at the match again")
    }

    /// The history saved in one run, restored in the next: back and forward as before.
    func testTheHistoryComesBackInTheNextRun() throws {
        let first = try harness(mainPath)
        try tapLink(to: "#the-note", in: first)
        let note = offset(first)
        XCTAssertGreaterThan(note, 3000)
        let saved = first.viewer.navigation.savedHistory
        XCTAssertEqual(saved.back.map(\.path), [mainPath], "the place before the link, with its file")

        let next = try harness(mainPath, at: first.viewer.document.readingAnchor)
        let openedAnchor = next.viewer.document.readingAnchor
        XCTAssertGreaterThan(offset(next), 3000, "the next run opens near the note")
        next.viewer.navigation.restoreHistory(saved)
        altKey("Left", in: next)
        XCTAssertEqual(offset(next), 0, "Alt+Left in the next run: back at the top")
        altKey("Right", in: next)
        // The place is a reading anchor: the same block of the text, whose offset in pixels moves
        // as the text below is laid out.
        XCTAssertEqual(next.viewer.document.readingAnchor, openedAnchor, "Alt+Right: where the next run was")
        XCTAssertGreaterThan(offset(next), 3000)
    }

    /// A place in another file, kept from an earlier run, is opened again when the reader goes
    /// back to it, and forward returns to the document of this run.
    func testAPlaceInAnotherFileIsOpenedAgain() throws {
        let first = try harness(mainPath)
        try tapLink(to: "other.md", in: first)
        XCTAssertEqual(first.viewer.navigation.documentPath, otherPath, "the link opened the other document")
        let saved = first.viewer.navigation.savedHistory

        let next = try harness(otherPath)
        next.viewer.navigation.restoreHistory(saved)
        let shown = next.viewer.document
        next.send(.key("Left", modifiers: .alt))
        next.deliverBackgroundWork { next.viewer.document !== shown }
        next.runUntilIdle()
        XCTAssertEqual(next.viewer.navigation.documentPath, mainPath, "Alt+Left opened the first document again")
        XCTAssertEqual(offset(next), 0)
        altKey("Right", in: next)
        XCTAssertTrue(next.viewer.document === shown, "Alt+Right: the other document of this run")
        XCTAssertEqual(next.viewer.navigation.documentPath, otherPath)
    }

    /// Another document the app shows in the window is a jump; with nothing left, back asks the
    /// app (the home a document was opened from).
    func testShowingAnotherDocumentIsAJumpAndBackPastTheStartAsksTheApp() throws {
        let harness = try harness(mainPath)
        var askedHome = 0
        harness.viewer.navigation.hooks.onBackPastStart = {
            askedHome += 1
            return true
        }
        let main = harness.viewer.document
        let other = try TextDocument(contentsOfFile: otherPath)
        harness.viewer.showDocument(other.makeLayout(palette: .light), path: otherPath, title: "other", at: nil)
        harness.runUntilIdle()
        XCTAssertEqual(harness.viewer.navigation.documentPath, otherPath)
        altKey("Left", in: harness)
        XCTAssertTrue(harness.viewer.document === main, "Alt+Left: the document shown before")
        XCTAssertEqual(harness.viewer.navigation.documentPath, mainPath)
        XCTAssertEqual(askedHome, 0)
        altKey("Left", in: harness)
        XCTAssertEqual(askedHome, 1, "nothing left: back asked the app")
    }
}
