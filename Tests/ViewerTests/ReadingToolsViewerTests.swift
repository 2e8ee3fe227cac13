import DocumentKit
import Foundation
import Glibc
import Machinery
import Render
import ScrollEngine
import TextKind
import Viewer
import XCTest

/// The reading tools through the viewer offscreen: typed input in, requests, trace and pixels out.
final class ReadingToolsViewerTests: XCTestCase {
    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-viewer-\(UUID())")

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A document with links at the top and a rare word far down; `other.md` beside it.
    private func harness() throws -> ViewerHarness {
        var text = "[GNOME](https://gnome.org) and [a script](javascript:alert(1)) and [other](other.md#second).\n\n"
        for number in 1...150 {
            text += "Paragraph \(number) about reading" + (number == 100 ? " with a Zébra in it" : "") + ".\n\n"
        }
        let path = directory.appendingPathComponent("main.md").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try "# First\n\nOther text.\n\n# Second\n\nThe end.\n".write(
            to: directory.appendingPathComponent("other.md"), atomically: true, encoding: .utf8)
        let document = try TextDocument(contentsOfFile: path)
        let harness = ViewerHarness(layout: document.makeLayout(palette: .light))
        harness.viewer.navigation.documentPath = path
        harness.viewer.navigation.documentTitle = document.title
        harness.runUntilIdle()
        _ = harness.viewer.takeRequests()
        return harness
    }

    /// Delivers the search worker's results until `done` holds (10 s at most).
    private func deliverSearch(_ harness: ViewerHarness, until done: () -> Bool) {
        harness.deliverBackgroundWork(until: done)
    }

    private func offset(_ harness: ViewerHarness) -> Double { harness.frames.last!.traced.contentOffset.y }

    private func type(_ text: String, into harness: ViewerHarness) {
        for character in text {
            harness.viewer.handle(ViewerInput(.key(String(character), modifiers: []), timeMilliseconds: harness.time,
                                              text: String(character)))
            harness.drawFrame()
        }
    }

    func testFindTypedAndFromAnInputMethodGlidesToTheMatchIgnoringAccents() throws {
        let harness = try harness()
        harness.send(.key("f", modifiers: .control))
        XCTAssertEqual(harness.viewer.takeRequests(), [.setTextInput(true)])
        type("zeb", into: harness)
        harness.viewer.handle(ViewerInput(event: .textCommitted("ra", deletingBefore: 0), timeMilliseconds: 0))
        deliverSearch(harness) { offset(harness) > 2000 && !harness.frames.last!.isAnimating }
        XCTAssertGreaterThan(offset(harness), 2000, "glided to paragraph 100")
        XCTAssertEqual(offset(harness), harness.runUntilIdle().last!.traced.contentOffset.y, "and rests there")
        harness.send(.key("Escape", modifiers: []))
        XCTAssertEqual(harness.viewer.takeRequests(), [.setTextInput(false)], "Escape closes find, not the window")
    }

    func testALongPressSelectsAWordAndOffersItAsThePrimarySelection() throws {
        let harness = try harness()
        let layout = try XCTUnwrap(harness.viewer.documentPane.layout as? DocumentLayout)
        let word = try XCTUnwrap(layout.rects(of: TextRange(TextPosition(section: 0, block: 2, utf8Offset: 0),
                                                            TextPosition(section: 0, block: 2, utf8Offset: 9)),
                                              within: 0...600).first)
        harness.touchDown(word.x + 20, word.y + word.height / 2)
        XCTAssertTrue(harness.viewer.wantsLongPressTimer, "a resting finger asks for the long-press timer")
        harness.viewer.longPressTimerFired()
        harness.drawFrame()
        let requests = harness.viewer.takeRequests()
        guard case .copy(let range, false, true)? = requests.first(where: {
            if case .copy = $0 { return true } else { return false }
        }) else { return XCTFail("no primary selection offered: \(requests)") }
        let document = try XCTUnwrap((harness.viewer.documentPane.layout as? DocumentLayout)?.document)
        XCTAssertEqual(document.text(in: range), "Paragraph", "the word under the finger")
        harness.touchUp()
        XCTAssertEqual(offset(harness), 0, "a long press does not scroll")
    }

    func testSelectAllAndCopyOfferTheWholeText() throws {
        let harness = try harness()
        harness.send(.key("a", modifiers: .control))
        harness.send(.key("c", modifiers: .control))
        XCTAssertTrue(harness.viewer.takeRequests().contains(.copy(.all, toClipboard: true, toPrimary: true)))
    }

