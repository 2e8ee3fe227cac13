import CCairo
import DocumentKit
import Foundation
import Render
import ScrollEngine
import TextKind
import XCTest

/// Find highlights, the selection with its handles, the find field and the help card.
final class ReadingOverlayTests: XCTestCase {
    private let text = """
        # Reading tools

        Every reader finds words. This paragraph holds the word needle twice: needle.

        Another paragraph, with a Needle in capitals.
        """

    private func render(_ layout: DocumentLayout, _ reading: ReadingOverlay, width: Int = 800, height: Int = 500,
                        name: String) -> OffscreenFrame {
        let frame = OffscreenFrame(width: width, height: height)
        var view = scrollView(for: layout, width: Double(width), height: Double(height))
        // As the app does: a short document counts as the window's height, so it rests at the top.
        view.setContentSize(LogicalSize(width: Double(width), height: max(layout.contentSize.height, Double(height))),
                            timeMilliseconds: 0)
        _ = FrameRenderer().render(layout, frame: view.frame, into: frame.buffer, showing: nil, reading: reading)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(name).png").path
        cairo_surface_write_to_png(frame.surface, path)
        return frame
    }

    /// Pixels close to `color` (0xRRGGBB) within `tolerance` per channel.
    private func count(_ color: UInt32, in frame: OffscreenFrame, tolerance: Int = 40) -> Int {
        func channel(_ value: UInt32, _ index: UInt32) -> Int { Int((value >> (index * 8)) & 0xff) }
        return frame.pixels().filter { (pixel: UInt32) -> Bool in
            (0..<3).allSatisfy { (index: UInt32) -> Bool in abs(channel(pixel, index) - channel(color, index)) <= tolerance }
        }.count
    }

    func testMatchesAreHighlightedAndTheCurrentOneStandsOut() throws {
        let layout = DocumentLayout(document: TextDocument(text: text, isMarkdown: true, title: "t"))
        _ = renderOnce(layout, width: 800, height: 500)
        let needles = [TextRange(TextPosition(section: 0, block: 1, utf8Offset: 56), TextPosition(section: 0, block: 1, utf8Offset: 62)),
                       TextRange(TextPosition(section: 0, block: 1, utf8Offset: 70), TextPosition(section: 0, block: 1, utf8Offset: 76))]
        XCTAssertEqual(needles.map { layout.document.text(in: $0) }, ["needle", "needle"])
        var reading = ReadingOverlay()
        reading.matchRects = needles.flatMap { layout.rects(of: $0, within: 0...500) }
        reading.currentMatchRects = layout.rects(of: needles[0], within: 0...500)
        reading.findField = .init(query: "needle", status: "1 of 3")
        let plain = render(layout, ReadingOverlay(), name: "no-highlights")
        let lit = render(layout, reading, name: "find-highlights")
        // The yellow of other matches over the page, and the orange of the current one.
        XCTAssertEqual(count(0xFBE14A, in: plain, tolerance: 20), 0)
        XCTAssertGreaterThan(count(0xFBE14A, in: lit, tolerance: 20), 300, "a yellow highlight")
        XCTAssertGreaterThan(count(0xFB9625, in: lit, tolerance: 20), 300, "an orange current match")
        // The text under a highlight stays dark: a highlighter, not a veil.
        let current = reading.currentMatchRects[0]
        XCTAssertGreaterThan(lit.inkCount(rows: Int(current.y)..<Int(current.maxY), columns: Int(current.x)..<Int(current.maxX)),
                             30, "the matched word's ink")
        let field = ReadingOverlayGeometry.findFieldRect(windowWidth: 800)
        let fieldInk = lit.inkCount(rows: Int(field.y)..<Int(field.maxY), columns: Int(field.x)..<Int(field.maxX))
        XCTAssertGreaterThan(Double(fieldInk), field.width * field.height * 0.5, "the find field's dark card")
    }

    func testASelectionIsTintedAndHasTwoHandles() throws {
        let layout = DocumentLayout(document: TextDocument(text: text, isMarkdown: true, title: "t"))
        _ = renderOnce(layout, width: 800, height: 500)
        let range = TextRange(TextPosition(section: 0, block: 1, utf8Offset: 6), TextPosition(section: 0, block: 2, utf8Offset: 7))
        var reading = ReadingOverlay()
        reading.selectionRects = layout.rects(of: range, within: 0...500)
        let start = try XCTUnwrap(layout.caretRect(at: range.start))
        let end = try XCTUnwrap(layout.caretRect(at: range.end))
        reading.selectionHandles = (start, end)
        let frame = render(layout, reading, name: "touch-selection")
        XCTAssertGreaterThan(count(0xB0CDF7, in: frame, tolerance: 20), 1000, "the blue selection tint")
        for (caret, isStart) in [(start, true), (end, false)] {
            let knob = ReadingOverlayGeometry.handleKnob(caret: caret, isStart: isStart)
            let pixel = frame.pixel(x: Int(knob.x), y: Int(knob.y))
            XCTAssertEqual(pixel & 0xffffff, 0x3584E4, "a solid accent knob at the \(isStart ? "start" : "end")")
        }
    }

    func testTheHelpCardShowsTheHowToMoveText() {
        let layout = DocumentLayout(document: TextDocument(text: text, isMarkdown: true, title: "t"))
        _ = renderOnce(layout, width: 800, height: 700)
        var reading = ReadingOverlay()
        reading.isHelpShown = true
        let frame = render(layout, reading, width: 800, height: 700, name: "help")
        let card = frame.pixels(rows: 100..<600, columns: 60..<740)
        XCTAssertGreaterThan(card.filter { ($0 >> 8) & 0xff < 60 }.count, card.count / 2, "a dark card")
        XCTAssertGreaterThan(card.filter { ($0 >> 8) & 0xff > 200 }.count, 5000, "light text on it")
    }

    /// The card must say what the README says: every item, word for word.
    func testTheHelpTextIsTheReadmesHowToMove() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try XCTUnwrap(text.components(separatedBy: "How to move:\n").dropFirst().first?
            .components(separatedBy: "\n\n").first)
        let items = section.components(separatedBy: "\n- ").map {
            $0.replacingOccurrences(of: "- ", with: "", options: .anchored)
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let help = HelpText.items.map { "**\($0.topic)**: \($0.text)" }
        for item in help { XCTAssertTrue(items.contains(item), "README's How to move lacks: \(item)") }
    }

    func testTheFindStatusCountsAsTheSearchGoes() {
        typealias Field = ReadingOverlay.FindField
        XCTAssertEqual(Field.status(currentIndex: 2, count: 27, isComplete: true, isCapped: false, hasQuery: true), "3 of 27")
        XCTAssertEqual(Field.status(currentIndex: 0, count: 4, isComplete: false, isCapped: false, hasQuery: true), "1 of 4…")
        XCTAssertEqual(Field.status(currentIndex: nil, count: 0, isComplete: true, isCapped: false, hasQuery: true), "No matches")
        XCTAssertEqual(Field.status(currentIndex: nil, count: 0, isComplete: false, isCapped: false, hasQuery: false), "")
    }
}
