@testable import ScrollEngine
import ScrollPhysics
import TestSupport
import XCTest

/// Mouse wheel, trackpoint and keyboard: fixed animated steps, never kinetic.
final class WheelAndKeyTests: XCTestCase {
    /// GTK's wheel step for a 600 px viewport: 600^(2/3) px.
    private let verticalNotch = ElementaryFunctions.exp(2.0 / 3 * ElementaryFunctions.log(600))

    private func wheel(_ view: inout ScrollView, _ value120: Int, horizontal: Int = 0, modifiers: InputModifiers = [], at time: Double) {
        view.pointerAxis(
            source: .wheel, delta: LogicalPoint(0, 10), value120: AxisPair(horizontal: horizontal, vertical: value120),
            modifiers: modifiers, timeMilliseconds: time)
    }

    func testNotchesEndExactlyWhereTheStepsAddUpWithNoMotionAfter() {
        var view = ScrollView.document()
        XCTAssertEqual(verticalNotch, 71.138, accuracy: 0.001)
        wheel(&view, 120, at: 0)
        XCTAssertEqual(view.phase, .animating)
        view.advance(to: 60)
        // The ease-out: 1 − (1 − 60/120)³ = 0.875 of the notch.
        XCTAssertEqual(view.contentOffset.y, 0.875 * verticalNotch, accuracy: 1e-9)
        // Two more notches while it runs: they continue from the target, 3 notches in all.
        wheel(&view, 120, at: 60)
        wheel(&view, 120, at: 80)
        view.advance(to: 80 + 119)
        XCTAssertLessThan(view.contentOffset.y, 3 * verticalNotch)
        let frames = view.runFrames(from: 80 + 120)
        XCTAssertEqual(frames.first?.contentOffset.y ?? 0, 3 * verticalNotch, accuracy: 1e-9)
        XCTAssertEqual(frames.first?.phase, .idle, "never kinetic")
        XCTAssertTrue(frames.allSatisfy { $0.contentOffset.y == frames.first?.contentOffset.y })
    }

    func testFinerValuesAccumulateToNotches() {
        var view = ScrollView.document()
        wheel(&view, 60, at: 0)
        XCTAssertEqual(view.phase, .idle, "half a notch moves nothing yet")
        wheel(&view, 30, at: 10)
        wheel(&view, 30, at: 20)
        XCTAssertEqual(view.runFrames(from: 20).last?.contentOffset.y ?? 0, verticalNotch, accuracy: 1e-9)
        // Turning back drops the half notch left over: one notch up needs a full 120.
        wheel(&view, 60, at: 1000)
        wheel(&view, -60, at: 1010)
        XCTAssertEqual(view.phase, .idle)
        wheel(&view, -60, at: 1020)
        XCTAssertEqual(view.runFrames(from: 1020).last?.contentOffset.y ?? 0, 0, accuracy: 1e-9)
    }

    func testWheelStopsAtTheEdgeWithoutARubberBand() {
        var view = ScrollView.document()
        wheel(&view, -360, at: 0)
        XCTAssertEqual(view.phase, .idle)
        XCTAssertEqual(view.contentOffset.y, 0)
    }

    func testShiftAndTheHorizontalAxisScrollSideways() {
        var view = ScrollView(viewportSize: LogicalSize(width: 800, height: 600), contentSize: LogicalSize(width: 3000, height: 3000))
        let horizontalNotch = ElementaryFunctions.exp(2.0 / 3 * ElementaryFunctions.log(800))
        wheel(&view, 120, modifiers: .shift, at: 0)
        wheel(&view, 0, horizontal: 120, at: 10)
        let rest = view.runFrames(from: 10).last!
        XCTAssertEqual(rest.contentOffset.x, 2 * horizontalNotch, accuracy: 1e-9)
        XCTAssertEqual(rest.contentOffset.y, 0)
        view.pointerAxis(source: .finger, delta: LogicalPoint(30, 0), timeMilliseconds: 5000)
        XCTAssertEqual(view.contentOffset.x, 2 * horizontalNotch + 30, accuracy: 1e-9, "horizontal axis events scroll horizontally")
    }

