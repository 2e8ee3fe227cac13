import ScrollEngine
import TestSupport
import XCTest

final class ProgrammaticScrollTests: XCTestCase {
    func testAnimatedScrollSpringsToTheClampedTarget() {
        var view = ScrollView.document()
        view.scroll(to: LogicalPoint(50, 30000), animated: true, timeMilliseconds: 0)
        XCTAssertEqual(view.phase, .animating)
        let frames = view.runFrames(from: 0)
        XCTAssertEqual(view.contentOffset, LogicalPoint(0, 19400))
        XCTAssertTrue(frames.allSatisfy { $0.contentOffset.y <= 19400 + 600 })
        XCTAssertEqual(frames.first { $0.phase == .idle }.map { $0.timeMilliseconds } ?? 0, 900, accuracy: 300)
    }

    func testImmediateScroll() {
        var view = ScrollView.document()
        view.scroll(to: LogicalPoint(0, 1234), animated: false, timeMilliseconds: 0)
        XCTAssertEqual(view.contentOffset.y, 1234)
        XCTAssertEqual(view.phase, .idle)
    }

    func testScrollToTop() {
        var view = ScrollView.document()
        view.scroll(to: LogicalPoint(0, 5000), animated: false, timeMilliseconds: 0)
        view.scrollToTop(timeMilliseconds: 10)
        view.runFrames(from: 10)
        XCTAssertEqual(view.contentOffset.y, 0)
    }

    func testNextAndPreviousPage() {
        var view = ScrollView.document()
        view.scrollToNextPage(timeMilliseconds: 0)
        view.scrollToNextPage(timeMilliseconds: 50)
        view.runFrames(from: 50)
        XCTAssertEqual(view.contentOffset.y, 1200, "the second press counts from the page being scrolled to")
        view.scrollToPreviousPage(timeMilliseconds: 2000)
        view.runFrames(from: 2000)
        XCTAssertEqual(view.contentOffset.y, 600)
        view.scrollToPage(-3, animated: false, timeMilliseconds: 4000)
        XCTAssertEqual(view.contentOffset.y, 0)
    }

    func testTouchCatchesAnAnimation() {
        var view = ScrollView.document()
        view.scroll(to: LogicalPoint(0, 5000), animated: true, timeMilliseconds: 0)
        view.advance(to: 100)
        view.press(LogicalPoint(400, 300), at: 100)
        let held = view.contentOffset.y
        view.lift(at: 150)
        view.runFrames(from: 150)
        XCTAssertEqual(view.contentOffset.y, held)
    }

    func testContentGrowingDuringAFlingDoesNotSlowIt() {
        var grown = ScrollView.document(content: LogicalSize(width: 800, height: 1000))
        grown.scroll(to: LogicalPoint(0, 100), animated: false, timeMilliseconds: 0)
        let lift = grown.flick(from: LogicalPoint(400, 500), fingerVelocity: LogicalPoint(0, -1000), at: 0)
        grown.advance(to: lift + 100)
        grown.setContentSize(LogicalSize(width: 800, height: 20000), timeMilliseconds: lift + 100)
        grown.runFrames(from: lift + 100)
        XCTAssertEqual(grown.contentOffset.y, 100 + 70 + 499, accuracy: 1e-6)
    }
}
