import DocumentKit
import Foundation
import Glibc
import Machinery
import ScrollEngine
import TextKind
import Viewer
import XCTest

/// What the window asks of the desktop: the Open… button on the touch overlay asks for the
/// file chooser as Ctrl+O does, and a failure the desktop reports later (no print portal, no
/// file chooser) shows as a notice in the window until the reader's next key, click or touch.
final class DesktopRequestTests: XCTestCase {
    private func harness(showsWindowControls: Bool = true) throws -> ViewerHarness {
        let text = (1...80).map { "Paragraph \($0) of a document to open another from." }.joined(separator: "\n\n")
        let harness = ViewerHarness(layout: TextDocument(text: text, isMarkdown: true, title: "document").makeLayout(palette: .light))
        harness.viewer.showsWindowControls = showsWindowControls
        harness.runUntilIdle()
        _ = harness.viewer.takeRequests()
        return harness
    }

    /// The Open… button's centre in an 800 px window: the third 44 px target from the right.
    private let openButton = (x: 800 - 44 * 2.5, y: 22.0)

    func testATapOnTheOpenButtonAsksForTheFileChooserAsControlODoes() throws {
        let harness = try harness()
        harness.tap(400, 300)
        _ = harness.viewer.takeRequests()
        harness.tap(openButton.x, openButton.y)
        XCTAssertEqual(harness.viewer.takeRequests(), [.openFile])
        XCTAssertEqual(harness.frames.last?.traced.contentOffset.y, 0, "the tap did not scroll the document")
        harness.send(.key("o", modifiers: .control))
        XCTAssertEqual(harness.viewer.takeRequests(), [.openFile])
    }

    func testTheOpenButtonIsHiddenUntilATouchAndWithoutClientSideDecorations() throws {
        let hidden = try harness()
        hidden.tap(openButton.x, openButton.y)
        XCTAssertEqual(hidden.viewer.takeRequests(), [], "a first touch only reveals the controls")
        let serverSide = try harness(showsWindowControls: false)
        serverSide.tap(400, 300)
        serverSide.tap(openButton.x, openButton.y)
        XCTAssertEqual(serverSide.viewer.takeRequests(), [], "no touch controls where the compositor decorates")
    }

    func testAFingerThatLeavesTheOpenButtonOpensNothing() throws {
        let harness = try harness()
        harness.tap(400, 300)
        harness.touchDown(openButton.x, openButton.y)
        harness.touchMove(400, 300)
        harness.touchUp()
        XCTAssertEqual(harness.viewer.takeRequests(), [])
    }

    func testAFailureReportedFromAWorkerShowsAsANoticeUntilTheNextKey() throws {
        let harness = try harness(showsWindowControls: false)
        let before = bottomBand(harness)
        let report = harness.viewer.failureReporter
        let reported = expectation(description: "reported")
        WorkQueue.shared.submit(priority: .immediate) { _ in
            report("cannot show the desktop's file chooser: no portal")
            reported.fulfill()
        }
        wait(for: [reported], timeout: 10)
        harness.deliverBackgroundWork { harness.viewer.documentPane.renderer.notice != nil }
        XCTAssertEqual(harness.viewer.documentPane.renderer.notice, "cannot show the desktop's file chooser: no portal")
        harness.drawFrame()
        XCTAssertGreaterThan(changedPixels(harness, from: before), 500, "the notice is drawn over the bottom of the window")
        harness.send(.key("Escape", modifiers: []))
        XCTAssertNil(harness.viewer.documentPane.renderer.notice, "a key takes it away")
        XCTAssertEqual(changedPixels(harness, from: before), 0, "and the window shows the document alone again")
    }

    /// The bottom 120 rows of the window, where a notice sits.
    private func bottomBand(_ harness: ViewerHarness) -> [UInt32] {
        (harness.height - 120..<harness.height).flatMap { y in (0..<harness.width).map { harness.pixel(x: $0, y: y) } }
    }

    private func changedPixels(_ harness: ViewerHarness, from before: [UInt32]) -> Int {
        zip(bottomBand(harness), before).filter { $0 != $1 }.count
    }

    func testAFailureNoticeGoesAtATouchButALinksNoticeThatReplacedItStays() throws {
        let harness = try harness(showsWindowControls: false)
        harness.viewer.failureReporter("cannot print: no portal")
        harness.deliverBackgroundWork { harness.viewer.documentPane.renderer.notice != nil }
        harness.touchDown(400, 300)
        harness.touchUp()
        XCTAssertNil(harness.viewer.documentPane.renderer.notice, "a touch takes it away")
        harness.viewer.failureReporter("cannot print: no portal")
        harness.deliverBackgroundWork { harness.viewer.documentPane.renderer.notice != nil }
        harness.viewer.navigation.setNotice("opening 'notes.md'…")
        harness.send(.key("Next", modifiers: []))
        XCTAssertEqual(harness.viewer.documentPane.renderer.notice, "opening 'notes.md'…")
    }
}