    func testLinksOpenOnTheDesktopOrInTheWindowAndAltLeftComesBack() throws {
        let harness = try harness()
        let layout = try XCTUnwrap(harness.viewer.documentPane.layout as? DocumentLayout)
        let links = layout.links(within: 0...600)
        XCTAssertEqual(links.map(\.destination), ["https://gnome.org", "javascript:alert(1)", "other.md#second"])
        func click(_ link: DocumentLink) {
            let rect = link.rects[0]
            harness.send(.pointerMotion(LogicalPoint(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)))
            harness.send(.pointerButton(0x110, isPressed: true))
            harness.send(.pointerButton(0x110, isPressed: false))
        }
        click(links[0])
        let web = harness.viewer.takeRequests()
        XCTAssertTrue(web.contains(.openURL("https://gnome.org")), "\(web)")
        XCTAssertTrue(web.contains(.setPointerLook(.hand)), "a hand over the link")
        click(links[1])
        let script = harness.viewer.takeRequests()
        XCTAssertFalse(script.contains { if case .openURL = $0 { return true } else { return false } }, "\(script)")
        // Scroll a little, then open the other document: it shows its second heading.
        harness.drag(from: LogicalPoint(x: 400, y: 500), to: LogicalPoint(x: 400, y: 300))
        harness.runUntilIdle()
        let before = offset(harness)
        XCTAssertGreaterThan(before, 100)
        let moved = try XCTUnwrap((harness.viewer.documentPane.layout as? DocumentLayout)?.links(within: 0...5000).last)
        let rect = moved.rects[0]
        harness.send(.pointerMotion(LogicalPoint(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 - before)))
        harness.send(.pointerButton(0x110, isPressed: true))
        harness.send(.pointerButton(0x110, isPressed: false))
        harness.deliverBackgroundWork { harness.viewer.navigation.documentPath?.hasSuffix("other.md") ?? false }
        harness.runUntilIdle()
        XCTAssertTrue(harness.viewer.navigation.documentPath?.hasSuffix("other.md") ?? false)
        XCTAssertEqual(harness.viewer.shownFileName, "other.md", "the title names the document shown")
        harness.send(.key("Left", modifiers: .alt))
        harness.runUntilIdle()
        XCTAssertTrue(harness.viewer.navigation.documentPath?.hasSuffix("main.md") ?? false)
        XCTAssertEqual(harness.viewer.shownFileName, "main.md", "and names the first again")
        XCTAssertEqual(offset(harness), before, accuracy: 0.5, "back where the reader was")
    }

    /// A swipe in from the left edge comes back from a linked document, as Alt+Left does.
    func testASwipeFromTheLeftEdgeComesBack() throws {
        let harness = try harness()
        let layout = try XCTUnwrap(harness.viewer.documentPane.layout as? DocumentLayout)
        let link = try XCTUnwrap(layout.links(within: 0...600).last)
        harness.tap(link.rects[0].x + 5, link.rects[0].y + link.rects[0].height / 2)
        harness.deliverBackgroundWork { harness.viewer.navigation.documentPath?.hasSuffix("other.md") ?? false }
        harness.runUntilIdle()
        XCTAssertTrue(harness.viewer.navigation.documentPath?.hasSuffix("other.md") ?? false, "the tap followed the link")
        harness.drag(from: LogicalPoint(x: 300, y: 300), to: LogicalPoint(x: 500, y: 310), steps: 6)
        harness.runUntilIdle()
        XCTAssertTrue(harness.viewer.navigation.documentPath?.hasSuffix("other.md") ?? false, "a swipe mid-window is no back")
        harness.drag(from: LogicalPoint(x: 4, y: 300), to: LogicalPoint(x: 200, y: 310), steps: 6)
        harness.runUntilIdle()
        XCTAssertTrue(harness.viewer.navigation.documentPath?.hasSuffix("main.md") ?? false, "the edge swipe went back")
    }

    func testF1ShowsHelpAndATapDismissesIt() throws {
        let harness = try harness()
        func darkShare() -> Double {
            let pixels = harness.rows(100..<500).flatMap { $0 }
            return Double(pixels.filter { ($0 >> 8) & 0xff < 80 }.count) / Double(pixels.count)
        }
        let plain = darkShare()
        harness.send(.key("F1", modifiers: []))
        XCTAssertGreaterThan(darkShare(), 0.5, "the dark help card")
        harness.tap(400, 300)
        harness.runUntilIdle()
        XCTAssertEqual(darkShare(), plain, accuracy: 0.01, "a tap dismissed it")
    }
}
