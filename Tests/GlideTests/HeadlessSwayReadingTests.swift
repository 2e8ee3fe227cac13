import Foundation
import TestSupport
import XCTest

/// The reading tools in a real compositor: keys from wtype, clicks through sway's seat, the
/// clipboard read back with wl-paste, links handed to a stand-in `xdg-open` on PATH.
final class HeadlessSwayReadingTests: XCTestCase {
    private var sway: HeadlessSway!
    private var glide: ChildProcess!
    private var directory: URL!
    private var tracePath = ""
    /// What the stand-in opener and the would-be exploit write when they run.
    private var openerLog: String { directory.appendingPathComponent("opened.txt").path }
    private var exploitMarker: String { directory.appendingPathComponent("exploited.txt").path }

    /// The paragraphs as shown: the links' text, no markup.
    private var paragraphs: [String] = []

    override func setUpWithError() throws {
        sway = try HeadlessSway()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-reading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A program a hostile document would like Glide to run, and the stand-in opener.
        let exploit = directory.appendingPathComponent("evil.sh").path
        try "#!/bin/sh\ntouch '\(exploitMarker)'\n".write(toFile: exploit, atomically: true, encoding: .utf8)
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let opener = bin.appendingPathComponent("xdg-open").path
        try "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '\(openerLog)'\n".write(toFile: opener, atomically: true, encoding: .utf8)
        for path in [exploit, opener, directory.path, bin.path] { chmod(path, 0o755) }

        var markdown = """
            Links: [GNOME](https://gnome.org) first.

            Script: [run it](javascript:alert(1)) second.

            File: [the program](file://\(exploit)) third.

            Relative: [evil](evil.sh) fourth.

            Inside: [to the target](#the-target) fifth.


            """
        paragraphs = ["Links: GNOME first.", "Script: run it second.", "File: the program third.",
                      "Relative: evil fourth.", "Inside: to the target fifth."]
        for number in 1...200 {
            var paragraph = "Paragraph \(number) says something about reading on a screen"
            if number == 120 { paragraph += " and a zebra crossing" }
            paragraph += "."
            markdown += paragraph + "\n\n"
            paragraphs.append(paragraph)
            if number == 150 {
                markdown += "## The target\n\n"
                paragraphs.append("The target")
            }
        }
        let document = directory.appendingPathComponent("reading.md").path
        try markdown.write(toFile: document, atomically: true, encoding: .utf8)
        tracePath = directory.appendingPathComponent("trace.jsonl").path
        var environment = sway.clientEnvironment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        // No session bus: the portal is not tried, the stand-in opener is.
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        glide = ChildProcess(BuiltProducts.path(of: "glide"), ["--trace", tracePath, document], environment: environment)
        try glide.start()
        try sway.waitForWindow(of: glide)
        _ = try restingOffset()
    }

    override func tearDown() {
        glide?.process.terminate()
        glide?.waitForExit(seconds: 5)
        glide = nil
        sway = nil
    }

    private func restingOffset(timeoutSeconds: Double = 10) throws -> Double {
        try TraceFile.restingOffset(ofTraceAt: tracePath, timeoutSeconds: timeoutSeconds)
    }

    private func wtype(_ arguments: [String]) throws {
        let typed = try ChildProcess.run("/usr/bin/wtype", arguments, environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
    }

    private func save(_ name: String) throws {
        _ = try ChildProcess.run("/usr/bin/grim", ["-o", "HEADLESS-1", "/tmp/glide-sway-\(name).png"],
                                 environment: sway.clientEnvironment)
    }

    func testCtrlFTypingAndEnterMoveTheViewToTheMatch() throws {
        // One wtype: each run uploads a keymap of its own, and the first key after a new
        // keymap can be lost on the way, so a key that does nothing goes first.
        // glide ignores a lone Shift: it takes the lost place.
        try wtype(["-k", "Shift_L", "-M", "ctrl", "-k", "f", "-m", "ctrl", "zebra"])
        let atMatch = try restingOffset()
        XCTAssertGreaterThan(atMatch, 3000, "typing glided to paragraph 120")
        let frames = try TraceFile(path: tracePath).frames
        XCTAssertGreaterThan(Set(frames.map(\.y).filter { $0 > 0 && $0 < atMatch }).count, 3, "animated, not a cut")
        let shot = try sway.screenshot()
        let orange = shot.matchHighlightPixelCount
        XCTAssertGreaterThan(orange, 150, "the match is highlighted on screen")
        try save("find")
        // Enter wraps to the same single match; Escape closes and stays.
        try wtype(["-k", "Shift_L", "-k", "Return"])
        XCTAssertEqual(try restingOffset(), atMatch, accuracy: 1)
        try wtype(["-k", "Shift_L", "-k", "Escape"])
        XCTAssertEqual(try restingOffset(), atMatch, accuracy: 1, "Escape kept the position")
        XCTAssertTrue(glide.process.isRunning, "Escape closed find rather than quitting")
    }

    func testCtrlAThenCtrlCPutsTheDocumentsTextOnTheClipboard() throws {
        try wtype(["-k", "Shift_L", "-M", "ctrl", "-k", "a", "-k", "c", "-m", "ctrl"])
        usleep(300_000)
        let pasted = try ChildProcess.run("/usr/bin/wl-paste", ["--no-newline"], environment: sway.clientEnvironment)
        XCTAssertEqual(pasted.status, 0, pasted.error)
        XCTAssertEqual(pasted.output, paragraphs.joined(separator: "\n\n"))
    }

    func testLinksScrollHandOverWebAddressesAndNeverRunAnything() throws {
        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        let links = try sway.screenshot().linkCentres()
        XCTAssertEqual(links.count, 5, "five links on the first screen")
        guard links.count == 5 else { return }
        // The web link goes to the desktop's opener.
        try pointer.click(x: links[0].x, y: links[0].y)
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: openerLog), Date() < deadline { usleep(100_000) }
        XCTAssertEqual(try? String(contentsOfFile: openerLog, encoding: .utf8), "https://gnome.org\n")
        // javascript:, file: and a relative path to a program do nothing.
        for link in links[1...3] { try pointer.click(x: link.x, y: link.y) }
        usleep(1_000_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: exploitMarker), "nothing was executed")
        XCTAssertEqual(try? String(contentsOfFile: openerLog, encoding: .utf8), "https://gnome.org\n", "nothing else was opened")
        XCTAssertEqual(try restingOffset(), 0, "and the view did not move")
        // The link to a heading glides there.
        try pointer.click(x: links[4].x, y: links[4].y)
        let atHeading = try restingOffset()
        XCTAssertGreaterThan(atHeading, 4000, "the heading after paragraph 150")
        let frames = try TraceFile(path: tracePath).frames
        XCTAssertGreaterThan(Set(frames.map(\.y).filter { $0 > 0 && $0 < atHeading }).count, 3, "animated")
        try save("link-target")
    }
}
