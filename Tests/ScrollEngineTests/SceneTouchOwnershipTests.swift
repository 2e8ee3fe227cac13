import ScrollEngine
import TestSupport
import XCTest

/// The scene keeps no table of finger owners: a finger is the view's whose touch state holds
/// it, from its down until it lifts or is cancelled.
final class SceneTouchOwnershipTests: XCTestCase {
    private func makeSplit() throws -> ScrollScene {
        var scene = ScrollScene()
        let list = ScrollView(viewportSize: LogicalSize(width: 800, height: 300),
                              contentSize: LogicalSize(width: 800, height: 5000))
        var pages = ScrollView(viewportSize: LogicalSize(width: 800, height: 300),
                               contentSize: LogicalSize(width: 8000, height: 300))
        pages.isPagingEnabled = true
        _ = try scene.addView(list, in: LogicalRect(x: 0, y: 0, width: 800, height: 300))
        _ = try scene.addView(pages, in: LogicalRect(x: 0, y: 300, width: 800, height: 300))
        return scene
    }

    func testAFingerIsTheViewsItLandedInUntilItLifts() throws {
        var scene = try makeSplit()
        scene.apply(.touchDown(id: 7, location: LogicalPoint(400, 450)), timeMilliseconds: 0)
        scene.apply(.touchDown(id: 8, location: LogicalPoint(400, 100)), timeMilliseconds: 0)
        XCTAssertEqual(scene.view(ofTouch: 7), 1)
        XCTAssertEqual(scene.view(ofTouch: 8), 0)
        scene.apply(.touchFrame, timeMilliseconds: 0)
        // Moving into the other view does not change its owner.
        scene.apply(.touchMotion(id: 7, location: LogicalPoint(300, 100)), timeMilliseconds: 16)
        scene.apply(.touchFrame, timeMilliseconds: 16)
        XCTAssertEqual(scene.view(ofTouch: 7), 1)
        XCTAssertEqual(scene.views[0].contentOffset.y, 0, "the list never saw the pages' finger")
        scene.apply(.touchUp(id: 7), timeMilliseconds: 32)
        XCTAssertNil(scene.view(ofTouch: 7), "a lifting finger is no longer held")
        scene.apply(.touchFrame, timeMilliseconds: 32)
        XCTAssertNil(scene.view(ofTouch: 7))
        XCTAssertEqual(scene.view(ofTouch: 8), 0)
    }

    func testACancelTakesEveryFingerFromEveryViewAtOnce() throws {
        var scene = try makeSplit()
        scene.apply(.touchDown(id: 1, location: LogicalPoint(400, 450)), timeMilliseconds: 0)
        scene.apply(.touchDown(id: 2, location: LogicalPoint(400, 100)), timeMilliseconds: 0)
        scene.apply(.touchFrame, timeMilliseconds: 0)
        scene.apply(.touchCancel, timeMilliseconds: 10)
        XCTAssertNil(scene.view(ofTouch: 1))
        XCTAssertNil(scene.view(ofTouch: 2))
        scene.apply(.touchMotion(id: 2, location: LogicalPoint(400, 0)), timeMilliseconds: 12)
        scene.apply(.touchFrame, timeMilliseconds: 12)
        XCTAssertNil(scene.view(ofTouch: 2))
        XCTAssertEqual(scene.views[0].contentOffset.y, 0, "motion after the cancel moved nothing")
    }

    func testApplyingInputsMovesTheSceneAsItsMethodsDo() throws {
        var applied = try makeSplit()
        var called = try makeSplit()
        applied.apply(.pointerMotion(LogicalPoint(400, 100)), timeMilliseconds: 0)
        called.pointerMotion(to: LogicalPoint(400, 100), timeMilliseconds: 0)
        applied.apply(.pinchBegin(nil), timeMilliseconds: 0)
        called.pinchBegin(at: LogicalPoint(400, 100), timeMilliseconds: 0)
        for step in 1...5 {
            let t = Double(step) * 10
            applied.apply(.pointerAxis(source: .finger, delta: LogicalPoint(0, 20), value120: AxisPair(horizontal: 0, vertical: 0),
                                       modifiers: []), timeMilliseconds: t)
            called.pointerAxis(source: .finger, delta: LogicalPoint(0, 20), timeMilliseconds: t)
        }
        applied.apply(.pinchEnd(isCancelled: false), timeMilliseconds: 60)
        called.pinchEnd(isCancelled: false, timeMilliseconds: 60)
        XCTAssertEqual(applied.apply(.key("Page_Down", modifiers: []), timeMilliseconds: 70),
                       called.key("Page_Down", timeMilliseconds: 70))
        applied.advance(to: 500)
        called.advance(to: 500)
        XCTAssertGreaterThan(applied.views[0].contentOffset.y, 0)
        XCTAssertEqual(applied.views.map(\.frame), called.views.map(\.frame))
    }
}
