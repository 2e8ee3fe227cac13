import GlideDriver
import Glibc
import PDFFixtures
import TestCompositor
import XCTest

/// Go to page (Ctrl+L) by number and by a `/PageLabels` label, typed through the text-input
/// protocol as an on-screen keyboard types; back and forward across a link and a go-to-page;
/// a swipe in from the left edge going back. In the real glide on the test compositor.
final class GoToPageAndHistoryTests: GlideTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
        super.tearDown()
    }

    /// 30 Letter pages whose first ten are front matter labelled `i` to `x` and the rest `1` to
    /// `20`, as a book's; the first page a table of contents linking to the chapters when
    /// `links`.
    private func labelledPDF(links: Bool = false) -> String {
        var fixture = PDFFixture(pageCount: 30)
        fixture.hasLinks = links
        let roman = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"]
        for page in 0..<10 { fixture.pageLabels[page] = roman[page] }
        for page in 10..<30 { fixture.pageLabels[page] = String(page - 9) }
        let path = fixture.write()
        paths.append(path)
        return path
    }

    /// Opens the entry with Ctrl+L, types `text` as an on-screen keyboard does and presses
    /// Enter; returns the page shown once the view rests.
    @discardableResult
    private func goToPage(_ text: String, in session: GlideSession) throws -> TraceFrame {
        try session.type(KeyCode.letter("l")!, with: [.leftControl])
        try session.focusTextInput()
        XCTAssertTrue(session.compositor.exec { $0.textInputManager.isEnabled }, "the entry asks for text input")
        XCTAssertEqual(session.compositor.exec { $0.textInputManager.type(text) }, 1)
        try session.compositor.roundtrip("glide to take the typed text")
        try session.type(.enter)
        _ = try session.runUntilIdle()
        return try session.traceOfShownFrame()
    }

    func testGoToPageByNumberAndByLabel() throws {
        let session = try start(document: .paths([labelledPDF()]), arguments: ["--paging"])
        XCTAssertTrue(try session.settledImage().isSettled)
        XCTAssertEqual(try goToPage("25", in: session).page, 24, "a number is the page of that number")
        XCTAssertFalse(session.compositor.exec { $0.textInputManager.isEnabled }, "Enter closed the entry")
        XCTAssertEqual(try goToPage("vii", in: session).page, 6, "a roman label is its front-matter page")
        XCTAssertEqual(try goToPage("3", in: session).page, 12, "a label first: the printed page 3, after the front matter")
        // What leads nowhere leaves the entry open, saying so, and the page where it was.
        XCTAssertEqual(try goToPage("xyz", in: session).page, 12)
        XCTAssertTrue(session.compositor.exec { $0.textInputManager.isEnabled }, "the entry stays open on bad input")
        try session.writePNG(named: "go-to-page-error")
        try session.type(.escape)
        XCTAssertFalse(session.compositor.exec { $0.textInputManager.isEnabled }, "Escape closed the entry")
        XCTAssertEqual(try session.traceOfShownFrame().page, 12)
    }

    /// A link, then a go-to-page: Alt+Left retraces both, Alt+Right goes forward over both
    /// again, and a swipe in from the left edge goes back as Alt+Left does.
    func testBackAndForwardAcrossALinkAndAGoToPage() throws {
        let session = try start(document: .paths([labelledPDF(links: true)]))
        XCTAssertTrue(try session.settledImage().isSettled)
        // 800 px window: the page is 768 px wide from x 16, 768/612 px per point, 16 px down;
        // each page 994 px tall with a 16 px gap (see PDFTests).
        let factor = 768.0 / 612, pitch = 994.0 + 16
        let entry = PDFFixture(pageCount: 30).tableOfContentsEntry(1)
        try session.down(x: 16 + (entry.x + 30) * factor, y: 16 + (entry.y - 4) * factor)
        try session.up()
        _ = try session.runUntilIdle()
        let chapter = try session.traceOfShownFrame().y
        XCTAssertEqual(chapter, 10 * pitch, accuracy: 2, "the link led to chapter 2's page (11)")
        let page = try goToPage("v", in: session).y
        XCTAssertEqual(page, 16 + 4 * pitch, accuracy: 2, "the label v is page 5, at its top")

        try session.type(.left, with: [.leftAlt])
        _ = try session.runUntilIdle()
        XCTAssertEqual(try session.traceOfShownFrame().y, chapter, accuracy: 2, "Alt+Left: back where the link led")
        try session.type(.left, with: [.leftAlt])
        _ = try session.runUntilIdle()
        XCTAssertEqual(try session.traceOfShownFrame().y, 0, "Alt+Left again: back at the table of contents")
        try session.type(.right, with: [.leftAlt])
        _ = try session.runUntilIdle()
        XCTAssertEqual(try session.traceOfShownFrame().y, chapter, accuracy: 2, "Alt+Right: forward to the chapter")
        try session.type(.right, with: [.leftAlt])
        _ = try session.runUntilIdle()
        XCTAssertEqual(try session.traceOfShownFrame().y, page, accuracy: 2, "Alt+Right again: the page gone to")

        // A finger from the window's left edge swiping right goes back.
        try session.down(x: 3, y: 300)
        for step in 1...6 { try session.move(x: 3 + Double(step) * 40, y: 300) }
        try session.up()
        _ = try session.runUntilIdle()
        XCTAssertEqual(try session.traceOfShownFrame().y, chapter, accuracy: 2, "the edge swipe went back")
    }
}
