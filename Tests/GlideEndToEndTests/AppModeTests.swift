import Foundation
import GlideDriver
import TestCompositor
import XCTest

/// The app's modes through real touch: the split view's outline and reduced motion.
final class AppModeTests: GlideTestCase {
    /// A document of chapters long enough to fill many pages.
    private let chapters: SessionDocument = .text((0..<30).map { chapter in
        "# Chapter \(chapter)\n\n" + String(repeating: "A paragraph that fills the chapter's pages. ", count: 40) + "\n"
    }.joined(separator: "\n"))

    func testTappingAHeadingInTheOutlinePagesTheDocumentBelowToIt() throws {
        let session = try start(size: Size(width: 800, height: 600), document: chapters, arguments: ["--split"])
        let before = try session.traceOfShownFrame()
        XCTAssertEqual(before.page, 0)
        XCTAssertGreaterThan(before.pages, 10)
        // The outline's rows are 48 px tall from the top: the fourth is "Chapter 3".
        try session.down(x: 400, y: 48 * 3 + 24)
        try session.up()
        try session.runUntilIdle()
        let after = try session.traceOfShownFrame()
        XCTAssertGreaterThan(after.page, 3, "Chapter 3 starts several pages in")
        XCTAssertEqual(after.x, Double(after.page) * 800, accuracy: 0.01, "on a whole page")
        // A drag in the outline pane scrolls the list, never the pages below it.
        try session.down(x: 400, y: 150)
        try session.drag(x: 400, from: 150, by: -100, steps: 5)
        try session.up()
        try session.runUntilIdle()
        XCTAssertEqual(try session.traceOfShownFrame().x, after.x, accuracy: 0.01)
    }

    func testReducedMotionTurnsTheRubberBandOff() throws {
        setenv("GLIDE_REDUCED_MOTION", "1", 1)
        defer { unsetenv("GLIDE_REDUCED_MOTION") }
        let session = try start()
        try session.down(x: 400, y: 150)
        try session.drag(x: 400, from: 150, by: 200, steps: 5)
        XCTAssertEqual(try session.traceOfShownFrame().y, 0, "the content stays at its edge under the finger")
        try session.up()
        try session.runUntilIdle()
        XCTAssertEqual(try session.traceOfShownFrame().y, 0)
    }
}
