@testable import ScrollEngine
import TestSupport
import XCTest

/// Images in a collection zoom like Photos: one page at a time, panned within its edges,
/// turned by a drag past an edge or a key, the zoom reset on the turn; the page count never
/// changes, and the page control's axis never shows an indicator.
final class PageZoomTests: XCTestCase {
    /// Ten 800×600 pages side by side, at page 3, zoomable 1…4 page by page.
    private func album() -> ScrollView {
        var view = ScrollView(viewportSize: LogicalSize(width: 800, height: 600),
                              contentSize: LogicalSize(width: 8_000, height: 600))
        view.isPagingEnabled = true
        view.showsPageControl = true
        view.zoomsPagesIndividually = true
        view.minimumZoomScale = 1
        view.maximumZoomScale = 4
        view.scrollToPage(3, animated: false, timeMilliseconds: 0)
        return view
    }

    /// `album()` zoomed to 2× about the viewport's centre.
    private func zoomedAlbum() -> ScrollView {
        var view = album()
        view.setZoomScale(2, animated: false, timeMilliseconds: 0)
        return view
    }

    func testZoomKeysMagnifyOnlyThePageInViewAndKeepThePageCount() {
        var view = album()
        for index in 0..<3 { view.key("plus", modifiers: .control, timeMilliseconds: Double(index) * 10) }
        let rest = view.runFrames(from: 30).last!
        XCTAssertEqual(rest.zoomScale, 1.2 * 1.2 * 1.2, accuracy: 1e-9)
        XCTAssertEqual(rest.pageControl.numberOfPages, 10, "the page count never changes with zoom")
        XCTAssertEqual(rest.pageControl.currentPage, 3)
        let bounds = view.offsetBounds(.horizontal)
        XCTAssertEqual(bounds.lowerBound, 3 * 800 * rest.zoomScale, accuracy: 1e-6, "the bounds are the page's")
        XCTAssertEqual(bounds.upperBound, 4 * 800 * rest.zoomScale - 800, accuracy: 1e-6)
        XCTAssertTrue(view.isPageZoomed)
    }

    func testAZoomedPagePansUnderOneFingerWithTheOtherAxisIndicatorOnly() {
        var view = zoomedAlbum()
        XCTAssertEqual(view.contentOffset.x, 5_200, accuracy: 1e-9, "zoomed about the centre of page 3")
        XCTAssertEqual(view.contentOffset.y, 300, accuracy: 1e-9)
        view.press(LogicalPoint(400, 300), at: 100)
        view.slide(from: LogicalPoint(400, 300), to: LogicalPoint(200, 200), at: 100, duration: 400)
        XCTAssertEqual(view.contentOffset.x, 5_200 + 200 - 10 * 2 / 2.236, accuracy: 3, "follows the finger")
        XCTAssertGreaterThan(view.contentOffset.y, 300 + 80)
        let frame = view.frame
        XCTAssertFalse(frame.horizontalIndicator.isEnabled, "never on the page control's axis")
        XCTAssertTrue(frame.verticalIndicator.isEnabled, "the other axis shows while the image pans")
        XCTAssertGreaterThan(frame.verticalIndicator.opacity, 0)
        view.lift(at: 900)
        let rest = view.runFrames(from: 916).last!
        XCTAssertEqual(rest.zoomScale, 2)
        XCTAssertEqual(rest.pageControl.currentPage, 3, "a pan never turns the page")
        XCTAssertTrue((4_800...5_600).contains(rest.contentOffset.x))
    }

    func testADragOnPastTheZoomedPagesEdgeTurnsToTheNextPageAndResetsTheZoom() {
        var view = zoomedAlbum()
        view.press(LogicalPoint(700, 300), at: 100)
        // 400 px takes the page to its right edge (5,600), the rest pulls past it.
        let end = view.slide(from: LogicalPoint(700, 300), to: LogicalPoint(100, 300), at: 100, duration: 600)
        XCTAssertGreaterThan(view.contentOffset.x, 5_600, "pulled past the page's edge")
        view.lift(at: end)
        let frames = view.runFrames(from: end + 16)
        XCTAssertGreaterThan(frames.count, 5, "animated")
        XCTAssertEqual(frames.last!.contentOffset.x, 3_200, accuracy: 0.5, "page 4 at zoom 1")
        XCTAssertEqual(frames.last!.zoomScale, 1)
        XCTAssertEqual(frames.last!.pageControl.currentPage, 4)
        XCTAssertFalse(view.isPageZoomed, "the page left is not zoomed")
        XCTAssertTrue(frames.allSatisfy { $0.pageControl.numberOfPages == 10 })
    }

    func testAShortPullPastTheEdgeSpringsBackToTheZoomedPage() {
        var view = zoomedAlbum()
        view.press(LogicalPoint(700, 300), at: 100)
        let end = view.slide(from: LogicalPoint(700, 300), to: LogicalPoint(270, 300), at: 100, duration: 1_000)
        view.moveFinger(to: LogicalPoint(270, 300), at: end + 200)
        view.lift(at: end + 200)
        let rest = view.runFrames(from: end + 216).last!
        XCTAssertEqual(rest.contentOffset.x, 5_600, accuracy: 0.5, "back at the page's edge")
        XCTAssertEqual(rest.zoomScale, 2)
        XCTAssertEqual(rest.pageControl.currentPage, 3)
    }

