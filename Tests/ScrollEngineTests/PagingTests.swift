import ScrollEngine
import TestSupport
import XCTest

final class PagingTests: XCTestCase {
    private func pagedView() -> ScrollView {
        var view = ScrollView.document(content: LogicalSize(width: 800, height: 6000))
        view.isPagingEnabled = true
        return view
    }

    func testSlowShortDragReturnsToThePage() {
        var view = pagedView()
        view.press(LogicalPoint(400, 500), at: 0)
        let end = view.slide(from: LogicalPoint(400, 500), to: LogicalPoint(400, 290), at: 0, duration: 80)
        view.lift(at: end + 50)
        XCTAssertEqual(view.phase, .decelerating)
        view.runFrames(from: end + 50)
        XCTAssertEqual(view.contentOffset.y, 0)
    }

    func testSlowLongDragGoesToTheNearestPage() {
        var view = pagedView()
        view.press(LogicalPoint(400, 550), at: 0)
        let end = view.slide(from: LogicalPoint(400, 550), to: LogicalPoint(400, 200), at: 0, duration: 80)
        view.lift(at: end + 50)
        view.runFrames(from: end + 50)
        XCTAssertEqual(view.contentOffset.y, 600)
        XCTAssertEqual(view.frame.pageControl.currentPage, 1)
    }

    func testFlickGoesToTheNextPage() {
        var view = pagedView()
        let lift = view.flick(from: LogicalPoint(400, 500), fingerVelocity: LogicalPoint(0, -1000), at: 0)
        view.runFrames(from: lift)
        XCTAssertEqual(view.contentOffset.y, 600)
    }

    func testHardFlickMovesOnlyOnePage() {
        var view = pagedView()
        let lift = view.flick(from: LogicalPoint(400, 590), fingerVelocity: LogicalPoint(0, -8000), at: 0, duration: 40)
        let frames = view.runFrames(from: lift)
        XCTAssertEqual(view.contentOffset.y, 600)
        XCTAssertLessThan(frames.map(\.contentOffset.y).max() ?? .infinity, 1200)
    }

    func testFlickBackGoesToThePreviousPage() {
        var view = pagedView()
        view.scroll(to: LogicalPoint(0, 1200), animated: false, timeMilliseconds: 0)
        let lift = view.flick(from: LogicalPoint(400, 100), fingerVelocity: LogicalPoint(0, 1000), at: 0)
        view.runFrames(from: lift)
        XCTAssertEqual(view.contentOffset.y, 600)
    }

    func testLastPageEndsAtTheContentsEnd() {
        // 5400 px of scrolling is 9 whole pages: 10 pages. With 6100 px of content the last
        // page is a partial one, at 5500: 11 pages.
        XCTAssertEqual(pagedView().frame.pageControl.numberOfPages, 10)
        var view = ScrollView.document(content: LogicalSize(width: 800, height: 6100))
        view.isPagingEnabled = true
        XCTAssertEqual(view.frame.pageControl.numberOfPages, 11)
        view.scrollToPage(10, animated: false, timeMilliseconds: 0)
        XCTAssertEqual(view.contentOffset.y, 5500)
        XCTAssertEqual(view.frame.pageControl.currentPage, 10)
    }

    func testResizeKeepsThePage() {
        var view = pagedView()
        view.scrollToPage(3, animated: false, timeMilliseconds: 0)
        view.resize(to: LogicalSize(width: 800, height: 500), timeMilliseconds: 10)
        XCTAssertEqual(view.contentOffset.y, 1500)
        XCTAssertEqual(view.frame.pageControl.currentPage, 3)
    }
}
