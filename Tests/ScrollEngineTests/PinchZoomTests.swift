@testable import ScrollEngine
import ScrollPhysics
import TestSupport
import XCTest

/// Two-finger pinch on the touch screen: the content under the centroid stays under it, the
/// scale follows the span, and past a limit it rubber-bands in log space (§7).
final class PinchZoomTests: XCTestCase {
    /// The scale shown for a raw scale `raw` past `limit`: limit·e^(b(ln(raw/limit))) with the
    /// §1 rubber band b(u) = (1 − 1/(u·0.55/ln 2 + 1))·ln 2.
    private func banded(_ raw: Double, past limit: Double) -> Double {
        let reach = 0.6931471805599453
        let u = ElementaryFunctions.log(raw / limit)
        let sign = u < 0 ? -1.0 : 1.0
        let band = (1 - 1 / (abs(u) * 0.55 / reach + 1)) * reach
        return limit * ElementaryFunctions.exp(sign * band)
    }

    func testCentroidKeepsItsContentPointWhilePanningAndZooming() {
        var view = ScrollView.zoomable()
        view.scroll(to: LogicalPoint(0, 5000), animated: false, timeMilliseconds: 0)
        view.pressTwo(LogicalPoint(300, 300), LogicalPoint(500, 300), at: 0)
        let anchor = view.contentPoint(under: LogicalPoint(400, 300))
        XCTAssertEqual(view.phase, .zooming, "two fingers pinch at once, without a slop")
        // Spread to 300 px apart (×1.5) while the centroid moves 60 px down and 20 right.
        var time = 0.0
        for step in 1...10 {
            time += 8
            let fraction = Double(step) / 10
            let centre = LogicalPoint(400 + 20 * fraction, 300 + 60 * fraction)
            let half = 100 + 50 * fraction
            view.moveTwo(LogicalPoint(centre.x - half, centre.y), LogicalPoint(centre.x + half, centre.y), at: time)
            let shown = view.contentPoint(under: centre)
            XCTAssertEqual(shown.x, anchor.x, accuracy: 0.5 / view.zoomScale)
            XCTAssertEqual(shown.y, anchor.y, accuracy: 0.5 / view.zoomScale)
        }
        XCTAssertEqual(view.zoomScale, 1.5, accuracy: 1e-12)
        // offset = anchor·s − centroid.
        XCTAssertEqual(view.contentOffset.x, 400 * 1.5 - 420, accuracy: 1e-9)
        XCTAssertEqual(view.contentOffset.y, 5300 * 1.5 - 360, accuracy: 1e-9)
        view.liftTwo(at: time + 8)
        let rest = view.runFrames(from: time + 8).last
        XCTAssertEqual(rest?.zoomScale, 1.5, "inside the limits the scale stays")
        XCTAssertEqual(rest?.contentOffset.y ?? 0, 5300 * 1.5 - 360, accuracy: 1e-9, "no fling after a pinch")
    }

    func testSecondFingerJoinsAndLeavesADragWithoutAJump() {
        var view = ScrollView.zoomable()
        view.scroll(to: LogicalPoint(0, 3000), animated: false, timeMilliseconds: 0)
        view.press(LogicalPoint(400, 400), at: 0)
        view.slide(from: LogicalPoint(400, 400), to: LogicalPoint(400, 300), at: 0, duration: 80)
        let beforeJoin = view.contentOffset
        XCTAssertEqual(beforeJoin.y, 3090, accuracy: 1e-9, "100 px less the 10 px slop")
        // The second finger lands 200 px to the left: nothing moves until the fingers do.
        view.touchDown(id: 2, at: LogicalPoint(200, 300), timeMilliseconds: 88)
        view.touchFrame()
        XCTAssertEqual(view.contentOffset, beforeJoin)
        XCTAssertEqual(view.phase, .zooming)
        let anchor = view.contentPoint(under: LogicalPoint(300, 300))
        view.moveTwo(LogicalPoint(400, 300), LogicalPoint(100, 300), at: 96)
        XCTAssertEqual(view.zoomScale, 1.5, accuracy: 1e-12)
        XCTAssertEqual(view.contentPoint(under: LogicalPoint(250, 300)).x, anchor.x, accuracy: 1e-9)
        // The second finger lifts: the content stays, then follows the first finger 1:1.
        let beforeLeave = view.contentOffset
        view.touchUp(id: 2, timeMilliseconds: 104)
        view.touchFrame()
        XCTAssertEqual(view.contentOffset, beforeLeave)
        XCTAssertEqual(view.phase, .dragging)
        view.moveFinger(to: LogicalPoint(400, 250), at: 112)
        XCTAssertEqual(view.contentOffset.y, beforeLeave.y + 50, accuracy: 1e-9)
        XCTAssertEqual(view.zoomScale, 1.5, accuracy: 1e-12)
    }

