import GlideDriver
import Glibc
import PDFFixtures
import TestCompositor
import XCTest

/// Selecting a PDF's text by touch in the real glide, through the test compositor: a long
/// press, its handles, a drag of the end, and Ctrl+A Ctrl+C to the clipboard.
final class PDFSelectionTests: GlideTestCase {
    private var path = ""

    override func tearDown() {
        unlink(path)
        super.tearDown()
    }

    /// Two pages; the first's body is two known lines (no table of contents).
    private func pdf() -> String {
        var fixture = PDFFixture(pageCount: 2)
        fixture.hasLinks = false
        fixture.hasOutline = false
        fixture.bodyLines[0] = ["Alpha bravo charlie delta echo foxtrot.", "Ёлка и café на второй строке."]
        path = fixture.write()
        return path
    }

    private func count(_ color: UInt32, in image: SurfaceImage, tolerance: Int) -> Int {
        image.pixels.filter { pixel in
            (0..<3).allSatisfy { (index: UInt32) -> Bool in
                abs(Int((pixel >> (index * 8)) & 0xff) - Int((color >> (index * 8)) & 0xff)) <= tolerance
            }
        }.count
    }

    func testALongPressSelectsAPDFWordWithHandlesThatDragAndCtrlACCopiesTheText() throws {
        let session = try start(document: .paths([pdf()]))
        _ = try session.runUntilIdle()
        // The page fills the 800 px window's column: 768 px for 612 pt, 16 px from the top.
        let factor = 768.0 / 612
        let line = (x: 16 + 60 * factor, y: 16 + 86 * factor)
        try session.down(x: line.x, y: line.y)
        try session.waitForLongPress()
        XCTAssertEqual(try session.primarySelectionText(), "Alpha", "the word under the finger")
        XCTAssertGreaterThan(count(0x3584E4, in: try session.image, tolerance: 8), 40, "two accent handles")
        try session.writePNG(named: "pdf-touch-selection")
        // The finger drags the end to "delta".
        try session.move(x: 16 + 160 * factor, y: line.y)
        try session.up()
        _ = try session.runUntilIdle()
        let extended = try XCTUnwrap(session.primarySelectionText())
        XCTAssertTrue(extended.hasPrefix("Alpha bravo charlie"), extended)
        XCTAssertEqual(try session.traceOfShownFrame().y, 0, "selecting did not scroll")
        try session.type(KeyCode.letter("a")!, with: [.leftControl])
        try session.type(KeyCode.letter("c")!, with: [.leftControl])
        _ = try session.runUntilIdle()
        XCTAssertEqual(try session.clipboardText(),
                       "Page 1\nAlpha bravo charlie delta echo foxtrot.\nЁлка и café на второй строке.\n\n"
                       + "Page 2\n" + (1...56).map {
                           "Line \($0) of page 2: the quick brown fox jumps over the lazy dog, a finger moves it at \(($0 - 1) * 37 % 500) px/s."
                       }.joined(separator: "\n"))
    }
}
