import DocumentKit
import Render
import ScrollEngine
import TextKind
import Viewer
import XCTest

/// The viewer driven by typed input, offscreen: what each input does to the traced frames
/// and to the pixels.
final class ViewerInputTests: XCTestCase {
    private func y(_ harness: ViewerHarness) -> Double { harness.frames.last!.traced.contentOffset.y }

    func testATouchDragMovesTheContentWithTheFingerPastTheSlopInTraceAndPixels() {
        let harness = ViewerHarness(layout: longLayout())
        harness.runUntilIdle()
        let before = harness.rows(0..<600)
        harness.touchDown(400, 400)
        for step in 1...5 { harness.touchMove(400, 400 - 20 * Double(step)) }
        XCTAssertEqual(harness.frames.suffix(5).map(\.traced.contentOffset.y), [10, 30, 50, 70, 90], "1:1 past the 10 px slop")
        XCTAssertEqual(harness.frames.last!.traced.phase, .dragging)
        let shift = ViewerHarness.verticalShift(from: before, to: harness.rows(0..<600), maximum: 120)
        XCTAssertEqual(shift, 90, "the pixels moved as far as the trace says")
        harness.touchUp()
        let fling = harness.runUntilIdle()
        XCTAssertTrue(fling.contains { $0.traced.phase == .decelerating }, "lifting mid-motion flings")
        XCTAssertGreaterThan(y(harness), 150, "the fling carried on past the finger")
        XCTAssertFalse(fling.last!.isAnimating)
    }

    func testTwoFingersSpreadingZoomInAboutTheirCentre() throws {
        let layout = try XCTUnwrap(longLayout() as? DocumentLayout)
        let harness = ViewerHarness(layout: layout)
        harness.runUntilIdle()
        harness.send(.touchDown(id: 0, location: LogicalPoint(x: 300, y: 300)),
                     .touchDown(id: 1, location: LogicalPoint(x: 500, y: 300)), .touchFrame)
        for step in 1...6 {
            let spread = 20 * Double(step)
            harness.send(.touchMotion(id: 0, location: LogicalPoint(x: 300 - spread, y: 300)),
                         .touchMotion(id: 1, location: LogicalPoint(x: 500 + spread, y: 300)), .touchFrame)
        }
        XCTAssertEqual(harness.frames.last!.traced.phase, .zooming)
        XCTAssertGreaterThan(harness.frames.last!.traced.zoomScale, 1.3)
        harness.send(.touchUp(id: 0), .touchUp(id: 1), .touchFrame)
        harness.runUntilIdle()
        XCTAssertGreaterThan(layout.textScale, 1.3, "the zoom stays, as the text's size once it settles")
        XCTAssertEqual(harness.frames.last!.traced.zoomScale, 1, "re-wrapped, not magnified")
    }

    func testATouchpadPinchZoomsAboutThePointer() throws {
        let layout = try XCTUnwrap(longLayout() as? DocumentLayout)
        let harness = ViewerHarness(layout: layout)
        harness.runUntilIdle()
        harness.send(.pointerMotion(LogicalPoint(x: 200, y: 100)), .pinchBegin(nil))
        for scale in [1.2, 1.5, 2.0] { harness.send(.pinchUpdate(scale: scale)) }
        harness.send(.pinchEnd(isCancelled: false))
        harness.runUntilIdle()
        XCTAssertEqual(harness.viewer.pointerLocation, LogicalPoint(x: 200, y: 100))
        XCTAssertEqual(layout.textScale, 2, accuracy: 0.01, "the text is set twice as large")
    }

    func testAWheelNotchScrollsAndPixelsFollow() {
        let harness = ViewerHarness(layout: longLayout())
        harness.runUntilIdle()
        let before = harness.rows(0..<600)
        harness.send(.pointerMotion(LogicalPoint(x: 400, y: 300)),
                     .pointerAxis(source: .wheel, delta: LogicalPoint(x: 0, y: 15),
                                  value120: AxisPair(horizontal: 0, vertical: 120), modifiers: []))
        harness.runUntilIdle()
        let scrolled = y(harness)
        XCTAssertGreaterThan(scrolled, 20, "a notch scrolls some lines")
        let shift = ViewerHarness.verticalShift(from: before, to: harness.rows(0..<600), maximum: 300)
        XCTAssertEqual(Double(shift ?? 0), scrolled, accuracy: 1)
    }

    func testKeysScrollAndWindowKeysBecomeRequests() {
        let harness = ViewerHarness(layout: longLayout())
        harness.runUntilIdle()
        harness.send(.key("Page_Down", modifiers: []))
        harness.runUntilIdle()
        XCTAssertGreaterThan(y(harness), 400, "Page Down moves about a screen")
        harness.send(.key("F11", modifiers: []))
        XCTAssertEqual(harness.viewer.takeRequests(), [.setFullscreen(true)])
        harness.viewer.isFullscreen = true
        harness.send(.key("Escape", modifiers: []))
        XCTAssertEqual(harness.viewer.takeRequests(), [.setFullscreen(false)], "Escape leaves fullscreen first")
        harness.viewer.isFullscreen = false
        harness.send(.key("q", modifiers: []))
        XCTAssertEqual(harness.viewer.takeRequests(), [.quit])
        harness.viewer.handle(ViewerInput(.key("x", modifiers: []), timeMilliseconds: harness.time))
        XCTAssertFalse(harness.viewer.needsFrame, "a key nothing answers asks for no frame")
    }

    func testDraggingTheScrollBarThumbScrollsProportionally() {
        let harness = ViewerHarness(layout: longLayout())
        harness.runUntilIdle()
        harness.send(.pointerMotion(LogicalPoint(x: 795, y: 10)))
        harness.send(.pointerButton(DocumentViewerButtons.left, isPressed: true))
        for step in 1...4 { harness.send(.pointerMotion(LogicalPoint(x: 795, y: 10 + 50 * Double(step)))) }
        harness.send(.pointerButton(DocumentViewerButtons.left, isPressed: false))
        harness.runUntilIdle()
        let contentHeight = harness.viewer.scene[harness.viewer.documentPane.view].contentSize.height
        // 200 px of a track about 600 px long moves about a third of the scrollable height.
        XCTAssertGreaterThan(y(harness), (contentHeight - 600) * 0.25)
        XCTAssertLessThan(y(harness), (contentHeight - 600) * 0.5)
    }

    func testAFirstTouchRevealsWindowControlsAndATapOnCloseAsksToQuit() {
        let harness = ViewerHarness(layout: longLayout())
        harness.viewer.showsWindowControls = true
        harness.runUntilIdle()
        // Hidden: a touch there scrolls instead, and reveals them.
        harness.tap(780, 20)
        XCTAssertEqual(harness.viewer.takeRequests(), [])
        harness.tap(780, 20)
        XCTAssertEqual(harness.viewer.takeRequests(), [.quit])
        harness.touchDown(400, 10)
        XCTAssertEqual(harness.viewer.takeRequests(), [.beginMove(serial: 1)], "the handle moves the window")
    }
}

/// Evdev button codes the tests press.
enum DocumentViewerButtons {
    static let left: UInt32 = 0x110
}
