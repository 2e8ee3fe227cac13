import Render
import ScrollEngine
import Viewer
import XCTest

/// One claim table decides who owns a touch: a control, or the view it landed in, never both.
final class TouchOwnershipTests: XCTestCase {
    private func pagedHarness() -> ViewerHarness {
        var options = ViewerOptions()
        options.isPaged = true
        let harness = ViewerHarness(layout: pagedLayout(), options: options)
        harness.runUntilIdle()
        return harness
    }

    /// The current dot of the page control, in window coordinates.
    private func currentDot(_ harness: ViewerHarness) -> LogicalPoint {
        let pane = harness.viewer.documentPane
        let rect = harness.viewer.scene.rects[pane.view]
        let layout = PageControlLayout(harness.frames.last!.traced.pageControl, viewportWidth: rect.size.width,
                                       viewportHeight: rect.size.height, style: pane.renderer.overlayStyle)
        let dot = layout.dots.first(where: \.isCurrent)!
        return LogicalPoint(x: rect.origin.x + dot.centerX, y: rect.origin.y + layout.centerY)
    }

    func testATouchThePageControlClaimsNeverReachesTheEngine() {
        let harness = pagedHarness()
        let dot = currentDot(harness)
        let view = harness.viewer.documentPane.view
        harness.send(.touchDown(id: 0, location: dot), .touchDown(id: 1, location: LogicalPoint(x: 400, y: 200)),
                     .touchFrame)
        XCTAssertEqual(harness.viewer.owner(ofTouch: 0), .control, "the dot's touch is the control's")
        XCTAssertNil(harness.viewer.scene.view(ofTouch: 0), "so no view holds it")
        XCTAssertEqual(harness.viewer.owner(ofTouch: 1), .view(view), "the content's touch is its view's")
        // Straight up off the control: content under it would follow a drag, the control does not.
        harness.send(.touchMotion(id: 0, location: LogicalPoint(x: dot.x, y: dot.y - 200)), .touchFrame)
        harness.send(.touchUp(id: 0), .touchFrame)
        XCTAssertNil(harness.viewer.owner(ofTouch: 0), "a lifted touch has no owner")
        XCTAssertEqual(harness.viewer.owner(ofTouch: 1), .view(view), "the other finger stays its view's")
        harness.send(.touchUp(id: 1), .touchFrame)
        harness.runUntilIdle()
        XCTAssertEqual(harness.frames.last!.traced.contentOffset, LogicalPoint(x: 800, y: 0),
                       "the control took its touch as a tap (one page on); the still finger moved nothing")
    }

    func testACancelledTouchLeavesNoOwnerAnywhere() {
        let harness = pagedHarness()
        let dot = currentDot(harness)
        harness.send(.touchDown(id: 0, location: dot), .touchDown(id: 1, location: LogicalPoint(x: 400, y: 200)),
                     .touchFrame)
        XCTAssertNotNil(harness.viewer.owner(ofTouch: 0))
        XCTAssertNotNil(harness.viewer.owner(ofTouch: 1))
        harness.send(.touchCancel)
        for id in 0...1 {
            XCTAssertNil(harness.viewer.owner(ofTouch: id), "touch \(id) still has an owner after the cancel")
            XCTAssertNil(harness.viewer.scene.view(ofTouch: id), "a view still holds touch \(id)")
        }
        // Motion and lifts for the cancelled ids go nowhere: no view scrolls, no control pages.
        harness.send(.touchMotion(id: 1, location: LogicalPoint(x: 100, y: 200)), .touchFrame)
        harness.send(.touchUp(id: 0), .touchUp(id: 1), .touchFrame)
        harness.runUntilIdle()
        XCTAssertEqual(harness.frames.last!.traced.contentOffset, LogicalPoint(x: 0, y: 0))
        XCTAssertEqual(harness.frames.last!.traced.pageControl.currentPage, 0)
    }
}
