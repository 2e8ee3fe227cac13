@testable import ScrollEngine
import TestSupport
import XCTest

/// The indicators under a mouse pointer: they widen into scrollbars, stay while hovered,
/// follow a thumb drag and page on a track click.
final class ScrollbarTests: XCTestCase {
    /// 800×600 over 800×6000: the vertical thumb is 594·0.1 = 59.4 px on a 594 px track.
    private func makeView() -> ScrollView {
        ScrollView(viewportSize: LogicalSize(width: 800, height: 600), contentSize: LogicalSize(width: 800, height: 6000))
    }

    func testHoveringNearTheIndicatorWidensItAndKeepsItVisible() {
        var view = makeView()
        view.pointerMotion(to: LogicalPoint(400, 300), timeMilliseconds: 0)
        XCTAssertFalse(view.frame.verticalIndicator.isExpanded)
        // Within the 3 px margin, 8 px scrollbar and 5 px slop of the right edge.
        view.pointerMotion(to: LogicalPoint(785, 300), timeMilliseconds: 10)
        XCTAssertTrue(view.frame.verticalIndicator.isExpanded)
        view.advance(to: 10000)
        XCTAssertEqual(view.frame.verticalIndicator.opacity, 1, "visible while hovered")
        XCTAssertFalse(view.frame.needsFrames, "nothing changes while it is hovered")
        view.pointerMotion(to: LogicalPoint(700, 300), timeMilliseconds: 10010)
        XCTAssertFalse(view.frame.verticalIndicator.isExpanded)
        view.advance(to: 10010 + 1200 + 250)
        XCTAssertEqual(view.frame.verticalIndicator.opacity, 0, "then it fades as after a scroll")
    }

    func testDraggingTheThumbScrollsProportionally() {
        var view = makeView()
        view.pointerMotion(to: LogicalPoint(795, 20), timeMilliseconds: 0)
        XCTAssertTrue(view.pointerButton(PointerButton.left, isPressed: true, timeMilliseconds: 10))
        XCTAssertEqual(view.phase, .dragging)
        view.pointerMotion(to: LogicalPoint(795, 120), timeMilliseconds: 20)
        // 100 px of thumb over a travel of 594 − 59.4 px is 100/534.6 of the 5400 px range.
        XCTAssertEqual(view.contentOffset.y, 100 * 5400 / (594 - 59.4), accuracy: 1e-9)
        view.pointerMotion(to: LogicalPoint(600, 2000), timeMilliseconds: 30)
        XCTAssertEqual(view.contentOffset.y, 5400, "clamped; the drag holds while the pointer wanders")
        XCTAssertTrue(view.pointerButton(PointerButton.left, isPressed: false, timeMilliseconds: 40))
        XCTAssertEqual(view.phase, .idle)
        XCTAssertFalse(view.frame.verticalIndicator.isExpanded)
    }

    func testAClickInTheTrackPagesTowardsIt() {
        var view = makeView()
        view.pointerMotion(to: LogicalPoint(795, 500), timeMilliseconds: 0)
        XCTAssertTrue(view.pointerButton(PointerButton.left, isPressed: true, timeMilliseconds: 10))
        view.pointerButton(PointerButton.left, isPressed: false, timeMilliseconds: 20)
        XCTAssertEqual(view.phase, .animating)
        XCTAssertEqual(view.runFrames(from: 20).last?.contentOffset.y, 560, "a screen less a line")
    }

    func testOtherButtonsAndPlacesAreNotUsed() {
        var view = makeView()
        view.pointerMotion(to: LogicalPoint(400, 300), timeMilliseconds: 0)
        XCTAssertFalse(view.pointerButton(PointerButton.left, isPressed: true, timeMilliseconds: 10))
        view.pointerMotion(to: LogicalPoint(795, 300), timeMilliseconds: 20)
        XCTAssertFalse(view.pointerButton(0x111, isPressed: true, timeMilliseconds: 30))
        view.pointerLeave(timeMilliseconds: 40)
        XCTAssertFalse(view.frame.verticalIndicator.isExpanded)
    }
}
