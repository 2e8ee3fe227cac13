import DocumentKit
import ScrollEngine
import TextKind
import Viewer
import XCTest

/// Moving the document from outside the seat (a screen reader): animated scrolls to a block, a
/// page or an outline heading, and where content shows in the window.
final class NavigationTests: XCTestCase {
    private func pagedOptions(split: Bool = false) -> ViewerOptions {
        var options = ViewerOptions()
        options.isPaged = true
        options.isSplit = split
        return options
    }

    func testScrollingToABlockAnimatesUntilItIsAtTheTopOfThePane() throws {
        let layout = try XCTUnwrap(longLayout() as? DocumentLayout)
        let harness = ViewerHarness(layout: layout)
        harness.runUntilIdle()
        // Far enough that the sections on the way, laid out as they pass, move the block.
        harness.viewer.navigation.scrollDocument(to: BlockLocation(section: 6, block: 2, shareOfSectionBefore: 0),
                                      timeMilliseconds: harness.time)
        XCTAssertTrue(harness.viewer.needsFrame)
        let frames = harness.runUntilIdle()
        XCTAssertTrue(frames.contains { $0.traced.phase == .animating }, "the engine's animation, not a jump")
        let block = try XCTUnwrap(layout.frame(ofBlock: 2, inSection: 6))
        let shown = try XCTUnwrap(harness.viewer.navigation.windowRect(ofDocumentContent: block))
        XCTAssertEqual(shown.origin.y, 0, accuracy: 1, "the block is at the top of the window")
        XCTAssertEqual(layout.readingAnchor.section, 6)
        XCTAssertEqual(layout.readingAnchor.block, 2)
        // What scrolled away is not in the window.
        let first = try XCTUnwrap(layout.frame(ofBlock: 0, inSection: 6))
        XCTAssertNil(harness.viewer.navigation.windowRect(ofDocumentContent: ContentRect(x: first.x, y: 0, width: 10, height: 10)))
    }

    func testPagesAndOutlineHeadingsAreShownByTheirIndex() throws {
        let harness = ViewerHarness(layout: pagedLayout(), options: pagedOptions(split: true), width: 400, height: 600)
        harness.runUntilIdle()
        let count = try XCTUnwrap(harness.viewer.navigation.pages?.count)
        XCTAssertGreaterThan(count, 4)
        harness.viewer.navigation.showPage(3, timeMilliseconds: harness.time)
        harness.runUntilIdle()
        XCTAssertEqual(harness.viewer.navigation.pages?.current, 3)
        XCTAssertNotNil(harness.viewer.navigation.pageControlRect)
        let outline = try XCTUnwrap(harness.viewer.outline)
        // The last heading's page is estimated until the pages before it are laid out.
        let last = outline.headingCount - 1
        harness.viewer.navigation.showOutlineHeading(last, timeMilliseconds: harness.time)
        harness.runUntilIdle()
        XCTAssertEqual(harness.viewer.navigation.pages?.current, outline.page(ofHeading: last))
        XCTAssertNotNil(harness.viewer.navigation.windowRect(ofOutlineRow: 0), "the first row shows in the outline's band")
    }
}
