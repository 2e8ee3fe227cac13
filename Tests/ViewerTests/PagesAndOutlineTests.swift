import DocumentKit
import Render
import ScrollEngine
import Viewer
import XCTest

/// Paged documents: the page control (taps and scrubs, by touch and by click) and the
/// outline of split mode.
final class PagesAndOutlineTests: XCTestCase {
    private func pagedOptions(split: Bool = false) -> ViewerOptions {
        var options = ViewerOptions()
        options.isPaged = true
        options.isSplit = split
        return options
    }

    private func page(_ harness: ViewerHarness) -> Int { harness.frames.last!.traced.pageControl.currentPage }

    /// The page control's dots as drawn now, in window coordinates.
    private func dots(_ harness: ViewerHarness) -> (layout: PageControlLayout, top: Double) {
        let viewer = harness.viewer
        let pane = viewer.documentPane
        let rect = viewer.scene.rects[pane.view]
        let layout = PageControlLayout(harness.frames.last!.traced.pageControl, viewportWidth: rect.size.width,
                                       viewportHeight: rect.size.height, style: pane.renderer.overlayStyle)
        return (layout, rect.origin.y)
    }

    func testATapBesideTheCurrentDotPagesOneWayAndAClickDoesToo() {
        let harness = ViewerHarness(layout: pagedLayout(), options: pagedOptions())
        harness.runUntilIdle()
        XCTAssertGreaterThan(harness.frames.last!.traced.pageControl.numberOfPages, 3)
        var control = dots(harness)
        let current = control.layout.dots.first(where: \.isCurrent)!.centerX
        harness.tap(current + 30, control.layout.centerY + control.top)
        harness.runUntilIdle()
        XCTAssertEqual(page(harness), 1, "a tap right of the current dot pages forward")
        XCTAssertEqual(harness.frames.last!.traced.contentOffset.x, 800, "one whole page")
        control = dots(harness)
        let now = control.layout.dots.first(where: \.isCurrent)!.centerX
        // The current dot is second of many: just left of it is still on the control.
        harness.send(.pointerMotion(LogicalPoint(x: now - 10, y: control.layout.centerY + control.top)))
        harness.send(.pointerButton(DocumentViewerButtons.left, isPressed: true))
        harness.send(.pointerButton(DocumentViewerButtons.left, isPressed: false))
        harness.runUntilIdle()
        XCTAssertEqual(page(harness), 0, "a click left of it pages back")
    }

    func testScrubbingAlongTheDotsSelectsTheDotUnderTheFinger() {
        let harness = ViewerHarness(layout: pagedLayout(), options: pagedOptions())
        harness.runUntilIdle()
        let control = dots(harness)
        let y = control.layout.centerY + control.top
        let first = control.layout.dots.first!.centerX, last = control.layout.dots.last!
        harness.touchDown(first, y)
        for step in 1...6 { harness.touchMove(first + (last.centerX - first) * Double(step) / 6, y) }
        harness.touchUp()
        harness.runUntilIdle()
        XCTAssertEqual(page(harness), last.page, "the finger ended on the last dot")
    }

    func testSplitModeShowsTheOutlineAboveThePagesAndATapOnAHeadingPagesToIt() throws {
        let harness = ViewerHarness(layout: pagedLayout(), options: pagedOptions(split: true))
        harness.runUntilIdle()
        let viewer = harness.viewer
        XCTAssertEqual(viewer.panes.count, 2)
        XCTAssertEqual(viewer.paneRects.map(\.size.height), [210, 390], "35 % outline, 65 % pages")
        // The outline is tinted: its band differs from the page's background.
        XCTAssertNotEqual(harness.pixel(x: 790, y: 205), harness.pixel(x: 790, y: 215))
        let outline = try XCTUnwrap(viewer.outline)
        let before = page(harness)
        // Row 3, the last whole row in the band: a heading a few pages in (rows are 48 px
        // below an 8 px padding).
        harness.tap(200, 8 + 48 * 3 + 24)
        harness.runUntilIdle()
        let expected = outline.page(ofHeading: 3)
        XCTAssertGreaterThan(expected, before)
        XCTAssertEqual(page(harness), expected, "the pages moved to the heading's page")
        XCTAssertEqual(outline.highlightedHeading, outline.heading(onPage: expected), "its row is highlighted")
        // A drag on the pages does not move the outline.
        harness.drag(from: LogicalPoint(x: 600, y: 400), to: LogicalPoint(x: 200, y: 400))
        harness.runUntilIdle()
        XCTAssertEqual(viewer.scene[viewer.panes[0].view].contentOffset.x, 0)
    }
}