    func testAFlickPastTheEdgeTurnsBackwardsToo() {
        var view = zoomedAlbum()
        view.press(LogicalPoint(100, 300), at: 100)
        view.slide(from: LogicalPoint(100, 300), to: LogicalPoint(560, 300), at: 100, duration: 400)
        let lift = view.slide(from: LogicalPoint(560, 300), to: LogicalPoint(700, 300), at: 500, duration: 48)
        view.lift(at: lift)
        let rest = view.runFrames(from: lift + 16).last!
        XCTAssertEqual(rest.pageControl.currentPage, 2, "flicked on past the left edge")
        XCTAssertEqual(rest.zoomScale, 1)
    }

    func testKeysAndThePageControlTurnAZoomedPageAndResetItsZoom() {
        var view = zoomedAlbum()
        view.key("Right", timeMilliseconds: 100)
        var rest = view.runFrames(from: 116).last!
        XCTAssertEqual(rest.pageControl.currentPage, 4)
        XCTAssertEqual(rest.zoomScale, 1)
        XCTAssertEqual(rest.contentOffset.x, 3_200, accuracy: 0.5)
        view.setZoomScale(3, animated: false, timeMilliseconds: 3_000)
        view.scrollToPage(9, timeMilliseconds: 3_000)
        rest = view.runFrames(from: 3_016).last!
        XCTAssertEqual(rest.pageControl.currentPage, 9)
        XCTAssertEqual(rest.contentOffset.x, 7_200, accuracy: 0.5)
        XCTAssertEqual(rest.zoomScale, 1)
        view.key("Left", timeMilliseconds: 9_000)
        XCTAssertEqual(view.runFrames(from: 9_016).last!.pageControl.currentPage, 8, "and unzoomed pages turn as before")
    }

    /// Issue 28, item 5: Page Down pans a zoomed page down to its bottom, the next turns the
    /// page; a second press while the first still runs counts from where it is heading.
    func testAPageKeyAcrossTheZoomedPageTurnsItOnlyAtItsEdge() {
        var view = zoomedAlbum()
        view.key("Next", timeMilliseconds: 100)
        view.key("Next", timeMilliseconds: 150)
        var rest = view.runFrames(from: 166).last!
        XCTAssertEqual(rest.pageControl.currentPage, 4, "the second press found the bottom: next page")
        XCTAssertEqual(rest.zoomScale, 1)
        view.setZoomScale(2, animated: false, timeMilliseconds: 3_000)
        view.key("Prior", timeMilliseconds: 3_100)
        rest = view.runFrames(from: 3_116).last!
        XCTAssertEqual(rest.pageControl.currentPage, 4, "the first press pans up")
        XCTAssertEqual(rest.contentOffset.y, 0, accuracy: 0.5, "to the top")
        XCTAssertEqual(rest.zoomScale, 2)
        view.key("Prior", timeMilliseconds: 6_000)
        rest = view.runFrames(from: 6_016).last!
        XCTAssertEqual(rest.pageControl.currentPage, 3, "from the top edge: the page before")
        XCTAssertEqual(rest.zoomScale, 1)
    }

    func testDoubleTapZoomsThePageAndBackAfterWhichSwipesTurnPages() {
        var view = album()
        view.tap(LogicalPoint(200, 150), at: 0)
        view.tap(LogicalPoint(200, 150), at: 150)
        var rest = view.runFrames(from: 200).last!
        XCTAssertEqual(rest.zoomScale, 2)
        XCTAssertEqual(rest.pageControl.currentPage, 3)
        XCTAssertEqual(view.contentPoint(under: LogicalPoint(200, 150)).x, 2_600, accuracy: 0.5, "about the tap")
        view.tap(LogicalPoint(200, 150), at: 2_000)
        view.tap(LogicalPoint(200, 150), at: 2_150)
        rest = view.runFrames(from: 2_200).last!
        XCTAssertEqual(rest.zoomScale, 1)
        XCTAssertFalse(view.isPageZoomed)
        let lift = view.flick(from: LogicalPoint(600, 300), fingerVelocity: LogicalPoint(-1_500, 0), at: 5_000)
        XCTAssertEqual(view.runFrames(from: lift + 16).last!.pageControl.currentPage, 4)
    }

    func testAPinchPastTheMaximumBouncesBackAndStaysOnThePage() {
        var view = album()
        view.pressTwo(LogicalPoint(350, 300), LogicalPoint(450, 300), at: 0)
        for step in 1...20 {
            let spread = 50 + Double(step) * 15
            view.moveTwo(LogicalPoint(400 - spread, 300), LogicalPoint(400 + spread, 300), at: Double(step) * 16)
        }
        XCTAssertGreaterThan(view.zoomScale, 4, "past the limit, rubber-banding")
        view.liftTwo(at: 340)
        let rest = view.runFrames(from: 356).last!
        XCTAssertEqual(rest.zoomScale, 4, accuracy: 1e-9)
        XCTAssertEqual(rest.pageControl.currentPage, 3)
        XCTAssertEqual(rest.pageControl.numberOfPages, 10)
        XCTAssertTrue((3 * 3_200...4 * 3_200 - 800).contains(rest.contentOffset.x), "within page 3 at 4×")
    }
}
