import DocumentKit
import Foundation
import PDFFixtures
import PDFKind
import ScrollEngine
import TextKind
@testable import Viewer
import XCTest

/// The history of places: a followed link within the document (a heading, a note), a link to
/// another document, a PDF's link and an outline row record where the reader was; Alt+Left,
/// the mouse's back button and a swipe from the left edge go back, gliding within the document,
/// and Alt+Right, the forward button and a swipe from the right edge forward again.
final class NavigationHistoryTests: XCTestCase {
    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-history-\(UUID())")
    private static let back: UInt32 = 0x113, forward: UInt32 = 0x114

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// `main.md`: a link to its note at the top, links to `other.md` in paragraphs 10 to 30,
    /// the note after paragraph 120 and a heading at its end. `other.md`: a link to its own
    /// note at the top, the note after paragraph 120.
    private func harness() throws -> ViewerHarness {
        var main = "[Go to the note](#the-note) now.\n\n"
        for number in 1...150 {
            main += "Paragraph \(number) of the first document" + ((10...30).contains(number) ? ", see [other](other.md)" : "") + ".\n\n"
            if number == 120 { main += "## The note\n\nThe note of the first document.\n\n" }
        }
        main += "## The end\n\nLast words.\n"
        var other = "[Jump to the other note](#other-note) here.\n\n"
        for number in 1...150 {
            other += "Paragraph \(number) of the other document.\n\n"
            if number == 120 { other += "## Other note\n\nThe note of the other document.\n\n" }
        }
        let path = directory.appendingPathComponent("main.md").path
        try main.write(toFile: path, atomically: true, encoding: .utf8)
        try other.write(to: directory.appendingPathComponent("other.md"), atomically: true, encoding: .utf8)
        let document = try TextDocument(contentsOfFile: path)
        let harness = ViewerHarness(layout: document.makeLayout(palette: .light))
        harness.viewer.navigation.documentPath = path
        harness.runUntilIdle()
        return harness
    }

    private func offset(_ harness: ViewerHarness) -> Double { harness.frames.last!.traced.contentOffset.y }

    private func shownName(_ harness: ViewerHarness) -> String? {
        harness.viewer.navigation.documentPath.map { URL(fileURLWithPath: $0).lastPathComponent }
    }

    private func layout(_ harness: ViewerHarness) throws -> DocumentLayout {
        try XCTUnwrap(harness.viewer.documentPane.layout as? DocumentLayout)
    }

    /// Taps the first link to `destination` drawn in the window, and waits until the view rests
    /// (the document it opens shown, the heading it leads to reached).
    private func tapLink(to destination: String, in harness: ViewerHarness) throws {
        let top = offset(harness)
        let link = try XCTUnwrap(try layout(harness).links(within: top...(top + 600)).first { $0.destination == destination },
                                 "a link to \(destination) in the window")
        let rect = try XCTUnwrap(link.rects.first { $0.y >= top && $0.maxY <= top + 600 })
        let shown = harness.viewer.document
        harness.tap(rect.x + rect.width / 2, rect.y + rect.height / 2 - top)
        harness.deliverBackgroundWork {
            (harness.viewer.document !== shown || offset(harness) != top) && !harness.frames.last!.isAnimating
        }
        harness.runUntilIdle()
    }

    /// Sends a key or a mouse button and draws until the view rests; returns the offsets
    /// drawn on the way.
    @discardableResult
    private func move(_ harness: ViewerHarness, _ events: SceneInput...) -> [Double] {
        for event in events { harness.send(event) }
        return harness.runUntilIdle().map(\.traced.contentOffset.y)
    }

    /// Presses and releases a mouse button.
    @discardableResult
    private func click(_ button: UInt32, in harness: ViewerHarness) -> [Double] {
        move(harness, .pointerButton(button, isPressed: true), .pointerButton(button, isPressed: false))
    }

    /// Whether the offsets went from `start` to `end` through at least four others: a glide,
    /// not a jump.
    private func glides(_ offsets: [Double], from start: Double, to end: Double) -> Bool {
        Set(offsets.filter { min(start, end) + 1 < $0 && $0 < max(start, end) - 1 }).count >= 4
    }

