import ScrollEngine
import Viewer
import XCTest

/// Keys on a zoomed image of a collection (issue 28, item 5). The images sit side by side, so
/// Page Up/Down, Space and the Up and Down arrows pan the zoomed image, and a key that finds it
/// already at its edge that way turns the page, as a drag past the edge does. Left and Right
/// turn it at once, as before.
final class ZoomedImageKeyTests: XCTestCase {
    /// Three photos, paged, their pixels decoded, the first zoomed one Ctrl+plus step (1.2×,
    /// `zoomStepFactor`): taller than the window, so there is a little to pan down.
    private func zoomedCollection() throws -> ViewerHarness {
        let harness = try pagedPhotoHarness(count: 3).harness
        zoom(harness)
        return harness
    }

    private func zoom(_ harness: ViewerHarness) {
        harness.send(.key("plus", modifiers: .control))
        harness.runUntilIdle()
        XCTAssertEqual(view(harness).zoomScale, 1.2, accuracy: 1e-6, "zoomed one step")
    }

    private func view(_ harness: ViewerHarness) -> ScrollView {
        harness.viewer.scene[harness.viewer.documentPane.view]
    }

    private func page(_ harness: ViewerHarness) -> Int { view(harness).frame.pageControl.currentPage }

    /// Presses `key` until the page changes, at most `limit` times; returns the presses and
    /// whether the image was at its edge along the key's way (`atEnd`: its bottom) just before
    /// the press that turned it.
    private func pressUntilThePageTurns(_ harness: ViewerHarness, _ key: String, modifiers: InputModifiers = [],
                                        atEnd: Bool, limit: Int = 10) -> (presses: Int, wasAtEdge: Bool) {
        let start = page(harness)
        for presses in 1...limit {
            let bounds = view(harness).offsetBounds(.vertical)
            let wasAtEdge = abs(view(harness).contentOffset.y - (atEnd ? bounds.upperBound : bounds.lowerBound)) < 0.5
            harness.send(.key(key, modifiers: modifiers))
            harness.runUntilIdle()
            if page(harness) != start { return (presses, wasAtEdge) }
        }
        return (limit + 1, false)
    }

    /// Checks that `forward` pans the zoomed first image to its bottom, then turns to the second
    /// (unzoomed), and that `back` on the second, zoomed, pans to its top and turns back.
    private func checkKeysTurnAtTheEdge(forward: (String, InputModifiers), back: (String, InputModifiers),
                                        file: StaticString = #filePath, line: UInt = #line) throws {
        let harness = try zoomedCollection()
        let bounds = view(harness).offsetBounds(.vertical)
        XCTAssertGreaterThan(bounds.upperBound - bounds.lowerBound, 50, "room to pan down", file: file, line: line)
        let down = pressUntilThePageTurns(harness, forward.0, modifiers: forward.1, atEnd: true)
        guard page(harness) == 1 else {
            return XCTFail("\(forward) did not turn the page at the image's bottom: page \(page(harness)) after \(down.presses - 1) presses, at y \(view(harness).contentOffset.y) of \(view(harness).offsetBounds(.vertical))", file: file, line: line)
        }
        XCTAssertGreaterThan(down.presses, 1, "\(forward) panned the image first", file: file, line: line)
        XCTAssertTrue(down.wasAtEdge, "and turned only from the bottom edge", file: file, line: line)
        XCTAssertEqual(view(harness).zoomScale, 1, "the next image opens unzoomed", file: file, line: line)
        zoom(harness)
        let up = pressUntilThePageTurns(harness, back.0, modifiers: back.1, atEnd: false)
        XCTAssertEqual(page(harness), 0, "\(back) turned back at the image's top", file: file, line: line)
        XCTAssertGreaterThan(up.presses, 1, "\(back) panned the image first", file: file, line: line)
        XCTAssertTrue(up.wasAtEdge, "and turned only from the top edge", file: file, line: line)
    }

    func testPageDownAndPageUpAtAZoomedImagesEdgeTurnThePage() throws {
        try checkKeysTurnAtTheEdge(forward: ("Next", []), back: ("Prior", []))
    }

    func testSpaceAndShiftSpaceAtAZoomedImagesEdgeTurnThePage() throws {
        try checkKeysTurnAtTheEdge(forward: ("space", []), back: ("space", .shift))
    }

    func testDownAndUpArrowsAtAZoomedImagesEdgeTurnThePage() throws {
        try checkKeysTurnAtTheEdge(forward: ("Down", []), back: ("Up", []))
    }

    func testLeftAndRightStillTurnAZoomedImageAtOnce() throws {
        let harness = try zoomedCollection()
        harness.send(.key("Right", modifiers: []))
        harness.runUntilIdle()
        XCTAssertEqual(page(harness), 1, "the keys along the pages turn them, as before")
        zoom(harness)
        harness.send(.key("Left", modifiers: []))
        harness.runUntilIdle()
        XCTAssertEqual(page(harness), 0)
    }

    func testPageDownOnTheLastZoomedImageStaysAtItsBottom() throws {
        let harness = try zoomedCollection()
        for _ in 0..<2 {
            harness.send(.key("Right", modifiers: []))
            harness.runUntilIdle()
        }
        XCTAssertEqual(page(harness), 2)
        zoom(harness)
        for _ in 0..<3 {
            harness.send(.key("Next", modifiers: []))
            harness.runUntilIdle()
        }
        XCTAssertEqual(page(harness), 2, "no page after the last")
        XCTAssertEqual(view(harness).zoomScale, 1.2, accuracy: 1e-6, "still zoomed")
        let bounds = view(harness).offsetBounds(.vertical)
        XCTAssertEqual(view(harness).contentOffset.y, bounds.upperBound, accuracy: 0.5, "at its bottom")
    }
}