    func testAVerticalWheelScrollsSidewaysOnlyContentAndPagesInPagingMode() {
        var view = ScrollView(viewportSize: LogicalSize(width: 800, height: 300), contentSize: LogicalSize(width: 8000, height: 300))
        view.isPagingEnabled = true
        wheel(&view, 120, at: 0)
        wheel(&view, 120, at: 20)
        XCTAssertEqual(view.runFrames(from: 20).last?.contentOffset.x, 1600, "one page per notch")
    }

    func testControlWheelZoomsAboutThePointer() {
        var view = ScrollView.zoomable()
        view.scroll(to: LogicalPoint(0, 2000), animated: false, timeMilliseconds: 0)
        let pointer = LogicalPoint(200, 100)
        view.pointerMotion(to: pointer, timeMilliseconds: 0)
        let anchor = view.contentPoint(under: pointer)
        wheel(&view, -120, modifiers: .control, at: 10)
        wheel(&view, -120, modifiers: .control, at: 30)
        let rest = view.runFrames(from: 30).last!
        XCTAssertEqual(rest.zoomScale, 1.44, accuracy: 1e-12, "two notches up: 1.2²")
        XCTAssertEqual((pointer.y + rest.contentOffset.y) / rest.zoomScale, anchor.y, accuracy: 1e-9)
    }

    func testContinuousSourceIsOneToOneWithinTheBoundsAndNeverFlings() {
        var view = ScrollView.document()
        for index in 0..<5 {
            view.pointerAxis(source: .continuous, delta: LogicalPoint(0, 7), timeMilliseconds: Double(index) * 10)
        }
        XCTAssertEqual(view.contentOffset.y, 35)
        XCTAssertEqual(view.phase, .idle)
        view.pointerAxis(source: .continuous, delta: LogicalPoint(0, -100), timeMilliseconds: 60)
        XCTAssertEqual(view.contentOffset.y, 0, "no rubber band: nothing would release it")
    }

    func testArrowsAndPageKeysStepByLinesAndScreens() {
        var view = ScrollView.document()
        XCTAssertTrue(view.key("Down", timeMilliseconds: 0))
        view.advance(to: 100)
        // Over GtkScrolledWindow's 200 ms: half-way is 1 − 0.5³ of 40 px.
        XCTAssertEqual(view.contentOffset.y, 0.875 * 40, accuracy: 1e-9)
        let first = view.runFrames(from: 200)
        XCTAssertEqual(first.first?.contentOffset.y, 40, "done at 200 ms")
        XCTAssertEqual(first.first?.phase, .idle)
        // (runFrames waits for the indicators to fade, so each group starts 5 s later.)
        view.key("Next", timeMilliseconds: 5000)
        XCTAssertEqual(view.runFrames(from: 5200).first?.contentOffset.y, 40 + 560, "a screen less a line")
        view.key("space", modifiers: .shift, timeMilliseconds: 10000)
        view.key("Up", timeMilliseconds: 10010)
        XCTAssertEqual(view.runFrames(from: 10210).first?.contentOffset.y, 0)
        view.key("Page_Down", timeMilliseconds: 15000)
        view.key("space", timeMilliseconds: 15010)
        XCTAssertEqual(view.runFrames(from: 15210).first?.contentOffset.y, 1120)
    }

    func testKeyRepeatMovesSteadilyAndStopsWithTheKey() {
        var view = ScrollView.document()
        // Held Down: 30 repeats at 25 Hz (GTK's default 400 ms delay is the app's concern).
        for index in 0..<30 { view.key("Down", timeMilliseconds: Double(index) * 40) }
        let release = 29 * 40.0
        view.advance(to: release)
        // The target runs at most a few steps ahead: no queue of stale steps.
        XCTAssertGreaterThan(view.contentOffset.y, 30 * 40 - 3 * 40)
        let frames = view.runFrames(from: release + 200)
        XCTAssertEqual(frames.first?.contentOffset.y, 30 * 40, "exactly the steps, ended 200 ms after the last")
        XCTAssertEqual(frames.first?.phase, .idle)
    }

