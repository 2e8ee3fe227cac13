import ScrollEngine
import TestSupport
import XCTest

final class IndicatorTests: XCTestCase {
    func testOpacityHoldsThenFades() {
        var view = ScrollView.document()
        view.press(LogicalPoint(400, 500), at: 0)
        view.moveFinger(to: LogicalPoint(400, 400), at: 16)
        XCTAssertEqual(view.frame.verticalIndicator.opacity, 1)
        XCTAssertEqual(view.frame.horizontalIndicator.opacity, 0, "no horizontal scrolling, no indicator")
        view.lift(at: 100)
        // Still: 1 until 1200 ms after, then linear over 250 ms.
        let table: [(time: Double, opacity: Double)] = [
            (100, 1), (1300, 1), (1425, 0.5), (1500, 0.2), (1550, 0), (5000, 0),
        ]
        for row in table {
            view.advance(to: row.time)
            XCTAssertEqual(view.frame.verticalIndicator.opacity, row.opacity, accuracy: 1e-9, "at \(row.time)")
        }
        XCTAssertTrue(view.frame.isAtRest)
        XCTAssertFalse(view.frame.needsFrames)
    }

    func testFlashShowsTheIndicators() {
        var view = ScrollView.document()
        XCTAssertEqual(view.frame.verticalIndicator.opacity, 0)
        view.flashScrollIndicators(timeMilliseconds: 1000)
        XCTAssertEqual(view.frame.verticalIndicator.opacity, 1)
        XCTAssertTrue(view.frame.needsFrames)
        view.advance(to: 2450)
        XCTAssertEqual(view.frame.verticalIndicator.opacity, 0)
    }

    func testGeometry() {
        var view = ScrollView.document()
        view.flashScrollIndicators(timeMilliseconds: 0)
        // Track 600 − 2·3 = 594; visible share 600/20000 gives 17.8, under the 36 px minimum.
        XCTAssertEqual(view.frame.verticalIndicator.length, 36)
        XCTAssertEqual(view.frame.verticalIndicator.position, 3)
        view.scroll(to: LogicalPoint(0, 19400), animated: false, timeMilliseconds: 0)
        XCTAssertEqual(view.frame.verticalIndicator.position, 3 + 594 - 36)
        view.scroll(to: LogicalPoint(0, 9700), animated: false, timeMilliseconds: 0)
        XCTAssertEqual(view.frame.verticalIndicator.position, 3 + 279)

        // 600 of 1200: half the track.
        let short = ScrollView.document(content: LogicalSize(width: 800, height: 1200))
        XCTAssertEqual(short.frame.verticalIndicator.length, 297)
    }

    func testShrinksWhileRubberBanding() {
        var view = ScrollView.document()
        view.press(LogicalPoint(400, 100), at: 0)
        view.moveFinger(to: LogicalPoint(400, 120), at: 16)
        // 10 px of overdrag shows (1 − 1/(10·0.55/600 + 1))·600 = 5.450 px: 36 − 5.450.
        XCTAssertEqual(view.frame.verticalIndicator.length, 36 - 5.450, accuracy: 0.001)
        view.moveFinger(to: LogicalPoint(400, 310), at: 32)
        XCTAssertEqual(view.frame.verticalIndicator.length, 8)
        XCTAssertEqual(view.frame.verticalIndicator.position, 3)
    }

    func testTurnedOffIndicatorStaysHidden() {
        var view = ScrollView.document()
        view.showsVerticalScrollIndicator = false
        view.flashScrollIndicators(timeMilliseconds: 0)
        XCTAssertFalse(view.frame.verticalIndicator.isEnabled)
        XCTAssertEqual(view.frame.verticalIndicator.opacity, 0)
    }

    func testPageControlReplacesTheIndicatorOnItsAxis() {
        var view = ScrollView.document()
        view.isPagingEnabled = true
        view.showsPageControl = true
        view.flashScrollIndicators(timeMilliseconds: 0)
        XCTAssertFalse(view.frame.verticalIndicator.isEnabled)
        XCTAssertEqual(view.frame.verticalIndicator.opacity, 0)
        XCTAssertFalse(view.frame.pageControl.isHidden)
        XCTAssertEqual(view.frame.pageControl.axis, .vertical)
    }

    func testPageControlModel() {
        var view = ScrollView.document()
        view.showsPageControl = true
        // 19400 px of scrolling on 600 px pages: 32 whole pages and a partial one, 34 in all.
        XCTAssertEqual(view.frame.pageControl.numberOfPages, 34)
        view.scroll(to: LogicalPoint(0, 1000), animated: false, timeMilliseconds: 0)
        XCTAssertEqual(view.frame.pageControl.currentPage, 2, "follows the offset: 1000 is nearer 1200 than 600")
        // (Where a tap on the dots lands is Render's PageControlLayout; see OverlayTests.)
        view.scrollToNextPage(timeMilliseconds: 10)
        view.runFrames(from: 10)
        XCTAssertEqual(view.contentOffset.y, 1800)

        var single = ScrollView.document(content: LogicalSize(width: 800, height: 500))
        single.showsPageControl = true
        XCTAssertFalse(single.frame.pageControl.isHidden)
        single.hidesPageControlForSinglePage = true
        XCTAssertTrue(single.frame.pageControl.isHidden)
        XCTAssertEqual(single.frame.pageControl.numberOfPages, 1)
    }

    func testHorizontalCarouselCountsPagesSideways() {
        var view = ScrollView.document(content: LogicalSize(width: 4000, height: 600))
        view.isPagingEnabled = true
        XCTAssertEqual(view.pageControlAxis, .horizontal)
        XCTAssertEqual(view.frame.pageControl.numberOfPages, 5)
        view.scrollToNextPage(animated: false, timeMilliseconds: 0)
        XCTAssertEqual(view.contentOffset.x, 800)
    }
}
