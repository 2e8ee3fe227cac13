@testable import ScrollEngine
import TestSupport
import XCTest

/// Input stamped 0, repeated or going backwards (virtual keyboards stamp 0) still animates;
/// Home and End reach the very ends while layout corrects estimated sizes; content shifted by
/// layout keeps its animation.
final class UndatedInputAndEdgeTests: XCTestCase {
    /// Offsets of the frames from `time` at 60 Hz until at rest.
    private func offsets(_ view: inout ScrollView, from time: Double) -> [Double] {
        view.runFrames(from: time).map(\.contentOffset.y)
    }

    func testAKeyStampedZeroAfterAnIdleSpellAnimatesFromTheNextFrame() {
        var view = ScrollView.document()
        view.advance(to: 5_000)
        // wtype stamps its keys 0; the next frame comes seconds after the last one.
        XCTAssertTrue(view.key("Next", timeMilliseconds: 0))
        let path = offsets(&view, from: 9_000)
        XCTAssertEqual(path.first, 0, "the first frame shows the step starting, not done")
        XCTAssertGreaterThan(path.filter { $0 > 0 && $0 < 560 }.count, 3, "frames in between")
        XCTAssertEqual(path.last, 560, "a screen less a line")
    }

    func testAKeyWithNoTimeBeforeAnyFrameAnimatesFromTheFirstFrame() {
        var view = ScrollView.document()
        XCTAssertTrue(view.key("Next", timeMilliseconds: .nan), "no time at all")
        view.advance(to: 0)
        let path = offsets(&view, from: 6_033)
        XCTAssertEqual(path.first, 0)
        XCTAssertGreaterThan(path.filter { $0 > 0 && $0 < 560 }.count, 3)
        XCTAssertEqual(path.last, 560)
    }

    func testKeysStampedBackwardsOrRepeatedAllCount() {
        var view = ScrollView.document()
        view.advance(to: 5_000)
        view.key("Next", timeMilliseconds: 4_000)
        view.key("Next", timeMilliseconds: 4_000)
        let path = offsets(&view, from: 7_000)
        XCTAssertEqual(path.first, 0)
        XCTAssertEqual(path.last, 1_120, "both pages")
        view.key("End", timeMilliseconds: 0)
        let end = offsets(&view, from: 20_000)
        XCTAssertGreaterThan(end.count, 5, "End animates")
        XCTAssertEqual(end.last, 19_400)
    }

    func testATouchDragStampedZeroStillMovesAndNeverProducesNaN() {
        var view = ScrollView.document()
        view.advance(to: 5_000)
        view.press(LogicalPoint(400, 500), at: 0)
        for step in 1...20 { view.moveFinger(to: LogicalPoint(400, 500 - Double(step) * 10), at: 0) }
        XCTAssertEqual(view.contentOffset.y, 200 - view.configuration.touchSlopPixels, accuracy: 1,
                       "the content follows the finger past the slop")
        view.lift(at: 0)
        let path = offsets(&view, from: 5_016)
        XCTAssertTrue(path.allSatisfy(\.isFinite))
        XCTAssertTrue(view.frame.isAtRest)
    }

    func testEndFollowsTheEndWhileLayoutGrowsTheEstimatedContent() {
        var view = ScrollView.document(content: LogicalSize(width: 800, height: 10_000))
        view.key("End", timeMilliseconds: 1_000)
        view.advance(to: 1_100)
        let before = view.contentOffset.y
        // Laying out near the end finds the document 5,000 px longer than estimated.
        view.setContentSize(LogicalSize(width: 800, height: 15_000), timeMilliseconds: 1_100)
        XCTAssertEqual(view.contentOffset.y, before, "no jump")
        let path = offsets(&view, from: 1_116)
        XCTAssertEqual(path.last, 14_400, "the very end on the first press")
        XCTAssertTrue(zip(path.dropFirst(), path).allSatisfy { $0 >= $1 }, "moving one way")
        view.key("Home", timeMilliseconds: 10_000)
        view.advance(to: 10_100)
        view.setContentSize(LogicalSize(width: 800, height: 12_000), timeMilliseconds: 10_100)
        XCTAssertEqual(offsets(&view, from: 10_116).last, 0)
    }

    func testEndReachesTheEndWhenTheEstimateShrinks() {
        var view = ScrollView.document(content: LogicalSize(width: 800, height: 10_000))
        view.key("End", timeMilliseconds: 0)
        view.advance(to: 100)
        view.setContentSize(LogicalSize(width: 800, height: 8_000), timeMilliseconds: 100)
        XCTAssertEqual(offsets(&view, from: 116).last, 7_400)
    }

    func testAnotherKeyEndsTheFollowingOfTheEnd() {
        var view = ScrollView.document(content: LogicalSize(width: 800, height: 10_000))
        view.key("End", timeMilliseconds: 0)
        view.advance(to: 100)
        view.scroll(to: LogicalPoint(0, 3_000), animated: true, timeMilliseconds: 100)
        view.setContentSize(LogicalSize(width: 800, height: 15_000), timeMilliseconds: 150)
        XCTAssertEqual(offsets(&view, from: 166).last, 3_000, "the app's own target stays")
    }

    func testShiftedContentCarriesTheRunningAnimationToTheSameContent() {
        var view = ScrollView.document()
        view.scroll(to: LogicalPoint(0, 5_000), animated: true, timeMilliseconds: 0)
        view.advance(to: 100)
        let before = view.contentOffset.y
        view.shiftContent(by: LogicalPoint(0, 300), timeMilliseconds: 100)
        XCTAssertEqual(view.contentOffset.y, before + 300, "the same content stays in view")
        XCTAssertEqual(view.phase, .animating, "and the animation goes on")
        XCTAssertEqual(offsets(&view, from: 116).last, 5_300)
        view.key("End", timeMilliseconds: 6_000)
        view.advance(to: 6_100)
        view.shiftContent(by: LogicalPoint(0, -200), timeMilliseconds: 6_100)
        XCTAssertEqual(offsets(&view, from: 6_116).last, 19_400, "End still ends at the end")
    }

    func testPageDownToTheLastPageAndEndReachThemAsPagesAreAdded() {
        var view = ScrollView(viewportSize: LogicalSize(width: 800, height: 600),
                              contentSize: LogicalSize(width: 8_000, height: 600))
        view.isPagingEnabled = true
        view.showsPageControl = true
        view.scrollToPage(8, animated: false, timeMilliseconds: 0)
        view.key("Next", timeMilliseconds: 10)
        view.advance(to: 50)
        // Layout finds two more pages while the last page turns in.
        view.setContentSize(LogicalSize(width: 9_600, height: 600), timeMilliseconds: 50)
        XCTAssertEqual(view.phase, .animating, "the turn is not cut short")
        XCTAssertEqual(view.runFrames(from: 66).last?.contentOffset.x, 7_200, "the page it headed for")
        view.key("End", timeMilliseconds: 5_000)
        view.advance(to: 5_050)
        view.setContentSize(LogicalSize(width: 12_000, height: 600), timeMilliseconds: 5_050)
        let frames = view.runFrames(from: 5_066)
        XCTAssertEqual(frames.last?.contentOffset.x, 11_200, "End reaches the last page there is")
        XCTAssertEqual(frames.last?.pageControl.currentPage, 14)
    }
}
