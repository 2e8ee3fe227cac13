import Foundation
import PDFFixtures
import TestSupport
import XCTest

/// Go to page (Ctrl+L) by number and by a `/PageLabels` label, and back and forward across a
/// link and a go-to-page, in a real compositor: keys from wtype, the mouse's back and forward
/// buttons from a virtual pointer, the page and offset shown from the trace.
final class HeadlessSwayGoToPageTests: XCTestCase {
    private var sway: HeadlessSway!
    private var glide: ChildProcess!
    private var pdfPath = ""
    private var tracePath = ""

    /// At 1280 px a Letter page is laid out 1,200 px wide (PDFLayout's widest at zoom 1) from
    /// x 40, 16 px below the top, and the next starts 16 px below it; the automatic fit shows
    /// that at 5/3 px per point (`PDFLayout.automaticMaximumPixelsPerPoint`), 1,020 px wide and
    /// centred, so the trace's offsets are those times `zoom`.
    private let pixelsPerPoint = 1200.0 / 612
    private let zoom = 612.0 * 5 / 3 / 1200
    private var pagePitch: Double { 792 * pixelsPerPoint + 16 }

    override func tearDown() {
        glide?.process.terminate()
        glide?.waitForExit(seconds: 5)
        glide = nil
        sway = nil
        unlink(pdfPath)
        unlink(tracePath)
    }

    /// Starts glide on 30 pages whose first ten are front matter labelled `i` to `x`, then `1`
    /// to `17` and an appendix `A-1` to `A-3`, as a book's; its first page a table of contents
    /// linking to chapters.
    private func start(_ arguments: [String]) throws {
        sway = try HeadlessSway()
        var fixture = PDFFixture(pageCount: 30)
        let roman = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"]
        for page in 0..<10 { fixture.pageLabels[page] = roman[page] }
        for page in 10..<27 { fixture.pageLabels[page] = String(page - 9) }
        for page in 27..<30 { fixture.pageLabels[page] = "A-\(page - 26)" }
        pdfPath = fixture.write()
        tracePath = FileManager.default.temporaryDirectory.appendingPathComponent("glide-go-to-page-\(UUID().uuidString).jsonl").path
        glide = try sway.startGlide(["--trace", tracePath] + arguments + [pdfPath])
        _ = try TraceFile.restingOffset(ofTraceAt: tracePath)
    }