    func testAltLeftGlidesBackFromANoteAndAltRightGlidesToItAgain() throws {
        let harness = try harness()
        XCTAssertEqual(offset(harness), 0)
        try tapLink(to: "#the-note", in: harness)
        let note = offset(harness)
        XCTAssertGreaterThan(note, 3000, "the tap followed the link to the note")
        // Drawn at once (no frame callback pending), the frame asks for the callback whose
        // time starts the glide.
        harness.viewer.handle(ViewerInput(.key("Left", modifiers: .alt), timeMilliseconds: harness.time))
        let immediate = harness.viewer.frame(at: .immediate, into: harness.buffer, bufferID: ObjectIdentifier(self))
        XCTAssertTrue(immediate.isAnimating, "a frame callback is asked for")
        let back = harness.runUntilIdle().map(\.traced.contentOffset.y)
        XCTAssertEqual(offset(harness), 0, "back at the top, where the reader was")
        XCTAssertTrue(glides(back, from: note, to: 0), "gliding back: \(back.count) frames")
        let forward = move(harness, .key("Right", modifiers: .alt))
        XCTAssertEqual(offset(harness), note, accuracy: 1, "forward at the note again")
        XCTAssertTrue(glides(forward, from: 0, to: note), "gliding forward: \(forward.count) frames")
        move(harness, .key("Right", modifiers: .alt))
        XCTAssertEqual(offset(harness), note, accuracy: 1, "nothing further forward")
        // The mouse's thumb buttons do the same.
        click(NavigationHistoryTests.back, in: harness)
        XCTAssertEqual(offset(harness), 0, "the back button")
        click(NavigationHistoryTests.forward, in: harness)
        XCTAssertEqual(offset(harness), note, accuracy: 1, "the forward button")
    }

    /// Back and forward retrace a link to another document and a note in it, in order; a new
    /// jump forgets the way forward.
    func testTheHistoryRetracesADocumentChangeAndANoteInItInOrder() throws {
        let harness = try harness()
        move(harness, .key("Next", modifiers: []))
        let before = offset(harness)
        XCTAssertGreaterThan(before, 300, "Page Down moved the reader into the links to other.md")
        try tapLink(to: "other.md", in: harness)
        XCTAssertEqual(shownName(harness), "other.md")
        XCTAssertEqual(offset(harness), 0)
        try tapLink(to: "#other-note", in: harness)
        let note = offset(harness)
        XCTAssertGreaterThan(note, 3000, "the tap followed the link to other.md's note")
        XCTAssertEqual(harness.viewer.navigation.historyDepth.back, 2)

        let back = click(NavigationHistoryTests.back, in: harness)
        XCTAssertEqual(shownName(harness), "other.md", "first back within other.md")
        XCTAssertEqual(offset(harness), 0)
        XCTAssertTrue(glides(back, from: note, to: 0), "gliding")
        move(harness, .key("Left", modifiers: .alt))
        XCTAssertEqual(shownName(harness), "main.md", "then back to the first document")
        XCTAssertEqual(offset(harness), before, accuracy: 0.5, "where the reader left it")
        move(harness, .key("Left", modifiers: .alt))
        XCTAssertEqual(shownName(harness), "main.md", "nothing further back")
        XCTAssertEqual(offset(harness), before, accuracy: 0.5)

        move(harness, .key("Right", modifiers: .alt))
        XCTAssertEqual(shownName(harness), "other.md", "forward: the other document, at its top")
        XCTAssertEqual(offset(harness), 0)
        click(NavigationHistoryTests.forward, in: harness)
        XCTAssertEqual(offset(harness), note, accuracy: 1, "forward: its note")
        XCTAssertEqual(harness.viewer.navigation.historyDepth.forward, 0)

        // Back to the first document, then a new jump there: the way forward is forgotten.
        move(harness, .key("Left", modifiers: .alt))
        move(harness, .key("Left", modifiers: .alt))
        XCTAssertEqual(shownName(harness), "main.md")
        XCTAssertEqual(harness.viewer.navigation.historyDepth.forward, 2)
        XCTAssertTrue(harness.viewer.followLink(to: "#the-end"), "a screen reader's jump, as a tap")
        harness.deliverBackgroundWork { offset(harness) > 4000 && !harness.frames.last!.isAnimating }
        harness.runUntilIdle()
        let end = offset(harness)
        XCTAssertGreaterThan(end, 4000)
        XCTAssertEqual(harness.viewer.navigation.historyDepth.forward, 0, "the new jump forgot the way forward")
        move(harness, .key("Right", modifiers: .alt))
        XCTAssertEqual(shownName(harness), "main.md")
        XCTAssertEqual(offset(harness), end, accuracy: 1, "nothing forward")
        move(harness, .key("Left", modifiers: .alt))
        XCTAssertEqual(offset(harness), before, accuracy: 0.5, "and back to where the jump left")
    }

