import GlideDriver
import TestCompositor
import XCTest

/// The pointer near the right edge widens the indicator into a scroll bar: its thumb drags,
/// a click in its track pages.
final class ScrollbarTests: GlideTestCase {
    /// The rows the thumb covers: darker than the track (the track is the bar's ink at 25 %).
    private func thumbRows(_ image: SurfaceImage) -> ClosedRange<Int>? {
        let darkest = image.rightEdgeDarkest()
        guard let top = darkest.firstIndex(where: { $0 < 200 }), let bottom = darkest.lastIndex(where: { $0 < 200 }) else { return nil }
        return top...bottom
    }

    func testThePointerNearTheRightEdgeWidensTheIndicatorIntoABarWithATrack() throws {
        let session = try start()
        try session.pointerEnter(x: 400, y: 300)
        XCTAssertEqual(try session.image.indicatorPixelCount(thickness: 8), 0, "no indicator at rest")
        try session.pointerMotion(x: 795, y: 300)
        let image = try session.image
        let widths = image.rightEdgeInkWidths()
        let thumb = try XCTUnwrap(thumbRows(image), "a thumb is drawn")
        XCTAssertEqual(Double(thumb.lowerBound), 3, accuracy: 1, "at the top of its track")
        XCTAssertTrue(widths[thumb].allSatisfy { $0 == 8 }, "the thumb is 8 px wide: \(Set(widths[thumb]))")
        let track = (thumb.upperBound + 2)..<(600 - 4)
        XCTAssertTrue(widths[track].allSatisfy { $0 == 8 }, "an 8 px track runs to the bottom: \(Set(widths[track]))")
        XCTAssertTrue(image.rightEdgeDarkest()[track].allSatisfy { $0 > 200 && $0 < 250 }, "lighter than the thumb")
        XCTAssertEqual(image.rightEdgeInkWidths(inset: 11, thickness: 2).max(), 0, "nothing left of the bar")
        XCTAssertEqual(try session.traceOfShownFrame().vIndicator, 1)
    }

    func testDraggingTheThumbScrollsProportionallyAndAClickInTheTrackPagesTowardsIt() throws {
        let session = try start()
        try session.pointerEnter(x: 795, y: 300)
        let thumb = try XCTUnwrap(thumbRows(try session.image))
        let grab = Double(thumb.lowerBound + thumb.upperBound) / 2
        try session.pointerMotion(x: 795, y: grab)
        try session.leftButton(isPressed: true)
        try session.pointerMotion(x: 795, y: grab + 30)
        let first = try session.traceOfShownFrame().y
        try session.pointerMotion(x: 795, y: grab + 90)
        let second = try session.traceOfShownFrame().y
        XCTAssertGreaterThan(first, 30, "the content moves faster than the thumb")
        XCTAssertEqual(second, 3 * first, accuracy: 0.5, "in proportion to the pointer: \(first), \(second)")
        // The thumb followed the pointer.
        let moved = try XCTUnwrap(thumbRows(try session.image))
        XCTAssertEqual(Double(moved.lowerBound - thumb.lowerBound), 90, accuracy: 1)
        try session.leftButton(isPressed: false)
        try session.runUntilIdle()
        let dragged = try XCTUnwrap(try session.trace().last).y
        XCTAssertEqual(dragged, second, "no fling after the drag")

        // A click in the track below the thumb pages down: the viewport less a line step (40 px).
        try session.pointerMotion(x: 795, y: 560)
        try session.leftButton(isPressed: true)
        try session.leftButton(isPressed: false)
        try session.runUntilIdle()
        XCTAssertEqual(try XCTUnwrap(try session.trace().last).y, dragged + 560, accuracy: 0.001, "one page down")
        // And above it, one page up.
        try session.pointerMotion(x: 795, y: 10)
        try session.leftButton(isPressed: true)
        try session.leftButton(isPressed: false)
        try session.runUntilIdle()
        XCTAssertEqual(try XCTUnwrap(try session.trace().last).y, dragged, accuracy: 0.001, "one page up")
        print("scroll bar: the thumb dragged 30 px scrolls \(first) px, 90 px \(second) px")
    }
}
