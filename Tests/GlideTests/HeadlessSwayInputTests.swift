import Foundation
import TestSupport
import XCTest

/// Real input in a real compositor: touchpad finger scrolling with axis_stop and wheel steps
/// from a wlroots virtual pointer, keys from wtype; read back from the screen and the trace.
final class HeadlessSwayInputTests: XCTestCase {
    private var sway: HeadlessSway!
    private var glide: ChildProcess!
    private var tracePath = ""
    private var text = ""

    override func setUpWithError() throws {
        sway = try HeadlessSway()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let document = directory.appendingPathComponent("long.md").path
        let paragraph = String(repeating: "Scrolling with two fingers should glide on after they lift. ", count: 12)
        text = (0..<60).map { "## Section \($0)\n\n\(paragraph)\n" }.joined(separator: "\n")
        try text.write(toFile: document, atomically: true, encoding: .utf8)
        tracePath = directory.appendingPathComponent("trace.jsonl").path
        glide = try sway.startGlide(["--trace", tracePath, document])
    }

    override func tearDown() {
        glide?.process.terminate()
        glide?.waitForExit(seconds: 5)
        glide = nil
        sway = nil
    }

    /// Waits until the traced offset stops changing (nothing is drawn any more) and returns it.
    private func restingOffset(timeoutSeconds: Double = 10) throws -> Double {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        var last = try TraceFile(path: tracePath).frames.count
        while Date() < deadline {
            usleep(400_000)
            let frames = try TraceFile(path: tracePath).frames
            if frames.count == last, let final = frames.last, final.phase == "idle" { return final.y }
            last = frames.count
        }
        throw HarnessError("the window never came to rest")
    }

    func testFingerScrollingKeepsMovingAfterAxisStopThenComesToRest() throws {
        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        // Two fingers moving about 1200 px/s: 20 px every 16 ms.
        try pointer.flick(step: 20, frames: 8)
        let atLift = try sway.screenshot()
        usleep(150_000)
        let later = try sway.screenshot()
        XCTAssertGreaterThan(OffscreenFrame.meanDifference(atLift, later), 0.5, "still moving after the fingers lifted")

        let rest = try restingOffset()
        let frames = try TraceFile(path: tracePath).frames
        XCTAssertTrue(frames.contains { $0.phase == "decelerating" }, "a kinetic fling followed the stop")
        XCTAssertGreaterThan(rest, 160 + 100, "it coasted well past the 160 px the fingers moved: \(rest)")
        let settled = try sway.screenshot()
        usleep(300_000)
        XCTAssertEqual(OffscreenFrame.meanDifference(settled, try sway.screenshot()), 0, "and then stopped changing")
    }

