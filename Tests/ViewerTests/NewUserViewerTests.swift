@testable import DocumentKit
import Foundation
@testable import ImageKind
import Render
import ScrollEngine
import TestSupport
@testable import TextKind
import Viewer
import XCTest

/// What new users tripped on (issue 12), through the viewer offscreen: text zoom that
/// reflows, Photos-style image zoom, keys and their pane, the outline as a list, the title.
final class NewUserViewerTests: XCTestCase {
    private func textLayout() -> DocumentLayout {
        DocumentLayout(document: TextDocument(text: chapteredText(chapters: 12), isMarkdown: true, title: "t"))
    }

    /// Ctrl+wheel notches about the pointer at `point`.
    private func controlWheel(_ harness: ViewerHarness, notches: Int, at point: LogicalPoint) {
        harness.send(.pointerMotion(point))
        for _ in 0..<notches {
            harness.send(.pointerAxis(source: .wheel, delta: LogicalPoint(x: 0, y: -10),
                                      value120: AxisPair(horizontal: 0, vertical: -120), modifiers: .control))
        }
    }

    /// The laid-out block holding content y `y`: its text's start, and how far into it `y` is.
    private func block(at y: Double, in layout: DocumentLayout) -> (text: String, fraction: Double)? {
        for (index, section) in layout.shapedSections {
            for item in section.blocks {
                let top = layout.top(ofSection: index) + item.top
                if y >= top, y < top + item.height { return (String(item.block.text.prefix(30)), (y - top) / item.height) }
            }
        }
        return nil
    }

    /// The content y at `fraction` of the laid-out block whose text starts with `text`.
    private func y(ofFraction fraction: Double, ofBlockStarting text: String, in layout: DocumentLayout) -> Double? {
        for (index, section) in layout.shapedSections {
            for item in section.blocks where item.block.text.hasPrefix(text) {
                return layout.top(ofSection: index) + item.top + fraction * item.height
            }
        }
        return nil
    }

    func testASettledTextZoomBecomesTheTextSizeWithTheLineUnderThePointerKept() throws {
        let layout = textLayout()
        let harness = ViewerHarness(layout: layout)
        harness.drag(from: LogicalPoint(x: 400, y: 550), to: LogicalPoint(x: 400, y: 50))
        harness.runUntilIdle()
        let focus = LogicalPoint(x: 300, y: 300)
        let offset = harness.viewer.scene[harness.viewer.documentPane.view].contentOffset.y
        let under = try XCTUnwrap(block(at: offset + focus.y, in: layout))
        controlWheel(harness, notches: 3, at: focus)
        harness.runUntilIdle()
        let after = harness.viewer.scene[harness.viewer.documentPane.view]
        XCTAssertEqual(after.zoomScale, 1, "the zoom became the text size")
        XCTAssertEqual(layout.textScale, 1.2 * 1.2 * 1.2, accuracy: 1e-9)
        let kept = try XCTUnwrap(y(ofFraction: under.fraction, ofBlockStarting: under.text, in: layout))
        XCTAssertEqual(kept - after.contentOffset.y, focus.y, accuracy: 1, "the text under the pointer is still under it")
        XCTAssertEqual(layout.contentSize.width, 800, "re-wrapped to the window: nothing to pan sideways")
    }

    func testControlZeroReturnsToTheDefaultSizeAndKeepsTheReadingPosition() {
        let layout = textLayout()
        let harness = ViewerHarness(layout: layout)
        controlWheel(harness, notches: 4, at: LogicalPoint(x: 400, y: 300))
        harness.runUntilIdle()
        harness.drag(from: LogicalPoint(x: 400, y: 550), to: LogicalPoint(x: 400, y: 50))
        harness.runUntilIdle()
        let anchor = layout.readingAnchor
        XCTAssertGreaterThan(layout.textScale, 1.5)
        harness.send(.key("0", modifiers: .control))
        harness.runUntilIdle()
        XCTAssertEqual(layout.textScale, 1)
        XCTAssertEqual(layout.readingAnchor.section, anchor.section)
        XCTAssertEqual(layout.readingAnchor.block, anchor.block, "the same paragraph at the top")
    }

    func testTheTextSizeIsRememberedWithTheReadingPosition() {
        let layout = textLayout()
        let harness = ViewerHarness(layout: layout)
        controlWheel(harness, notches: 2, at: LogicalPoint(x: 400, y: 300))
        harness.runUntilIdle()
        let position = harness.viewer.readingPosition
        XCTAssertEqual(position.zoomScale, 1.44, accuracy: 1e-9, "the text size is what is remembered")
        let reopened = textLayout()
        _ = ViewerHarness(layout: reopened, position: position)
        XCTAssertEqual(reopened.textScale, 1.44, accuracy: 1e-9)
    }

