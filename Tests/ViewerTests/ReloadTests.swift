import DocumentKit
import Foundation
import Render
import ScrollEngine
import TextKind
import Viewer
import XCTest

/// A file read again while shown: the viewer keeps the reading position, follows a grown end,
/// and shows a notice when the file is gone.
final class ReloadTests: XCTestCase {
    private func logFile(lines: Range<Int>) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString).log").path
        try Data(text(lines).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func text(_ lines: Range<Int>) -> String {
        lines.map { "line \($0): the service did something worth writing down\n" }.joined()
    }

    /// Dark pixels in the band above the window's bottom edge, where a notice sits.
    private func noticeInk(_ harness: ViewerHarness) -> Int {
        var count = 0
        for y in (harness.height - 90)..<(harness.height - 20) {
            for x in 100..<(harness.width - 100) {
                let pixel = harness.pixels.load(fromByteOffset: y * harness.width * 4 + x * 4, as: UInt32.self)
                if (pixel >> 8) & 0xff < 100 { count += 1 }
            }
        }
        return count
    }

    func testANoticeIsDrawnOverTheBottomAndGoesAway() throws {
        let path = try logFile(lines: 0..<10)
        let harness = ViewerHarness(layout: try TextDocument(contentsOfFile: path).makeLayout(palette: .light))
        XCTAssertEqual(noticeInk(harness), 0)
        harness.viewer.navigation.setNotice("cannot open '\(path)': No such file or directory; showing it as it was")
        XCTAssertTrue(harness.viewer.needsFrame)
        harness.drawFrame()
        XCTAssertGreaterThan(noticeInk(harness), 500)
        harness.viewer.navigation.setNotice(nil)
        harness.drawFrame()
        XCTAssertEqual(noticeInk(harness), 0)
    }

    func testAGrownDocumentShownAtItsEndFollowsItsEnd() throws {
        let path = try logFile(lines: 0..<400)
        let document = try TextDocument(contentsOfFile: path)
        let harness = ViewerHarness(layout: document.makeLayout(palette: .light))
        // Twice: the first End aims at an end whose height is still estimated.
        for _ in 0..<2 {
            harness.send(.key("End", modifiers: []))
            harness.runUntilIdle()
        }
        let view = harness.viewer.documentPane.view
        let end = harness.viewer.scene[view].contentOffset.y
        XCTAssertEqual(end, harness.viewer.scene[view].offsetBounds(.vertical).upperBound, accuracy: 0.5)
        try Data(text(0..<600).utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertTrue(harness.viewer.navigation.reload(try document.reloaded()))
        harness.runUntilIdle()
        let offset = harness.viewer.scene[view].contentOffset.y
        XCTAssertGreaterThan(offset, end + 2_000, "moved down with the new lines")
        XCTAssertEqual(offset, harness.viewer.scene[view].offsetBounds(.vertical).upperBound, accuracy: 0.5, "at the end")
    }

    /// Issue 28, item 4: logrotate's `copytruncate` empties a followed log in place, End is
    /// pressed on the empty page, and the log grows again: it is followed to its new end.
    func testALogEmptiedInPlaceAndGrownAgainIsFollowedToItsNewEnd() throws {
        let path = try logFile(lines: 0..<4_000)
        let document = try TextDocument(contentsOfFile: path)
        let harness = ViewerHarness(layout: document.makeLayout(palette: .light))
        for _ in 0..<2 {
            harness.send(.key("End", modifiers: []))
            harness.runUntilIdle()
        }
        try Data().write(to: URL(fileURLWithPath: path))
        XCTAssertTrue(harness.viewer.navigation.reload(try document.reloaded()))
        harness.runUntilIdle()
        harness.send(.key("End", modifiers: []))
        harness.runUntilIdle()
        try Data(text(0..<500).utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertTrue(harness.viewer.navigation.reload(try document.reloaded()))
        harness.runUntilIdle()
        let view = harness.viewer.scene[harness.viewer.documentPane.view]
        XCTAssertEqual(view.contentOffset.y, view.offsetBounds(.vertical).upperBound, accuracy: 0.5,
                       "at the new end (\(view.contentOffset.y) of \(view.offsetBounds(.vertical)))")
        XCTAssertGreaterThan(view.offsetBounds(.vertical).upperBound, 5_000)
    }

    func testAShortDocumentThatGrowsKeepsItsTop() throws {
        let path = try logFile(lines: 0..<5)
        let document = try TextDocument(contentsOfFile: path)
        let harness = ViewerHarness(layout: document.makeLayout(palette: .light))
        let view = harness.viewer.documentPane.view
        let top = harness.viewer.scene[view].contentOffset.y
        try Data(text(0..<500).utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertTrue(harness.viewer.navigation.reload(try document.reloaded()))
        harness.runUntilIdle()
        XCTAssertEqual(harness.viewer.scene[view].contentOffset.y, top, accuracy: 0.5,
                       "a document that was never followed at its end is not")
    }

    func testAReloadAtRestKeepsTheOffsetAndThePixels() throws {
        let path = try logFile(lines: 0..<600)
        let document = try TextDocument(contentsOfFile: path)
        let harness = ViewerHarness(layout: document.makeLayout(palette: .light))
        harness.send(.key("Page_Down", modifiers: []))
        harness.runUntilIdle()
        let view = harness.viewer.documentPane.view
        let before = harness.viewer.scene[view].contentOffset.y
        let pixels = Array(UnsafeRawBufferPointer(start: harness.pixels, count: harness.width * harness.height * 4))
        try Data(text(0..<700).utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertTrue(harness.viewer.navigation.reload(try document.reloaded()))
        harness.runUntilIdle()
        XCTAssertEqual(harness.viewer.scene[view].contentOffset.y, before, accuracy: 0.5)
        let after = Array(UnsafeRawBufferPointer(start: harness.pixels, count: harness.width * harness.height * 4))
        XCTAssertTrue(after == pixels, "the same text where it was")
    }
}
