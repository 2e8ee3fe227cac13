@testable import ScrollEngine
import TestSupport
import XCTest

/// Several scroll views on one screen: gestures belong to the view they start in.
final class ScrollSceneTests: XCTestCase {
    private let topRect = LogicalRect(x: 0, y: 0, width: 800, height: 300)
    private let bottomRect = LogicalRect(x: 0, y: 300, width: 800, height: 300)

    /// A vertical list above ten horizontal pages, as `glide-replay --split`.
    private func makeSplit() throws -> ScrollScene {
        var scene = ScrollScene()
        let list = ScrollView(viewportSize: topRect.size, contentSize: LogicalSize(width: 800, height: 5000))
        var pages = ScrollView(viewportSize: bottomRect.size, contentSize: LogicalSize(width: 8000, height: 300))
        pages.isPagingEnabled = true
        XCTAssertEqual(try scene.addView(list, in: topRect), 0)
        XCTAssertEqual(try scene.addView(pages, in: bottomRect), 1)
        return scene
    }

    func testADiagonalSwipeMovesOnlyTheViewItStartedIn() throws {
        var scene = try makeSplit()
        scene.touchDown(id: 1, at: LogicalPoint(600, 450), timeMilliseconds: 0)
        scene.touchFrame()
        for step in 1...8 {
            let t = Double(step) * 8
            scene.touchMotion(id: 1, to: LogicalPoint(600 - 40 * Double(step), 450 - 30 * Double(step)), timeMilliseconds: t)
            scene.touchFrame()
        }
        XCTAssertEqual(scene.views[0].contentOffset, .zero, "the swipe crossed into the top view")
        XCTAssertGreaterThan(scene.views[1].contentOffset.x, 200)
        XCTAssertEqual(scene.views[1].contentOffset.y, 0)
        scene.touchUp(id: 1, timeMilliseconds: 70)
        scene.touchFrame()
        for t in stride(from: 70.0, through: 3000, by: 16) { scene.advance(to: t) }
        XCTAssertEqual(scene.views[1].contentOffset.x, 800, "one page")
        XCTAssertEqual(scene.views[0].contentOffset, .zero)
    }

    func testFingersInTwoViewsDragEachOnItsOwn() throws {
        var scene = try makeSplit()
        scene.touchDown(id: 1, at: LogicalPoint(400, 200), timeMilliseconds: 0)
        scene.touchDown(id: 2, at: LogicalPoint(400, 450), timeMilliseconds: 0)
        scene.touchFrame()
        scene.touchMotion(id: 1, to: LogicalPoint(400, 150), timeMilliseconds: 16)
        scene.touchMotion(id: 2, to: LogicalPoint(300, 450), timeMilliseconds: 16)
        scene.touchFrame()
        XCTAssertEqual(scene.views[0].contentOffset.y, 40, accuracy: 1e-9)
        XCTAssertEqual(scene.views[1].contentOffset.x, 90, accuracy: 1e-9)
    }

    func testTapsComeWithTheirViewInItsCoordinates() throws {
        var scene = try makeSplit()
        var taps: [(Int, Tap)] = []
        scene.touchDown(id: 1, at: LogicalPoint(100, 350), timeMilliseconds: 0)
        scene.touchFrame { taps.append(($0, $1)) }
        scene.touchUp(id: 1, timeMilliseconds: 40)
        scene.touchFrame { taps.append(($0, $1)) }
        XCTAssertEqual(taps.count, 1)
        XCTAssertEqual(taps.first?.0, 1)
        XCTAssertEqual(taps.first?.1.location, LogicalPoint(100, 50))
    }