    func testImagesZoomOneAtATimeUpToTwiceTheirPixelsAndATurnResetsIt() throws {
        let (harness, layout) = try pagedPhotoHarness(count: 4)
        controlWheel(harness, notches: 20, at: LogicalPoint(x: 400, y: 300))
        harness.runUntilIdle()
        var view = harness.viewer.scene[harness.viewer.documentPane.view]
        XCTAssertEqual(view.zoomScale, 2 / min(800.0 / 1600, (600 - 44) / 1200.0), accuracy: 1e-6,
                       "up to twice the image's pixels")
        XCTAssertEqual(view.frame.pageControl.numberOfPages, 4)
        XCTAssertFalse(view.frame.horizontalIndicator.isEnabled, "never beside the page control")
        harness.send(.key("Right", modifiers: []))
        harness.runUntilIdle()
        view = harness.viewer.scene[harness.viewer.documentPane.view]
        XCTAssertEqual(view.frame.pageControl.currentPage, 1)
        XCTAssertEqual(view.zoomScale, 1, "the image left is not left zoomed")
        XCTAssertEqual(layout.pageBottomInsetPixels, OverlayStyle().pageControlReservedHeightPixels,
                       "the images keep the page control's band clear")
    }

    func testEscapeClosesOnlyFullScreenAndQWAndControlQQuit() {
        let harness = ViewerHarness(layout: longLayout())
        harness.send(.key("Escape", modifiers: []))
        XCTAssertEqual(harness.viewer.takeRequests(), [], "nothing transient: nothing happens")
        harness.viewer.isFullscreen = true
        harness.send(.key("Escape", modifiers: []))
        XCTAssertEqual(harness.viewer.takeRequests(), [.setFullscreen(false)])
        for (key, modifiers) in [("q", InputModifiers()), ("q", .control), ("w", .control)] {
            harness.send(.key(key, modifiers: modifiers))
            XCTAssertEqual(harness.viewer.takeRequests(), [.quit], "\(key)")
        }
    }

    func testAKeyWithNoTimeAnimatesFromTheNextFrame() {
        let harness = ViewerHarness(layout: longLayout())
        harness.runUntilIdle()
        harness.viewer.handle(ViewerInput(.key("Next", modifiers: []), timeMilliseconds: 0))
        let frames = harness.runUntilIdle()
        let ys = frames.map(\.traced.contentOffset.y)
        XCTAssertGreaterThan(ys.filter { $0 > 0 && $0 < ys.last! }.count, 3, "animated: \(ys.prefix(5))")
        XCTAssertEqual(ys.last, 560)
    }

    func testTheOutlineAnswersHoverClicksAndKeysAsAList() throws {
        var options = ViewerOptions()
        options.isPaged = true
        options.isSplit = true
        let pages = pagedLayout(chapters: 8)
        let harness = ViewerHarness(layout: pages, options: options)
        harness.runUntilIdle()
        let outline = try XCTUnwrap(harness.viewer.outline)
        // Rows of 48 px from 8 px down: row 4 is at y 200…248 (the outline is 210 px tall).
        harness.send(.pointerMotion(LogicalPoint(x: 300, y: 8 + 48 * 3 + 20)))
        XCTAssertEqual(outline.hoveredHeading, 3)
        harness.send(.pointerButton(0x110, isPressed: true))
        harness.send(.pointerButton(0x110, isPressed: false))
        harness.runUntilIdle()
        let document = { harness.viewer.scene[harness.viewer.documentPane.view].frame.pageControl.currentPage }
        XCTAssertEqual(document(), outline.page(ofHeading: 3), "a click opens the row's heading")
        // The pointer rests on the outline, so keys go to it: Down, then Return.
        harness.send(.key("Down", modifiers: []))
        XCTAssertEqual(outline.focusedHeading, 4)
        harness.send(.key("Return", modifiers: []))
        harness.runUntilIdle()
        XCTAssertEqual(document(), outline.page(ofHeading: 4))
        harness.send(.pointerLeave)
        XCTAssertNil(outline.hoveredHeading)
        // Over the pages, the keys turn pages again.
        harness.send(.pointerMotion(LogicalPoint(x: 300, y: 400)))
        harness.send(.key("Right", modifiers: []))
        harness.runUntilIdle()
        XCTAssertEqual(document(), outline.page(ofHeading: 4) + 1)
    }

    func testWithSeveralFilesTheShownFilesNameIsKnown() {
        let documents = ["one.md", "two.md", "three.md"].map { TextDocument(text: "# \($0)\n\nShort.", isMarkdown: true, title: $0) }
        var options = ViewerOptions()
        options.isPaged = true
        let harness = ViewerHarness(layout: DocumentCollectionLayout(documents: documents), options: options)
        XCTAssertEqual(harness.viewer.shownFileName, "one.md")
        harness.send(.key("Next", modifiers: []))
        harness.send(.key("Next", modifiers: []))
        harness.runUntilIdle()
        XCTAssertEqual(harness.viewer.shownFileName, "three.md")
        XCTAssertNil(ViewerHarness(layout: longLayout()).viewer.shownFileName, "one file: its own title stays")
    }
}