    func testHomeAndEndGoToTheEnds() {
        var view = ScrollView.document()
        XCTAssertTrue(view.key("End", timeMilliseconds: 0))
        XCTAssertEqual(view.phase, .animating)
        XCTAssertEqual(view.runFrames(from: 0).last?.contentOffset.y, 19400)
        view.key("Home", timeMilliseconds: 5000)
        XCTAssertEqual(view.runFrames(from: 5000).last?.contentOffset.y, 0)
    }

    func testZoomKeys() {
        var view = ScrollView.zoomable()
        XCTAssertTrue(view.key("plus", modifiers: [.control, .shift], timeMilliseconds: 0))
        XCTAssertTrue(view.key("equal", modifiers: .control, timeMilliseconds: 10))
        XCTAssertEqual(view.runFrames(from: 10).last?.zoomScale ?? 0, 1.44, accuracy: 1e-12)
        view.key("minus", modifiers: .control, timeMilliseconds: 2000)
        XCTAssertEqual(view.runFrames(from: 2000).last?.zoomScale ?? 0, 1.2, accuracy: 1e-12)
        view.key("0", modifiers: .control, timeMilliseconds: 4000)
        XCTAssertEqual(view.runFrames(from: 4000).last?.zoomScale, 1)
        var off = ScrollView.document()
        XCTAssertFalse(off.key("plus", modifiers: .control, timeMilliseconds: 0), "zoom is off")
    }

    func testPagingModeKeysMoveOnePage() {
        var view = ScrollView(viewportSize: LogicalSize(width: 800, height: 300), contentSize: LogicalSize(width: 8000, height: 300))
        view.isPagingEnabled = true
        view.key("Right", timeMilliseconds: 0)
        view.key("Right", timeMilliseconds: 50)
        view.key("Next", timeMilliseconds: 100)
        view.key("Left", timeMilliseconds: 150)
        XCTAssertEqual(view.runFrames(from: 150).last?.contentOffset.x, 1600)
        XCTAssertFalse(view.key("Down", timeMilliseconds: 5000), "nothing scrolls vertically")
    }

    func testKeysTheViewDoesNotUse() {
        var view = ScrollView.document()
        XCTAssertFalse(view.key("q", timeMilliseconds: 0))
        XCTAssertFalse(view.key("Down", modifiers: .alt, timeMilliseconds: 0))
        XCTAssertFalse(view.key("Next", modifiers: .logo, timeMilliseconds: 0))
        view.press(LogicalPoint(100, 100), at: 10)
        XCTAssertFalse(view.key("Down", timeMilliseconds: 20), "a finger on the screen owns the view")
    }

    func testAFloodOfCtrlWheelNotchesStopsAtTheZoomLimitAtOnce() {
        var view = ScrollView.document()
        view.minimumZoomScale = 0.5
        view.maximumZoomScale = 4
        // 10 billion notches: the zoom reaches its limit without stepping through each one.
        wheel(&view, -1_200_000_000_000, modifiers: .control, at: 0)
        view.advance(to: 2_000)
        XCTAssertEqual(view.zoomScale, 4, accuracy: 1e-9)
    }

    func testAnAbsurdContentSizeCountsPagesWithoutTrapping() {
        var view = ScrollView(viewportSize: LogicalSize(width: 800, height: 600),
                              contentSize: LogicalSize(width: 800, height: 1e300))
        view.isPagingEnabled = true
        XCTAssertGreaterThan(view.frame.pageControl.numberOfPages, 1_000_000)
        view.scrollToNextPage(timeMilliseconds: 0)
        view.advance(to: 2_000)
        XCTAssertEqual(view.contentOffset.y, 600, accuracy: 1e-6)
    }
}
