import DocumentKit
import Foundation
import Glibc
import Machinery
import TextKind
import Viewer
import XCTest

/// A link to another document opens it off the loop (issue 28): the document shown stays,
/// drawing and answering input, with a notice, until the linked one arrives or is refused.
final class LinkedDocumentOpeningTests: XCTestCase {
    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-linked-open-\(UUID())")

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The viewer showing `main.md`, long enough to scroll.
    private func harness() throws -> ViewerHarness {
        let text = (1...150).map { "Paragraph \($0) of the document the link is in." }.joined(separator: "\n\n")
        let path = directory.appendingPathComponent("main.md").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let document = try TextDocument(contentsOfFile: path)
        let harness = ViewerHarness(layout: document.makeLayout(palette: .light))
        harness.viewer.navigation.documentPath = path
        harness.runUntilIdle()
        _ = harness.viewer.takeRequests()
        return harness
    }

    private func shownName(_ harness: ViewerHarness) -> String? {
        harness.viewer.navigation.documentPath.map { URL(fileURLWithPath: $0).lastPathComponent }
    }

    /// A FIFO named notes.md whose writer holds it open: following the link returns at once,
    /// the document shown stays and scrolls, and notes.md shows once its writer is done.
    func testALinkToAFIFOOpensOffTheLoopAndTheDocumentShownStaysUntilItArrives() throws {
        let harness = try harness()
        let fifo = directory.appendingPathComponent("notes.md").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let writer = open(fifo, O_RDWR)
        XCTAssertGreaterThanOrEqual(writer, 0)
        // The writer finishes a second later on a thread of the test's: a viewer that read the
        // FIFO on the loop would come back from the link only then, showing notes.md.
        Thread.detachNewThread {
            sleep(1)
            _ = "# Notes\n\nRead from a FIFO.\n".withCString { write(writer, $0, strlen($0)) }
            close(writer)
        }
        XCTAssertTrue(harness.viewer.followLink(to: "notes.md"))
        harness.drawFrame()
        XCTAssertEqual(shownName(harness), "main.md", "the document shown stays while the link's is read")
        XCTAssertEqual(harness.viewer.documentPane.renderer.notice, "opening 'notes.md'…")
        let before = harness.frames.last!.traced.contentOffset.y
        harness.send(.key("Next", modifiers: []))
        harness.runUntilIdle()
        XCTAssertGreaterThan(harness.frames.last!.traced.contentOffset.y, before, "Page Down scrolled it meanwhile")
        harness.deliverBackgroundWork { shownName(harness) == "notes.md" }
        XCTAssertEqual(shownName(harness), "notes.md", "the FIFO's document is shown once its writer closed it")
        XCTAssertNil(harness.viewer.documentPane.renderer.notice)
    }

    /// A folder named like a document: the document shown stays, and a notice says why.
    func testALinkToAFolderIsRefusedWithANoticeAndTheDocumentShownStays() throws {
        let harness = try harness()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("folder.md"), withIntermediateDirectories: true)
        _ = harness.viewer.followLink(to: "folder.md")
        harness.deliverBackgroundWork { harness.viewer.documentPane.renderer.notice?.hasPrefix("link not followed") ?? false }
        XCTAssertEqual(shownName(harness), "main.md")
        let notice = try XCTUnwrap(harness.viewer.documentPane.renderer.notice)
        XCTAssertTrue(notice.hasSuffix("folder.md': Is a directory"), notice)
    }

    /// Alt+Left while a linked document is read gives it up: it is never shown.
    func testAltLeftGivesUpALinkedDocumentStillOpening() throws {
        let harness = try harness()
        let fifo = directory.appendingPathComponent("notes.md").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let writer = open(fifo, O_RDWR)
        // As above, the writer is done a second later.
        Thread.detachNewThread {
            sleep(1)
            close(writer)
        }
        XCTAssertTrue(harness.viewer.followLink(to: "notes.md"))
        harness.drawFrame()
        XCTAssertEqual(shownName(harness), "main.md", "still opening")
        harness.send(.key("Left", modifiers: .alt))
        XCTAssertNil(harness.viewer.documentPane.renderer.notice, "the opening notice is gone")
        // The read ends (given up, or its writer done), and what it posts must be dropped.
        harness.deliverBackgroundWork { descriptorCount(naming: fifo) == 0 }
        if MainThreadMailbox.shared.deliverPending() > 0 { harness.viewer.setNeedsFrame() }
        harness.runUntilIdle()
        XCTAssertEqual(shownName(harness), "main.md")
    }

    /// Alt+Left while a FIFO's writer still holds it open: the read given up ends and frees
    /// its worker (one of `WorkQueue.shared`'s four, which searches and reloads need too).
    func testAltLeftFreesTheWorkerOfAFIFOStillWaitingForItsWriter() throws {
        let harness = try harness()
        let fifo = directory.appendingPathComponent("notes.md").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let writer = open(fifo, O_RDWR)
        defer { close(writer) }
        XCTAssertTrue(harness.viewer.followLink(to: "notes.md"))
        harness.drawFrame()
        // The worker's read has begun once the process holds the FIFO twice (with the writer).
        let deadline = Date().addingTimeInterval(10)
        while descriptorCount(naming: fifo) < 2, Date() < deadline { usleep(1000) }
        XCTAssertEqual(descriptorCount(naming: fifo), 2, "the worker opened the FIFO")
        harness.send(.key("Left", modifiers: .alt))
        harness.deliverBackgroundWork { descriptorCount(naming: fifo) < 2 }
        XCTAssertEqual(descriptorCount(naming: fifo), 1, "the read ended with its writer still there")
        XCTAssertEqual(shownName(harness), "main.md")
        XCTAssertNil(harness.viewer.documentPane.renderer.notice)
    }

    /// How many of the process's descriptors are open on `path`.
    private func descriptorCount(naming path: String) -> Int {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == path }.count
    }
}