    /// Scrolling frames slide a buffer over the room beside its pixels, or copy it once when
    /// the room runs out, and draw only what came into view: after a fling the screen still
    /// shows exactly what a frame drawn whole at the resting offset shows.
    func testAfterAFlingTheScreenShowsWhatAWholeFrameAtItsOffsetShows() throws {
        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        try pointer.flick(step: 30, frames: 10)
        let rest = try restingOffset()
        XCTAssertGreaterThan(rest, 800, "the fling went further than a buffer's height: its room ran out on the way")
        // The scroll indicator fades after the fling: wait for the screen to stop changing.
        var screenshot = try sway.screenshot()
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            usleep(300_000)
            let next = try sway.screenshot()
            if OffscreenFrame.meanDifference(screenshot, next) == 0 { break }
            screenshot = next
        }
        let expected = try OffscreenFrame(markdown: text, logicalWidth: 1280, logicalHeight: 800, scale: 1, offsetY: rest)
        let twoPixelsOff = try OffscreenFrame(markdown: text, logicalWidth: 1280, logicalHeight: 800, scale: 1, offsetY: rest + 2)
        let difference = expected.meanDifference(from: screenshot)
        XCTAssertLessThan(difference, 0.2, "the screen at \(rest) is the whole frame at \(rest)")
        XCTAssertGreaterThan(twoPixelsOff.meanDifference(from: screenshot), 10 * max(difference, 0.05),
                             "and the comparison tells a frame 2 px away apart")
    }

    func testEachWheelNotchScrollsOneExactStepWithoutAFling() throws {
        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        try pointer.move(x: 640, y: 400)
        try pointer.send("wheel 1")
        // One notch is the viewport's height to the 2/3 (GTK's step): 800^(2/3) px.
        let step = pow(800.0, 2.0 / 3.0)
        XCTAssertEqual(try restingOffset(), step, accuracy: 0.01)
        try pointer.send("wheel 2")
        XCTAssertEqual(try restingOffset(), 3 * step, accuracy: 0.01)
        XCTAssertFalse(try TraceFile(path: tracePath).frames.contains { $0.phase == "decelerating" }, "never kinetic")
    }

    func testPageDownKeyFromWtypeScrollsAScreenLessALine() throws {
        // The first key of a new virtual keyboard can be lost while glide binds its new
        // wl_keyboard (sway sends the key before), so wtype waits first and Home leads.
        let typed = try ChildProcess.run("/usr/bin/wtype", ["-s", "300", "-k", "Home", "-k", "Next"],
                                         environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
        // A page is the viewport less one 40 px line, so a line of context stays in view.
        XCTAssertEqual(try restingOffset(), 800 - 40, accuracy: 0.01)
    }
}

/// Keys from wtype, which stamps them 0, in a real compositor: End animates to the very end.
final class HeadlessSwayVirtualKeyboardTests: XCTestCase {
    func testEndFromWtypeAnimatesToTheVeryEndOnTheFirstPress() throws {
        let sway = try HeadlessSway()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-wtype-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // 3,000 short lines: plain text many times taller than its byte count estimates.
        let document = directory.appendingPathComponent("lines.txt").path
        try (1...3000).map { "Line \($0)" }.joined(separator: "\n").write(toFile: document, atomically: true, encoding: .utf8)
        let tracePath = directory.appendingPathComponent("trace.jsonl").path
        let glide = ChildProcess(BuiltProducts.path(of: "glide"), ["--trace", tracePath, document],
                                 environment: sway.clientEnvironment)
        try glide.start()
        defer { glide.process.terminate(); glide.waitForExit(seconds: 5) }
        try sway.waitForWindow(of: glide)
        func rest() throws -> (y: Double, count: Int) {
            var count = -1
            for _ in 0..<25 {
                usleep(400_000)
                let frames = try TraceFile(path: tracePath).frames
                if frames.count == count, let last = frames.last, last.phase == "idle" { return (last.y, count) }
                count = frames.count
            }
            throw HarnessError("never came to rest")
        }
        // The first key of a new virtual keyboard can be lost before the client has its
        // wl_keyboard (a race of the test's set-up, not glide's): wtype waits, Home goes first.
        let keys = ["-s", "300", "-k", "Home", "-s", "300", "-k", "End"]
        let typed = try ChildProcess.run("/usr/bin/wtype", keys, environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
        let first = try rest()
        let frames = try TraceFile(path: tracePath).frames
        XCTAssertGreaterThan(frames.filter { $0.phase == "animating" }.count, 5, "End animates, not a cut")
        XCTAssertGreaterThan(first.y, 3000 * 20, "deep into the 3,000 lines")
        let again = try ChildProcess.run("/usr/bin/wtype", keys, environment: sway.clientEnvironment)
        XCTAssertEqual(again.status, 0, again.error)
        XCTAssertEqual(try rest().y, first.y, accuracy: 0.5, "the first End had reached the very end")
    }
}

/// The paged and split layouts, driven by keys in a real compositor.
final class HeadlessSwayPagingTests: XCTestCase {
    private struct Run {
        let sway: HeadlessSway
        let glide: ChildProcess
        let tracePath: String
    }