    /// A place is a block, not an offset: after the text was set larger the reader comes back
    /// to the same paragraph, which has moved.
    func testGoingBackAfterATextZoomReturnsToTheSameParagraph() throws {
        let harness = try harness()
        move(harness, .key("Next", modifiers: []))
        move(harness, .key("Next", modifiers: []))
        let before = offset(harness), layout = try layout(harness)
        let anchor = layout.readingAnchor
        XCTAssertTrue(harness.viewer.followLink(to: "#the-note"))
        harness.deliverBackgroundWork { offset(harness) > 3000 && !harness.frames.last!.isAnimating }
        harness.runUntilIdle()
        move(harness, .key("plus", modifiers: .control))
        let glide = move(harness, .key("Left", modifiers: .alt))
        XCTAssertTrue(glides(glide, from: glide.first ?? 0, to: offset(harness)), "gliding back over re-wrapped text")
        XCTAssertGreaterThan(abs(offset(harness) - before), 50, "the larger text moved the paragraph")
        XCTAssertEqual(layout.readingAnchor.section, anchor.section)
        XCTAssertEqual(layout.readingAnchor.block, anchor.block, "the paragraph the reader was at is at the top")
    }

    /// A swipe in from the right edge goes forward, as one from the left edge goes back.
    func testEdgeSwipesGoBackAndForward() throws {
        let harness = try harness()
        try tapLink(to: "#the-note", in: harness)
        let note = offset(harness)
        harness.drag(from: LogicalPoint(x: 4, y: 300), to: LogicalPoint(x: 200, y: 300))
        harness.runUntilIdle()
        XCTAssertEqual(offset(harness), 0, "the swipe from the left edge went back")
        harness.drag(from: LogicalPoint(x: 600, y: 300), to: LogicalPoint(x: 400, y: 300))
        harness.runUntilIdle()
        XCTAssertEqual(offset(harness), 0, "a swipe mid-window is no forward")
        harness.drag(from: LogicalPoint(x: 796, y: 300), to: LogicalPoint(x: 600, y: 300))
        harness.runUntilIdle()
        XCTAssertEqual(offset(harness), note, accuracy: 1, "the swipe from the right edge went forward")
    }

    /// A PDF's link and a row of the outline are jumps too.
    func testAPDFLinkAndAnOutlineRowAreJumpsBackGoesBackFrom() throws {
        let path = PDFFixture(pageCount: 35).write()
        defer { unlink(path) }
        let pdf = PDFLayout(file: try PDFFile(path: path), paged: false)
        let harness = ViewerHarness(layout: pdf)
        harness.deliverBackgroundWork { pdf.isSharp }
        let page = pdf.pageRect(0), factor = page.width / 612
        let entry = PDFFixture(pageCount: 35).tableOfContentsEntry(2)
        harness.tap(page.x + (entry.x + 30) * factor, page.y + (entry.y - 4) * factor)
        harness.runUntilIdle()
        let target = offset(harness)
        XCTAssertEqual(target, pdf.offset(of: PDFDestination(page: 20, topPoints: 0)).y, accuracy: 1)
        let back = move(harness, .key("Left", modifiers: .alt))
        XCTAssertEqual(offset(harness), 0)
        XCTAssertTrue(glides(back, from: target, to: 0))

        var options = ViewerOptions()
        options.isPaged = true
        options.isSplit = true
        let paged = PDFLayout(file: try PDFFile(path: path), paged: true)
        let split = ViewerHarness(layout: paged, options: options)
        let list = try XCTUnwrap(split.viewer.outline)
        split.deliverBackgroundWork { list.entries.count == 4 }
        split.tap(200, 8 + 48 * 3 + 24)
        split.runUntilIdle()
        XCTAssertEqual(split.frames.last!.traced.pageControl.currentPage, 30, "the row turned to its chapter")
        split.send(.pointerMotion(LogicalPoint(x: 400, y: 400)))
        click(NavigationHistoryTests.back, in: split)
        XCTAssertEqual(split.frames.last!.traced.pageControl.currentPage, 0, "the back button turned back to the first page")
    }

    /// The history keeps 100 places, the newest: the oldest go first, and going back and
    /// forward moves places between the two ways without adding any.
    func testTheHistoryKeepsTheNewestHundredPlaces() {
        let layout = longLayout()
        func place(_ section: Int) -> HistoryPlace {
            HistoryPlace(layout: layout, path: nil, title: nil, anchor: ReadingAnchor(section: section, block: 0, fraction: 0),
                         x: 0, yRemainder: 0)
        }
        var history = NavigationHistory()
        for section in 0..<150 { history.push(place(section)) }
        history.push(place(149))
        XCTAssertEqual(history.back.count, 100, "a jump from the same place again adds nothing")
        XCTAssertEqual(history.back.first?.anchor.section, 50, "the oldest 50 went")
        var current = place(150)
        var visited: [Int] = []
        while let previous = history.goBack(from: current) {
            visited.append(previous.anchor.section)
            current = previous
        }
        XCTAssertEqual(visited, Array((50..<150).reversed()))
        XCTAssertEqual(history.forward.count, 100)
        XCTAssertEqual(history.goForward(from: current)?.anchor.section, 51)
        history.push(place(7))
        XCTAssertEqual(history.forward.count, 0, "a new jump forgets the way forward")
        XCTAssertEqual(history.back.map(\.anchor.section), [50, 7])
    }
}
