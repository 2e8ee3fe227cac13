import GlideDriver
import Glibc
import PDFFixtures
import TestCompositor
import TestSupport
import XCTest

/// Two fingers turning a PDF's page in the real glide: the page is drawn turned with them,
/// and lands a quarter turn on when they lift, in the pixels glide commits.
final class PageRotationTests: GlideTestCase {
    private var paths: [String] = []

    /// The ink on the left and on the right half of the page box, above the page control (its
    /// dots and grid button sit in the window's bottom 64 px): a turned page's text is on the
    /// side its top went to.
    private func ink(_ image: SurfaceImage, besideMiddleOf box: (x: Int, y: Int, width: Int, height: Int))
        -> (left: Int, right: Int) {
        let middle = box.x + box.width / 2, rows = 0..<(image.height - 64)
        return (image.inkCount(rows: rows, columns: box.x..<middle, step: 2),
                image.inkCount(rows: rows, columns: middle..<(box.x + box.width), step: 2))
    }

    override func tearDown() {
        for path in paths { unlink(path) }
        super.tearDown()
    }

    func testTwoFingersTurningAQuarterLandAQuarterTurnInTheCommittedPixels() throws {
        let path = PDFFixture(pageCount: 8).write()
        paths.append(path)
        let session = try start(document: .paths([path]), arguments: ["--paging"])
        let upright = try session.settledImage()
        XCTAssertTrue(upright.isSettled)
        let before = try XCTUnwrap(upright.image.paperBox(), "a page's white paper is shown")
        XCTAssertLessThan(before.width, before.height, "a Letter page stands upright")

        try session.turnFingers(about: (400, 300), radius: 120, by: 90, steps: 12)
        let turning = try XCTUnwrap(session.image.paperBox())
        XCTAssertGreaterThan(turning.width, turning.height, "the page is drawn turned with the fingers")
        try session.liftFingers()
        try session.runUntilIdle()
        let turned = try session.settledImage()
        XCTAssertTrue(turned.isSettled)
        let after = try XCTUnwrap(turned.image.paperBox())
        XCTAssertGreaterThan(after.width, after.height, "the page box lies on its side")
        XCTAssertEqual(Double(after.width) / Double(after.height), 792.0 / 612, accuracy: 0.05)
        // The page's text turned with it, clockwise: its top, the heading, is now on the right.
        let (leftInk, rightInk) = ink(turned.image, besideMiddleOf: after)
        XCTAssertGreaterThan(rightInk + leftInk, upright.image.inkCount(rows: 0..<(upright.image.height - 64), step: 2) / 2,
                             "the turned page's text is drawn")
        XCTAssertGreaterThan(rightInk, 4 * leftInk, "turned clockwise, the page's top is on the right")
        XCTAssertEqual(try XCTUnwrap(try session.trace().last).zoom, 1, accuracy: 1e-6, "turned at its size, not zoomed")
        print("two-finger turn: page box \(before.width)×\(before.height) → \(after.width)×\(after.height)")
    }

    func testATouchpadPinchThatRotatesTurnsThePages() throws {
        let path = PDFFixture(pageCount: 8).write()
        paths.append(path)
        let session = try start(document: .paths([path]), arguments: ["--paging"])
        XCTAssertTrue(try session.settledImage().isSettled)
        try session.pointerEnter(x: 400, y: 300)
        // 12 updates of 8° counter-clockwise: 96°, three quarter turns clockwise.
        try session.pinch(scales: Array(repeating: 1.02, count: 12), rotationDegrees: -8)
        try session.runUntilIdle()
        let turned = try session.settledImage()
        let box = try XCTUnwrap(turned.image.paperBox())
        XCTAssertGreaterThan(box.width, box.height, "the page box lies on its side")
        let (leftInk, rightInk) = ink(turned.image, besideMiddleOf: box)
        XCTAssertGreaterThan(leftInk, 150, "the turned page's text is drawn")
        XCTAssertGreaterThan(leftInk, 4 * rightInk, "turned counter-clockwise, the page's top is on the left")
    }
}