    func testAThirdFingerIsIgnoredByThePinch() {
        var view = ScrollView.zoomable()
        view.pressTwo(LogicalPoint(300, 300), LogicalPoint(500, 300), at: 0)
        view.touchDown(id: 3, at: LogicalPoint(700, 500), timeMilliseconds: 8)
        view.touchFrame()
        view.touchMotion(id: 3, to: LogicalPoint(100, 100), timeMilliseconds: 16)
        view.touchFrame()
        XCTAssertEqual(view.zoomScale, 1)
        XCTAssertEqual(view.contentOffset, .zero)
        view.moveTwo(LogicalPoint(200, 300), LogicalPoint(600, 300), at: 24)
        XCTAssertEqual(view.zoomScale, 2, accuracy: 1e-12)
    }

    func testPastTheMaximumTheScaleRubberBandsInLogSpaceAndReturns() {
        var view = ScrollView.zoomable(1...2)
        view.scroll(to: LogicalPoint(0, 4000), animated: false, timeMilliseconds: 0)
        view.pressTwo(LogicalPoint(350, 300), LogicalPoint(450, 300), at: 0)
        let anchor = view.contentPoint(under: LogicalPoint(400, 300))
        // Spread ×4: twice past the maximum of 2.
        view.moveTwo(LogicalPoint(200, 300), LogicalPoint(600, 300), at: 16)
        XCTAssertEqual(view.zoomScale, banded(4, past: 2), accuracy: 1e-9)
        XCTAssertEqual(view.zoomScale, 2.5577, accuracy: 1e-4)
        XCTAssertLessThan(view.zoomScale / 2, 2, "2× past the maximum shows less than 2×")
        view.liftTwo(at: 32)
        XCTAssertEqual(view.phase, .bouncing)
        let frames = view.runFrames(from: 32)
        for frame in frames {
            // The focal point stays fixed all the way back.
            let shown = (400 + frame.contentOffset.x) / frame.zoomScale
            XCTAssertEqual(shown, anchor.x, accuracy: 0.5 / frame.zoomScale)
            XCTAssertGreaterThanOrEqual(frame.zoomScale, 2 - 1e-12)
        }
        XCTAssertEqual(frames.last?.zoomScale, 2, "exactly at the maximum")
        XCTAssertEqual(frames.last?.contentOffset.x ?? 0, anchor.x * 2 - 400, accuracy: 1e-9)
        // Settled (within half a pixel) in about 0.3 s, the zoom spring's ω = 31.6 rad/s.
        let settled = frames.first { abs($0.zoomScale - 2) * 800 < 0.5 }?.timeMilliseconds ?? .infinity
        XCTAssertLessThan(settled - 32, 400)
    }

    func testBelowTheMinimumTheContentIsCentredAndReturns() {
        var view = ScrollView.zoomable(1...4)
        view.pressTwo(LogicalPoint(300, 300), LogicalPoint(500, 300), at: 0)
        view.moveTwo(LogicalPoint(350, 300), LogicalPoint(450, 300), at: 16)
        XCTAssertEqual(view.zoomScale, banded(0.5, past: 1), accuracy: 1e-9)
        view.liftTwo(at: 32)
        let rest = view.runFrames(from: 32).last
        XCTAssertEqual(rest?.zoomScale, 1)
        XCTAssertEqual(rest?.contentOffset.x, 0)
        XCTAssertEqual(rest?.contentOffset.y, 0)
    }

    func testWithoutBouncesZoomTheScaleStopsAtTheLimit() {
        var view = ScrollView.zoomable(1...2)
        view.bouncesZoom = false
        view.pressTwo(LogicalPoint(350, 300), LogicalPoint(450, 300), at: 0)
        view.moveTwo(LogicalPoint(200, 300), LogicalPoint(600, 300), at: 16)
        XCTAssertEqual(view.zoomScale, 2, accuracy: 1e-12)
    }

    func testWithZoomOffTwoFingersDragByTheirMeanMotion() {
        var view = ScrollView.document()
        XCTAssertFalse(view.isZoomEnabled, "UIScrollView's defaults: 1…1")
        view.pressTwo(LogicalPoint(300, 500), LogicalPoint(500, 500), at: 0)
        view.moveTwo(LogicalPoint(250, 460), LogicalPoint(550, 440), at: 16)
        XCTAssertEqual(view.zoomScale, 1)
        XCTAssertEqual(view.phase, .dragging)
        XCTAssertEqual(view.contentOffset.y, 50 - 10, accuracy: 1e-9, "a mean of 50 px up, less the slop")
    }

    func testTouchCancelRevertsThePinchWithoutAFling() {
        var view = ScrollView.zoomable()
        view.scroll(to: LogicalPoint(0, 2000), animated: false, timeMilliseconds: 0)
        view.pressTwo(LogicalPoint(300, 300), LogicalPoint(500, 300), at: 0)
        view.moveTwo(LogicalPoint(100, 200), LogicalPoint(700, 200), at: 16)
        XCTAssertEqual(view.zoomScale, 3, accuracy: 1e-12)
        view.touchCancel(timeMilliseconds: 20)
        XCTAssertNil(view.touchFrame(), "no tap")
        let rest = view.runFrames(from: 20).last
        XCTAssertEqual(rest?.zoomScale, 1)
        XCTAssertEqual(rest?.contentOffset, LogicalPoint(0, 2000))
    }
}