    /// Starts glide with `options` on a long book, or on `documents` (Markdown texts) when given.
    private func start(_ options: [String], documents: [String] = []) throws -> Run {
        let sway = try HeadlessSway()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-paging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let paragraph = String(repeating: "Pages turn one at a time, never half a line. ", count: 10)
        let texts = documents.isEmpty
            ? [(0..<40).map { "## Chapter \($0)\n\n\(paragraph)\n" }.joined(separator: "\n")] : documents
        var paths: [String] = []
        for (index, text) in texts.enumerated() {
            let path = directory.appendingPathComponent("part-\(index).md").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let tracePath = directory.appendingPathComponent("trace.jsonl").path
        let glide = try sway.startGlide(options + ["--trace", tracePath] + paths)
        return Run(sway: sway, glide: glide, tracePath: tracePath)
    }

    /// The last traced frame once the trace stops growing.
    private func restingFrame(_ run: Run) throws -> PagedTraceFrame {
        let deadline = Date().addingTimeInterval(10)
        var count = -1
        while Date() < deadline {
            usleep(400_000)
            let frames = try PagedTraceFrame.read(run.tracePath)
            if frames.count == count, let last = frames.last, last.phase == "idle" { return last }
            count = frames.count
        }
        throw HarnessError("never came to rest")
    }

    private func typeKeys(_ keys: [String], in run: Run) throws {
        // The first key of a new virtual keyboard can be lost, so Home goes first.
        let typed = try ChildProcess.run("/usr/bin/wtype", ["-s", "300"] + (["Home"] + keys).flatMap { ["-k", $0] },
                                         environment: run.sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
    }

    func testPagingShowsADocumentAsHorizontalPagesTurnedOneAtATime() throws {
        let run = try start(["--paging"])
        defer { run.glide.process.terminate() }
        let first = try restingFrame(run)
        XCTAssertGreaterThan(first.pages, 3, "a long document makes several pages")
        try typeKeys(["Next", "Next"], in: run)
        let turned = try restingFrame(run)
        XCTAssertEqual(turned.page, 2)
        XCTAssertEqual(turned.x, 2 * 1280, accuracy: 0.01, "exactly two window widths")
        XCTAssertEqual(turned.y, 0)
    }

    func testSeveralFilesOpenAsOneStripOfPagesEachStartingOnItsOwn() throws {
        let run = try start([], documents: ["# One\n\nShort.\n", "# Two\n\nShort too.\n", "# Three\n\nThe last.\n"])
        defer { run.glide.process.terminate() }
        XCTAssertEqual(try restingFrame(run).pages, 3, "one page for each short document")
        try typeKeys(["Next", "Next"], in: run)
        let last = try restingFrame(run)
        XCTAssertEqual(last.page, 2)
        XCTAssertEqual(last.x, 2 * 1280, accuracy: 0.01)
    }

    func testSplitPagesTheDocumentBelowTheOutline() throws {
        let run = try start(["--split"])
        defer { run.glide.process.terminate() }
        let before = try run.sway.screenshot()
        try typeKeys(["Next"], in: run)
        let turned = try restingFrame(run)
        XCTAssertEqual(turned.page, 1, "keys go to the document's pages, not the outline")
        XCTAssertEqual(turned.x, 1280, accuracy: 0.01)
        // The outline's band (the top 35 %) keeps its place; the pages below changed.
        let after = try run.sway.screenshot()
        XCTAssertGreaterThan(OffscreenFrame.meanDifference(before, after), 1)
    }
}

/// A trace line's page fields.
struct PagedTraceFrame: Decodable {
    let x: Double
    let y: Double
    let page: Int
    let pages: Int
    let phase: String

    static func read(_ path: String) throws -> [PagedTraceFrame] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map { try JSONDecoder().decode(PagedTraceFrame.self, from: Data($0.utf8)) }
    }
}
