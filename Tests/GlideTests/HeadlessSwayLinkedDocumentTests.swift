import Foundation
import TestSupport
import XCTest

/// A link to another document in a real compositor: clicked with a virtual pointer, the
/// window's title read back from sway's tree.
final class HeadlessSwayLinkedDocumentTests: XCTestCase {
    private var sway: HeadlessSway!
    private var glide: ChildProcess!
    private var directory: URL!

    override func setUpWithError() throws {
        sway = try HeadlessSway()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-linked-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o755)
        let main = directory.appendingPathComponent("main.md").path
        try "Read [the other document](other.md) next.\n\nSome more text.\n".write(toFile: main, atomically: true, encoding: .utf8)
        try "# Other\n\nThe other document.\n".write(to: directory.appendingPathComponent("other.md"), atomically: true,
                                                     encoding: .utf8)
        glide = try sway.startGlide([main])
    }

    override func tearDown() {
        glide?.process.terminate()
        glide?.waitForExit(seconds: 5)
        glide = nil
        sway = nil
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Whether the window comes to be titled `title` within 10 s.
    private func waitForTitle(_ title: String) throws -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if try sway.glideWindowTitle() == title { return true }
            usleep(100_000)
        }
        return false
    }

    func testTheTitleNamesTheDocumentALinkOpenedAndAltLeftNamesTheFirstAgain() throws {
        XCTAssertTrue(try waitForTitle("main.md — Glide"))
        let links = try sway.settledLinkCentres()
        let link = try XCTUnwrap(links.first, "the link is on screen")
        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        try pointer.click(x: link.x, y: link.y)
        XCTAssertTrue(try waitForTitle("other.md — Glide"), "the title names the document the link opened")
        // A Shift first takes the place of a key lost to wtype's new keymap.
        let typed = try ChildProcess.run("/usr/bin/wtype", ["-k", "Shift_L", "-M", "alt", "-k", "Left", "-m", "alt"],
                                         environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
        XCTAssertTrue(try waitForTitle("main.md — Glide"), "Alt+Left came back, and so did the title")
    }
}