    func testPointerInputGoesToTheViewUnderThePointer() throws {
        var scene = try makeSplit()
        scene.pointerMotion(to: LogicalPoint(400, 100), timeMilliseconds: 0)
        XCTAssertTrue(scene.pointerAxis(source: .finger, delta: LogicalPoint(0, 30), timeMilliseconds: 10))
        // The fingers stay with the top view though the pointer moves on.
        scene.pointerMotion(to: LogicalPoint(400, 500), timeMilliseconds: 15)
        scene.pointerAxis(source: .finger, delta: LogicalPoint(0, 30), timeMilliseconds: 20)
        XCTAssertEqual(scene.views[0].contentOffset.y, 60)
        scene.pointerAxisStop(horizontal: true, vertical: true, timeMilliseconds: 200)
        XCTAssertTrue(scene.pointerAxis(source: .finger, delta: LogicalPoint(50, 0), timeMilliseconds: 300))
        XCTAssertEqual(scene.views[1].contentOffset.x, 50)
        scene.pointerAxisStop(horizontal: true, vertical: true, timeMilliseconds: 500)
        // Keys go to the view that last took input.
        XCTAssertEqual(scene.focusedView, 1)
        XCTAssertTrue(scene.key("Right", timeMilliseconds: 600))
        XCTAssertFalse(scene.key("Down", timeMilliseconds: 610))
    }

    func testNestingOnTheSameAxisIsRefused() throws {
        var scene = ScrollScene()
        let outer = ScrollView(viewportSize: LogicalSize(width: 800, height: 600), contentSize: LogicalSize(width: 800, height: 5000))
        XCTAssertEqual(try scene.addView(outer, in: LogicalRect(x: 0, y: 0, width: 800, height: 600)), 0)
        let inner = ScrollView(viewportSize: LogicalSize(width: 400, height: 200), contentSize: LogicalSize(width: 400, height: 900))
        XCTAssertThrowsError(try scene.addView(inner, in: LogicalRect(x: 100, y: 100, width: 400, height: 200))) { error in
            XCTAssertEqual(error as? ScrollSceneError, .nestedOnSameAxis(view: 0, axis: .vertical))
            XCTAssertEqual("\(error)", "a scroll view cannot be nested with scroll view 0: both scroll vertically")
        }
        let carousel = ScrollView(viewportSize: LogicalSize(width: 400, height: 200), contentSize: LogicalSize(width: 4000, height: 200))
        XCTAssertEqual(try scene.addView(carousel, in: LogicalRect(x: 100, y: 100, width: 400, height: 200)), 1)
        XCTAssertEqual(scene.view(at: LogicalPoint(150, 150)), 1, "the innermost view")
        XCTAssertEqual(scene.view(at: LogicalPoint(50, 50)), 0)
        XCTAssertThrowsError(try scene.addView(carousel, in: LogicalRect(x: 600, y: 500, width: 400, height: 200))) { error in
            XCTAssertEqual(error as? ScrollSceneError, .partialOverlap(view: 0))
        }
    }
}

/// Keys go to the pane the user last touched, clicked or hovered.
final class SceneKeyFocusTests: XCTestCase {
    private func split() throws -> ScrollScene {
        var scene = ScrollScene()
        let list = ScrollView(viewportSize: LogicalSize(width: 800, height: 300), contentSize: LogicalSize(width: 800, height: 5000))
        var pages = ScrollView(viewportSize: LogicalSize(width: 800, height: 300), contentSize: LogicalSize(width: 8000, height: 300))
        pages.isPagingEnabled = true
        _ = try scene.addView(list, in: LogicalRect(x: 0, y: 0, width: 800, height: 300))
        _ = try scene.addView(pages, in: LogicalRect(x: 0, y: 300, width: 800, height: 300))
        scene.focus(view: 1)
        return scene
    }

    func testHoveringAPaneGivesItTheKeys() throws {
        var scene = try split()
        scene.pointerMotion(to: LogicalPoint(400, 100), timeMilliseconds: 0)
        XCTAssertEqual(scene.focusedView, 0)
        XCTAssertTrue(scene.key("Down", timeMilliseconds: 10), "the list scrolls")
        scene.pointerMotion(to: LogicalPoint(400, 450), timeMilliseconds: 20)
        XCTAssertEqual(scene.focusedView, 1)
    }

    func testAClickOnContentGivesItsPaneTheKeysThoughNothingUsesTheClick() throws {
        var scene = try split()
        scene.pointerMotion(to: LogicalPoint(400, 100), timeMilliseconds: 0)
        scene.focus(view: 1)
        scene.pointerButton(0x110, isPressed: true, timeMilliseconds: 10)
        scene.pointerButton(0x110, isPressed: false, timeMilliseconds: 20)
        XCTAssertEqual(scene.focusedView, 0)
    }
}
