import Foundation
import PDFFixtures
import TestSupport
import XCTest

/// Find and copy over a PDF's text in a real compositor: keys from wtype, the view's motion
/// from the trace, the highlight from grim, the clipboard read back with wl-paste.
final class HeadlessSwayPDFReadingTests: XCTestCase {
    private var sway: HeadlessSway!
    private var glide: ChildProcess!
    private var pdfPath = ""
    private var tracePath = ""

    override func setUpWithError() throws {
        sway = try HeadlessSway()
        var fixture = PDFFixture(pageCount: 12)
        fixture.bodyLines[9] = ["A zebra crossing on page ten,", "and a café with a Zébra."]
        fixture.bodyLines[11] = ["The last ZEBRA, in Ёлкино."]
        pdfPath = fixture.write()
        tracePath = FileManager.default.temporaryDirectory.appendingPathComponent("glide-pdf-reading-\(UUID().uuidString).jsonl").path
        glide = try sway.startGlide(["--trace", tracePath, pdfPath])
        _ = try restingOffset()
    }

    override func tearDown() {
        glide?.process.terminate()
        glide?.waitForExit(seconds: 5)
        glide = nil
        sway = nil
        unlink(pdfPath)
        unlink(tracePath)
    }

    /// The content offset once the trace has stopped growing and the last frame is idle (and,
    /// given `movedFrom`, is elsewhere: under load the keys may not have been read yet).
    private func restingOffset(movedFrom start: Double? = nil, timeoutSeconds: Double = 15) throws -> Double {
        try TraceFile.restingOffset(ofTraceAt: tracePath, movedFrom: start, timeoutSeconds: timeoutSeconds)
    }

    private func wtype(_ arguments: [String]) throws {
        let typed = try ChildProcess.run("/usr/bin/wtype", arguments, environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
    }

    /// How many pixels of the screenshot are the current match's orange on paper.
    private func orangeCount(_ shot: RGBImage) -> Int {
        (0..<shot.height).reduce(0) { total, y in
            total + (0..<shot.width).filter { x in
                let pixel = shot.rgb(x: x, y: y)
                return abs(Int(pixel >> 16) - 0xFF) < 24 && abs(Int((pixel >> 8) & 0xff) - 0x99) < 24
                    && abs(Int(pixel & 0xff) - 0x26) < 24
            }.count
        }
    }

    func testCtrlFTypingAndEnterMoveTheViewToMatchesInAPDF() throws {
        // A Shift first takes the place of a key lost to wtype's new keymap (see the Markdown test).
        try wtype(["-k", "Shift_L", "-M", "ctrl", "-k", "f", "-m", "ctrl", "zebra"])
        let atMatch = try restingOffset(movedFrom: 0)
        // Page 10 starts about 9 pages of 1,000 px down at 800 px wide.
        XCTAssertGreaterThan(atMatch, 6000, "typing glided to page 10")
        let frames = try TraceFile(path: tracePath).frames
        XCTAssertGreaterThan(Set(frames.map(\.y).filter { $0 > 0 && $0 < atMatch }).count, 3, "animated, not a cut")
        var shot = try sway.screenshot()
        let deadline = Date().addingTimeInterval(10)
        while orangeCount(shot) < 100, Date() < deadline {
            usleep(200_000)
            shot = try sway.screenshot()
        }
        XCTAssertGreaterThan(orangeCount(shot), 100, "the match is highlighted on the page")
        _ = try ChildProcess.run("/usr/bin/grim", ["-o", "HEADLESS-1", "/tmp/glide-sway-pdf-find.png"],
                                 environment: sway.clientEnvironment)
        // Enter: Zébra on the same page (the view stays), then ZEBRA on page 12.
        try wtype(["-k", "Shift_L", "-k", "Return", "-k", "Return"])
        let next = try restingOffset(movedFrom: atMatch)
        XCTAssertGreaterThan(next, atMatch + 1000, "Enter moved the view to page 12")
        try wtype(["-k", "Shift_L", "-M", "shift", "-k", "Return", "-m", "shift"])
        XCTAssertLessThan(try restingOffset(movedFrom: next), next - 1000, "Shift+Enter went back to page 10")
    }

    func testCtrlAThenCtrlCPutsThePDFsTextOnTheClipboard() throws {
        try wtype(["-k", "Shift_L", "-M", "ctrl", "-k", "a", "-k", "c", "-m", "ctrl"])
        var pasted = try ChildProcess.run("/usr/bin/wl-paste", ["--no-newline"], environment: sway.clientEnvironment)
        let deadline = Date().addingTimeInterval(5)
        while pasted.status != 0 || pasted.output.isEmpty, Date() < deadline {
            usleep(200_000)
            pasted = try ChildProcess.run("/usr/bin/wl-paste", ["--no-newline"], environment: sway.clientEnvironment)
        }
        XCTAssertEqual(pasted.status, 0, pasted.error)
        let text = pasted.output
        XCTAssertTrue(text.hasPrefix("Page 1\nChapter 1 ........ page 1"), String(text.prefix(80)))
        XCTAssertTrue(text.contains("Page 10\nA zebra crossing on page ten,\nand a café with a Zébra.\n\nPage 11\n"),
                      "page 10 whole, then page 11")
        XCTAssertTrue(text.hasSuffix("Page 12\nThe last ZEBRA, in Ёлкино."), String(text.suffix(80)))
        XCTAssertEqual(text.components(separatedBy: "the quick brown fox").count - 1, 9 * 56, "every generated line")
    }
}
