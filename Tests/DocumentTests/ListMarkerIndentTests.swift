import CPangoCairo
@testable import DocumentKit
@testable import TextKind
import XCTest

/// A wrapped list item's lines line up with its text after the marker, not with the marker,
/// for drawing, selection and hit-testing alike; its text keeps the marker.
final class ListMarkerIndentTests: XCTestCase {
    private func laidOut(_ markdown: String, width: Double) -> DocumentLayout {
        let layout = DocumentLayout(document: TextDocument(text: markdown, isMarkdown: true, title: "t"))
        layout.setViewportSize(width: width, height: 800)
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: width, height: 800), margin: 400)
        return layout
    }

    private let long = "The quick brown fox jumps over the lazy dog while the other foxes watch it from the hill, "
        + "and then all of them go home to sleep until the morning comes again."

    /// The placed blocks whose text starts with `marker`.
    private func items(startingWith marker: String, in layout: DocumentLayout) -> [SectionLayout.PlacedBlock] {
        layout.shapedSections.flatMap { $0.layout.blocks }.filter { $0.block.text.hasPrefix(marker) }
    }

    /// Checks that `item` wraps, and that its second line starts, is selected and is hit at
    /// the x where the text after `marker` starts on its first line.
    private func assertHangs(_ item: SectionLayout.PlacedBlock, marker: String, file: StaticString = #filePath,
                             line: UInt = #line) {
        XCTAssertTrue(item.block.text.hasPrefix(marker), "the text keeps its marker", file: file, line: line)
        guard let text = item.textLayout, item.layout.lines.count >= 2,
              let second = pango_layout_get_line_readonly(text, 1) else {
            return XCTFail("the item wraps", file: file, line: line)
        }
        let markerBytes = marker.utf8.count
        guard let textStart = item.rects(of: markerBytes..<markerBytes + 1).first else {
            return XCTFail("the first character after the marker is drawn", file: file, line: line)
        }
        XCTAssertGreaterThan(textStart.x, item.left + 4, "the marker has a width", file: file, line: line)
        let secondStart = Int(second.pointee.start_index)
        let extent = item.extent(ofLine: 1)
        XCTAssertEqual(item.left + item.layout.inset + item.layout.lines[1].x, textStart.x, accuracy: 0.5,
                       "the second line is drawn under the text", file: file, line: line)
        let selected = item.rects(of: secondStart..<secondStart + 1)
        XCTAssertEqual(selected.first?.x ?? -1, textStart.x, accuracy: 0.5, "selection and find highlight follow it",
                       file: file, line: line)
        XCTAssertEqual(item.utf8Offset(nearX: textStart.x + 1, y: (extent.top + extent.bottom) / 2), secondStart,
                       "a tap at its start is on its first character", file: file, line: line)
        XCTAssertEqual(item.caretRect(at: secondStart + 1).x, selected.first.map { $0.x + $0.width } ?? -1,
                       accuracy: 0.5, "the caret after its first character", file: file, line: line)
    }

    func testABulletItemWrapsUnderItsText() {
        let layout = laidOut("- " + long + "\n", width: 480)
        let found = items(startingWith: "• ", in: layout)
        XCTAssertEqual(found.count, 1)
        found.forEach { assertHangs($0, marker: "• ") }
    }

    func testANumberedItemWrapsUnderItsText() {
        let layout = laidOut("12. " + long + "\n13. " + long + "\n", width: 480)
        let found = items(startingWith: "12. ", in: layout)
        XCTAssertEqual(found.count, 1)
        found.forEach { assertHangs($0, marker: "12. ") }
    }

    func testATaskItemWrapsUnderItsText() {
        let layout = laidOut("- [ ] " + long + "\n", width: 480)
        let found = items(startingWith: "☐ ", in: layout)
        XCTAssertEqual(found.count, 1)
        found.forEach { assertHangs($0, marker: "☐ ") }
    }

    func testNestedItemsWrapUnderTheirOwnText() {
        let layout = laidOut("- " + long + "\n  1. " + long + "\n     - " + long + "\n", width: 520)
        let bullets = items(startingWith: "• ", in: layout)
        let numbered = items(startingWith: "1. ", in: layout)
        XCTAssertEqual(bullets.count, 2)
        XCTAssertEqual(numbered.count, 1)
        bullets.forEach { assertHangs($0, marker: "• ") }
        numbered.forEach { assertHangs($0, marker: "1. ") }
        XCTAssertEqual(bullets.map(\.block.listDepth), [1, 3])
        XCTAssertLessThan(bullets[0].left, numbered[0].left, "a nested list is indented further")
        XCTAssertLessThan(numbered[0].left, bullets[1].left)
    }

    func testAParagraphThatIsNotAnItemKeepsItsLines() {
        let layout = laidOut("1\\. " + long + "\n", width: 480)
        guard let item = layout.shapedSections.first?.layout.blocks.first else { return XCTFail("laid out") }
        XCTAssertTrue(item.block.text.hasPrefix("1. "))
        XCTAssertGreaterThan(item.layout.lines.count, 1)
        XCTAssertEqual(item.layout.lines[1].x, 0, "outside a list a leading number is text")
    }
}
