import DjVuFixtures
import Foundation
import TestSupport
import XCTest

/// A multi-page DjVu document (made by djvulibre-bin) in a real compositor: its pages drawn by
/// renderer processes (one killed mid-fling is replaced), a word of its hidden text found and
/// highlighted, and Ctrl+A, Ctrl+C copying the text layer.
final class HeadlessSwayDjVuTests: XCTestCase {
    private var sway: HeadlessSway!
    private var glide: ChildProcess!
    private var path = ""
    private var tracePath = ""

    /// Eight pages, each a line of printed words (its hidden text over them) and a black box;
    /// "zebra" only on page 6.
    private static func pages() -> [DjVuFixture.Page] {
        (1...8).map { number in
            var words = [DjVuFixture.Word("Page", x: 100, y: 100, width: 80, height: 30),
                         DjVuFixture.Word("\(number)", x: 190, y: 100, width: 30, height: 30)]
            if number == 6 { words.append(DjVuFixture.Word("zebra", x: 230, y: 100, width: 120, height: 30)) }
            return DjVuFixture.Page(ink: [(100, 200, 650, 300)], isBitonal: true, words: words, printsWords: true)
        }
    }

    override func setUpWithError() throws {
        sway = try HeadlessSway()
        path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-sway-\(UUID().uuidString).djvu").path
        try DjVuFixture.write(HeadlessSwayDjVuTests.pages(), to: path)
        tracePath = FileManager.default.temporaryDirectory.appendingPathComponent("glide-djvu-\(UUID().uuidString).jsonl").path
        glide = try sway.startGlide(["--trace", tracePath, path], environment: ["GLIDE_RENDERERS": "2"])
        _ = try restingOffset()
    }

    override func tearDown() {
        glide?.process.terminate()
        glide?.waitForExit(seconds: 5)
        glide = nil
        sway = nil
        unlink(path)
        unlink(tracePath)
    }

    private func restingOffset(movedFrom start: Double? = nil, timeoutSeconds: Double = 15) throws -> Double {
        try TraceFile.restingOffset(ofTraceAt: tracePath, movedFrom: start, timeoutSeconds: timeoutSeconds)
    }

    private func wtype(_ arguments: [String]) throws {
        let typed = try ChildProcess.run("/usr/bin/wtype", arguments, environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
    }

    /// A screenshot once `isReady` holds (at most 10 s).
    private func screenshot(until isReady: (RGBImage) -> Bool) throws -> RGBImage {
        var shot = try sway.screenshot()
        let deadline = Date().addingTimeInterval(10)
        while !isReady(shot), Date() < deadline {
            usleep(200_000)
            shot = try sway.screenshot()
        }
        return shot
    }

    /// How many pixels are the current match's orange on paper (as for a PDF).
    private func orangeCount(_ shot: RGBImage) -> Int {
        (0..<shot.height).reduce(0) { total, y in
            total + (0..<shot.width).filter { x in
                let pixel = shot.rgb(x: x, y: y)
                return abs(Int(pixel >> 16) - 0xFF) < 24 && abs(Int((pixel >> 8) & 0xff) - 0x99) < 24
                    && abs(Int(pixel & 0xff) - 0x26) < 24
            }.count
        }
    }

    func testAPageIsDrawnAndCtrlFFindsAndHighlightsAWordOfTheTextLayer() throws {
        // The first page's box: over a tenth of the screen is black once its pixels arrive.
        let first = try screenshot { $0.inkCount(step: 2) > $0.width * $0.height / 4 / 10 }
        XCTAssertGreaterThan(first.inkCount(step: 2), first.width * first.height / 4 / 10, "the first page is drawn")
        try wtype(["-k", "Shift_L", "-M", "ctrl", "-k", "f", "-m", "ctrl", "zebra"])
        let atMatch = try restingOffset(movedFrom: 0)
        XCTAssertGreaterThan(atMatch, 3000, "typing glided to page 6")
        let shot = try screenshot { orangeCount($0) > 100 }
        XCTAssertGreaterThan(orangeCount(shot), 100, "the match is highlighted on the page")
        _ = try ChildProcess.run("/usr/bin/grim", ["-o", "HEADLESS-1", "/tmp/glide-sway-djvu-find.png"],
                                 environment: sway.clientEnvironment)
    }

    /// Waits at most `seconds` for `condition`.
    @discardableResult
    private func wait(seconds: Double, for condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(100_000)
        }
        return try condition()
    }

    func testARendererKilledMidFlingIsReplacedAndThePagesComeBack() throws {
        let processID = glide.process.processIdentifier
        XCTAssertTrue(wait(seconds: 30) { RendererProcesses.of(processID).count == 2 }, "two renderers draw the pages")
        let before = RendererProcesses.of(processID)
        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        try pointer.move(x: 640, y: 400)
        for frame in 0..<10 {
            try pointer.send("finger 0 60")
            // Mid-fling, the test kills a renderer.
            if frame == 5, let first = before.first { kill(first, SIGKILL) }
            usleep(16_000)
        }
        try pointer.send("stop")
        let rested = try restingOffset(movedFrom: 0)
        XCTAssertGreaterThan(rested, 500, "the fling moved")
        // Where the fling rests, the pages are drawn (white paper), not placeholders (grey).
        let shot = try screenshot { paperPixels($0) > $0.width * $0.height / 4 / 3 }
        XCTAssertGreaterThan(paperPixels(shot), shot.width * shot.height / 4 / 3, "the pages came back")
        XCTAssertFalse(RendererProcesses.of(processID).contains(before.first ?? 0), "the killed renderer was reaped")
        // The next flick's pages need renderers again: the killed one's place is taken.
        try pointer.flick(step: 60, frames: 10)
        XCTAssertTrue(wait(seconds: 30) { RendererProcesses.of(processID).count == 2 }, "two renderers again")
        XCTAssertTrue(glide.process.isRunning)
        glide.process.terminate()
        glide.waitForExit(seconds: 5)
        XCTAssertEqual(glide.standardError.components(separatedBy: "a page renderer stopped").count - 1, 1,
                       "the death is said once: \(glide.standardError)")
    }

    /// Pure white pixels, every other row and column: a drawn page's paper.
    private func paperPixels(_ image: RGBImage) -> Int {
        var count = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) where image.rgb(x: x, y: y) & 0xFFFFFF == 0xFFFFFF { count += 1 }
        }
        return count
    }

    func testCtrlAThenCtrlCPutsTheTextLayerOnTheClipboard() throws {
        // The text layer is read on a worker after the document opens; on a loaded machine the
        // first Ctrl+A can come before it, selecting nothing, so the keys are pressed again.
        var pasted: (status: Int32?, output: String, error: String)
        let deadline = Date().addingTimeInterval(15)
        repeat {
            try wtype(["-k", "Shift_L", "-M", "ctrl", "-k", "a", "-k", "c", "-m", "ctrl"])
            usleep(300_000)
            pasted = try ChildProcess.run("/usr/bin/wl-paste", ["--no-newline"], environment: sway.clientEnvironment)
        } while (pasted.status != 0 || pasted.output.isEmpty) && Date() < deadline
        XCTAssertEqual(pasted.status, 0, pasted.error)
        XCTAssertEqual(pasted.output, (1...8).map { $0 == 6 ? "Page 6 zebra" : "Page \($0)" }.joined(separator: "\n\n"))
    }
}
