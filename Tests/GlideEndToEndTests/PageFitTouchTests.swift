import GlideDriver
import Glibc
import PDFFixtures
import TestCompositor
import XCTest

/// A double tap on a page of two columns zooms to the column under the finger, as iOS does,
/// and a second returns to the fit (issue 26), in the real glide: taps from the test
/// compositor, the zoom and offset from the trace, the column from the pixels.
final class PageFitTouchTests: GlideTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
        super.tearDown()
    }

    /// The leftmost and rightmost columns of ink in rows `rows`.
    private func inkExtent(_ image: SurfaceImage, rows: Range<Int>) -> (left: Int, right: Int)? {
        var left = Int.max, right = -1
        for y in stride(from: rows.lowerBound, to: rows.upperBound, by: 3) {
            for x in 0..<image.width where image.luminance(x: x, y: y) < 100 {
                left = min(left, x)
                right = max(right, x)
            }
        }
        return right >= 0 ? (left, right) : nil
    }

    func testADoubleTapZoomsToTheColumnUnderTheFingerAndASecondReturnsToTheFit() throws {
        let path = TwoColumnPDF.write()
        paths.append(path)
        let width = 1280.0
        let session = try start(size: Size(width: Int32(width), height: 800), document: .paths([path]))
        XCTAssertTrue(try session.settledImage().isSettled)
        let fitted = try XCTUnwrap(try session.trace().last)
        // At zoom 1 a Letter page in the column is 1,200 px wide, centred, 16 px from the top
        // (PageFrames); the fit scales that.
        let pixelsPerPoint = 1200.0 / 612, pageLeft = (width - 1200) / 2, pageTop = 16.0
        func shown(_ frame: TraceFrame, x: Double, y: Double) -> (x: Double, y: Double) {
            ((pageLeft + x * pixelsPerPoint) * frame.zoom - frame.x, (pageTop + y * pixelsPerPoint) * frame.zoom - frame.y)
        }
        let finger = shown(fitted, x: TwoColumnPDF.rightColumn.x + 100, y: 300)
        // A tap first, as a reader's first touch: the page's text is read behind it.
        try session.down(x: finger.x, y: finger.y)
        try session.up()
        for _ in 0..<30 { try session.presentFrame() }
        try session.doubleTap(x: finger.x, y: finger.y)
        try session.runUntilIdle()
        let zoomed = try XCTUnwrap(try session.trace().last)
        XCTAssertGreaterThan(zoomed.zoom, fitted.zoom * 2, "zoomed in to one column")
        let left = shown(zoomed, x: TwoColumnPDF.rightColumn.x, y: 0).x
        let right = shown(zoomed, x: TwoColumnPDF.rightColumn.x + TwoColumnPDF.rightColumn.width, y: 0).x
        XCTAssertEqual(left, 16, accuracy: 2 * zoomed.zoom * pixelsPerPoint, "the column's left edge 16 px in")
        XCTAssertGreaterThanOrEqual(right, width - 18, "its right edge at the window's")
        XCTAssertLessThan(shown(zoomed, x: TwoColumnPDF.leftColumn.x + TwoColumnPDF.leftColumn.width, y: 0).x, 0,
                          "the other column out of the window")
        // In pixels: the ink runs from a margin at the left to near the right edge.
        let image = try session.settledImage().image
        let ink = try XCTUnwrap(inkExtent(image, rows: 200..<600))
        XCTAssertEqual(Double(ink.left), 16, accuracy: 3 * zoomed.zoom * pixelsPerPoint, "ink \(ink)")
        XCTAssertGreaterThan(Double(ink.right), width * 0.85, "the column's lines span the window")
        XCTAssertLessThanOrEqual(Double(ink.right), width - 14, "and none is cut at its edge")

        try session.doubleTap(x: 600, y: 400)
        try session.runUntilIdle()
        let back = try XCTUnwrap(try session.trace().last)
        XCTAssertEqual(back.zoom, fitted.zoom, accuracy: 1e-6, "a second double tap returns to the fit")
        print("double tap: fit \(fitted.zoom) → column \(zoomed.zoom) (column \(left)…\(right), ink \(ink)) → \(back.zoom)")
    }
}