    private func wtype(_ arguments: [String]) throws {
        // A Shift first takes the place of a key lost to wtype's new keymap (see the Markdown test).
        let typed = try ChildProcess.run("/usr/bin/wtype", ["-k", "Shift_L"] + arguments, environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
    }

    /// The last frame of the trace once it has stopped growing and is idle, and (with
    /// `change`) differs from the frame before the input by it; polled every 0.3 s.
    private func restingFrame(changedFrom start: TraceFile.Frame? = nil, timeoutSeconds: Double = 15,
                              by change: (TraceFile.Frame, TraceFile.Frame) -> Bool = { _, _ in true }) throws -> TraceFile.Frame {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        var count = -1
        while Date() < deadline {
            usleep(300_000)
            let frames = try TraceFile(path: tracePath).frames
            if frames.count == count, let last = frames.last, last.phase == "idle",
               start.map({ change($0, last) }) ?? true { return last }
            count = frames.count
        }
        let last = try TraceFile(path: tracePath).frames.last
        throw HarnessError("the window never came to rest elsewhere: from \(start.map { "y \($0.y) page \($0.page ?? -1)" } ?? "-") the last frame is y \(last?.y ?? -1) page \(last?.page ?? -1) \(last?.phase ?? "")")
    }

    private func lastFrame() throws -> TraceFile.Frame { try XCTUnwrap(TraceFile(path: tracePath).frames.last) }

    /// Ctrl+L, `text` typed, Enter: the page shown once the view rests elsewhere.
    private func goToPage(_ text: String) throws -> TraceFile.Frame {
        let before = try lastFrame()
        // One wtype, one keymap: each new keymap is a chance to lose a key.
        try wtype(["-M", "ctrl", "-k", "l", "-m", "ctrl", text, "-k", "Return"])
        return try restingFrame(changedFrom: before) { abs($0.y - $1.y) > 1 || $0.page != $1.page }
    }

    /// How many pixels of a screenshot have the entry's error red on its dark card, #ff7b63,
    /// give or take 24 a channel.
    private func errorRedCount(_ shot: RGBImage) -> Int {
        (0..<shot.height).reduce(0) { total, y in
            total + (0..<shot.width).filter { x in
                let pixel = shot.rgb(x: x, y: y)
                return abs(Int(pixel >> 16) - 0xFF) < 24 && abs(Int((pixel >> 8) & 0xff) - 0x7B) < 24
                    && abs(Int(pixel & 0xff) - 0x63) < 24
            }.count
        }
    }

    func testGoToPageByNumberAndByLabel() throws {
        try start(["--paging"])
        XCTAssertEqual(try goToPage("25").page, 24, "a number that is no label is the page of that number")
        XCTAssertEqual(try goToPage("vii").page, 6, "a roman label is its front-matter page")
        XCTAssertEqual(try goToPage("A-3").page, 29, "an appendix's label")
        XCTAssertEqual(try goToPage("3").page, 12, "a label first: the printed page 3, after the front matter")

        // Text that names no page: the entry says so (in red), and the page stays.
        XCTAssertEqual(errorRedCount(try sway.screenshot()), 0)
        try wtype(["-M", "ctrl", "-k", "l", "-m", "ctrl", "xyz", "-k", "Return"])
        var shot = try sway.screenshot()
        let deadline = Date().addingTimeInterval(10)
        while errorRedCount(shot) < 50, Date() < deadline {
            usleep(200_000)
            shot = try sway.screenshot()
        }
        XCTAssertGreaterThan(errorRedCount(shot), 50, "the entry says the text names no page")
        XCTAssertEqual(try restingFrame().page, 12, "and the page stays")
        try wtype(["-k", "Escape"])
    }

    /// A link, then a go-to-page: Alt+Left retraces both, Alt+Right goes forward over both
    /// again, and the mouse's forward and back buttons do the same.
    func testBackAndForwardAcrossALinkAndAGoToPage() throws {
        try start([])
        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        // The contents' line for chapter 2 (the fixture's link), at the top of the first page.
        let entry = PDFFixture(pageCount: 30).tableOfContentsEntry(1)
        // The page's links come from the render worker after its first frame: on a loaded
        // machine a click may come before them, and is repeated while the view has not moved
        // (never during the glide, which a click would stop).
        var moved = false
        for _ in 0..<4 where !moved {
            try pointer.click(x: Int((40 + (entry.x + 30) * pixelsPerPoint) * zoom + 1280 * (1 - zoom) / 2),
                              y: Int((16 + (entry.y - 4) * pixelsPerPoint) * zoom))
            let deadline = Date().addingTimeInterval(6)
            while !moved, Date() < deadline {
                usleep(200_000)
                moved = try TraceFile(path: tracePath).frames.contains { $0.y > 1 }
            }
        }
        let chapter = try restingFrame(changedFrom: TraceFile.Frame(t: 0, y: 0, phase: "idle", page: 0)) { abs($0.y - $1.y) > 1 }.y
        XCTAssertEqual(chapter, 10 * pagePitch * zoom, accuracy: 3, "the link led to chapter 2's page (11)")
        let page = try goToPage("v").y
        XCTAssertEqual(page, (16 + 4 * pagePitch) * zoom, accuracy: 3, "the label v is page 5, at its top")

        func step(_ keys: [String], to expected: Double, _ message: String) throws {
            let before = try lastFrame()
            try wtype(keys)
            XCTAssertEqual(try restingFrame(changedFrom: before) { abs($0.y - $1.y) > 1 }.y, expected, accuracy: 3, message)
        }
        try step(["-M", "alt", "-k", "Left", "-m", "alt"], to: chapter, "Alt+Left: back where the link led")
        try step(["-M", "alt", "-k", "Left", "-m", "alt"], to: 0, "Alt+Left again: back at the table of contents")
        try step(["-M", "alt", "-k", "Right", "-m", "alt"], to: chapter, "Alt+Right: forward to the chapter")
        try step(["-M", "alt", "-k", "Right", "-m", "alt"], to: page, "Alt+Right again: the page gone to")

        // BTN_SIDE (275) is the mouse's back button, BTN_EXTRA (276) its forward one.
        func button(_ code: Int, to expected: Double, _ message: String) throws {
            let before = try lastFrame()
            try pointer.move(x: 640, y: 400)
            try pointer.send("press \(code)")
            try pointer.send("release \(code)")
            XCTAssertEqual(try restingFrame(changedFrom: before) { abs($0.y - $1.y) > 1 }.y, expected, accuracy: 3, message)
        }
        try button(275, to: chapter, "the back button: where the link led")
        try button(276, to: page, "the forward button: the page gone to")
    }
}
