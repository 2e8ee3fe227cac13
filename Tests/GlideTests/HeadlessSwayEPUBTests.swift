import Foundation
import TestSupport
import XCTest

/// A book made by an independent producer (pandoc, from Markdown) in a real compositor
/// (issue 24): it opens titled with the book's title, scrolls across its chapters, finds a word
/// in its last chapter and copies the whole book.
final class HeadlessSwayEPUBTests: XCTestCase {
    private var sway: HeadlessSway!
    private var glide: ChildProcess?
    private var directory: URL!
    private var tracePath: String { directory.appendingPathComponent("trace.jsonl").path }
    private var bookPath: String { directory.appendingPathComponent("book.epub").path }

    /// Twenty-four chapters of twelve paragraphs; "zebra" only in the last one.
    private static let chapterCount = 24
    private static let paragraphCount = 12
    /// The most a chapter can take at the window's 1280 px: a break and a heading (250 px) and
    /// its paragraphs of one or two lines with the space after each (70 px).
    private static let chapterHeightLimit = 250.0 + Double(paragraphCount) * 70

    override func setUpWithError() throws {
        sway = try HeadlessSway()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-epub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o755)
        var markdown = ""
        for chapter in 1...HeadlessSwayEPUBTests.chapterCount {
            markdown += "# Chapter \(chapter)\n\n"
            for paragraph in 1...HeadlessSwayEPUBTests.paragraphCount {
                markdown += "Paragraph \(paragraph) of chapter \(chapter) reads on, line after line, down the page"
                if chapter == HeadlessSwayEPUBTests.chapterCount && paragraph == 6 { markdown += " past a zebra" }
                markdown += ".\n\n"
            }
        }
        let source = directory.appendingPathComponent("book.md").path
        try markdown.write(toFile: source, atomically: true, encoding: .utf8)
        let made = try ChildProcess.run("/usr/bin/pandoc", [source, "--metadata", "title=A Book From Pandoc",
                                                            "--epub-chapter-level=1", "-o", bookPath])
        XCTAssertEqual(made.status, 0, "pandoc wrote the book: \(made.error)")
        chmod(bookPath, 0o644)
        glide = try sway.startGlide(["--trace", tracePath, bookPath])
        _ = try restingOffset()
        _ = try sway.screenshotWithText()
    }

    override func tearDown() {
        glide?.process.terminate()
        _ = glide?.waitForExit(seconds: 5)
        glide = nil
        sway = nil
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private func restingOffset(movedFrom start: Double? = nil) throws -> Double {
        try TraceFile.restingOffset(ofTraceAt: tracePath, movedFrom: start, timeoutSeconds: 15)
    }

    /// One wtype run; a Shift first takes the place of a key lost to wtype's new keymap.
    private func wtype(_ arguments: [String]) throws {
        let typed = try ChildProcess.run("/usr/bin/wtype", ["-k", "Shift_L"] + arguments, environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
    }

    func testTheBookOpensTitledWithItsTitleAtItsFirstChapter() throws {
        XCTAssertEqual(try sway.glideWindowTitle(), "A Book From Pandoc — Glide")
        let analysis = InkAnalysis(try sway.screenshot())
        XCTAssertTrue(analysis.isDarkOnLight)
        XCTAssertGreaterThanOrEqual(analysis.textLineCount, 10, "the first chapter's text: \(analysis)")
        _ = try ChildProcess.run("/usr/bin/grim", ["-o", "HEADLESS-1", "/tmp/glide-sway-epub-open.png"],
                                 environment: sway.clientEnvironment)
    }

    func testAFlingGlidesOnAcrossChapterBoundaries() throws {
        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        try pointer.flick(step: 80, frames: 10)
        let rest = try restingOffset(movedFrom: 0)
        let frames = try TraceFile(path: tracePath).frames
        XCTAssertTrue(frames.contains { $0.phase == "decelerating" }, "the lift flung")
        XCTAssertGreaterThan(rest, 2 * HeadlessSwayEPUBTests.chapterHeightLimit, "the fling crossed two chapters' starts at least")
        let moving = frames.map(\.y).filter { $0 > 0 && $0 < rest }
        XCTAssertGreaterThan(Set(moving).count, 10, "it glided, frame by frame")
        for (earlier, later) in zip(moving, moving.dropFirst()) {
            XCTAssertGreaterThanOrEqual(later, earlier - 0.5, "and never jumped back (a chapter read in the way would show)")
        }
    }

    func testFindGoesToAWordInTheLastChapter() throws {
        try wtype(["-M", "ctrl", "-k", "f", "-m", "ctrl", "zebra"])
        let atMatch = try restingOffset(movedFrom: 0)
        XCTAssertGreaterThan(atMatch, 10_000, "the match is in chapter \(HeadlessSwayEPUBTests.chapterCount)")
        XCTAssertGreaterThan(try sway.screenshot().matchHighlightPixelCount, 100, "and highlighted")
    }

    func testCtrlAAndCtrlCCopyEveryChapter() throws {
        try wtype(["-M", "ctrl", "-k", "a", "-k", "c", "-m", "ctrl"])
        var pasted: (status: Int32?, output: String, error: String) = (nil, "", "")
        let deadline = Date().addingTimeInterval(10)
        repeat {
            usleep(300_000)
            pasted = try ChildProcess.run("/usr/bin/wl-paste", ["--no-newline"], environment: sway.clientEnvironment)
        } while (pasted.status != 0 || !pasted.output.contains("zebra")) && Date() < deadline
        XCTAssertEqual(pasted.status, 0, pasted.error)
        XCTAssertTrue(pasted.output.hasPrefix("A Book From Pandoc"), String(pasted.output.prefix(200)))
        for chapter in 1...HeadlessSwayEPUBTests.chapterCount {
            XCTAssertTrue(pasted.output.contains("Chapter \(chapter)\n\nParagraph 1 of chapter \(chapter) "), "chapter \(chapter)")
        }
        XCTAssertTrue(pasted.output.contains("past a zebra."))
        XCTAssertFalse(pasted.output.contains("<"), "no markup is copied")
    }
}
