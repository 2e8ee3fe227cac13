@testable import DocumentKit
@testable import TextKind
import XCTest

/// Laying out only what is near the viewport, and keeping the reading position still.
final class LazyLayoutTests: XCTestCase {
    /// Markdown of about `megabytes` MB: headings, paragraphs of varied length, lists.
    private func largeDocument(megabytes: Double) -> TextDocument {
        var text = ""
        var paragraph = 0
        while Double(text.utf8.count) < megabytes * 1_000_000 {
            text += "## Section \(paragraph)\n\n"
            for sentence in 0..<(3 + paragraph % 5) {
                text += "Sentence \(sentence) of paragraph \(paragraph) says *something* about scrolling. "
            }
            text += "\n\n- an item\n- another item\n\n"
            paragraph += 1
        }
        // Over the whole-parse limit, so sections are parsed on demand like a real big file.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString).md").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return try! TextDocument(contentsOfFile: path)
    }

    private func window(_ layout: DocumentLayout, top: Double, height: Double = 800) -> Double {
        layout.prepare(ContentRect(x: 0, y: top, width: layout.viewportWidth, height: height), margin: height / 2).y
    }

    /// The content y of the first line of a block, to see whether it moved.
    private func position(of text: String, in layout: DocumentLayout) -> Double? {
        layout.position(ofBlockStarting: text)
    }

    func testFirstPageOfALargeDocumentLaysOutOnlyAFewSections() {
        let document = largeDocument(megabytes: 6)
        let layout = DocumentLayout(document: document)
        layout.setViewportSize(width: 1280, height: 800)
        _ = window(layout, top: 0)
        XCTAssertGreaterThan(document.sectionCount, 500)
        XCTAssertLessThanOrEqual(layout.sectionsLaidOutCount, 3)
        XCTAssertGreaterThan(layout.contentSize.height, 100 * 800, "the rest is estimated, not zero")
    }

    func testJumpingToTheMiddleLaysOutOnlyTheSectionsThere() {
        let layout = DocumentLayout(document: largeDocument(megabytes: 6))
        layout.setViewportSize(width: 1280, height: 800)
        _ = window(layout, top: layout.contentSize.height / 2)
        XCTAssertLessThanOrEqual(layout.sectionsLaidOutCount, 4)
    }

    func testScrollingUpIntoEstimatesKeepsTheVisibleTextStill() {
        let layout = DocumentLayout(document: largeDocument(megabytes: 6))
        layout.setViewportSize(width: 1280, height: 800)
        var top = layout.contentSize.height / 2
        top += window(layout, top: top)
        let anchorText = layout.firstBlockText(below: top)!
        let before = position(of: anchorText, in: layout)!
        // Scroll up a screen at a time: sections above are laid out and their estimates
        // corrected; the text seen first must not move.
        var corrections = 0.0
        for _ in 0..<60 {
            top -= 800
            let correction = window(layout, top: top)
            top += correction
            corrections += correction
        }
        XCTAssertEqual(corrections, 0, "estimates above absorbed every correction")
        XCTAssertEqual(position(of: anchorText, in: layout)!, before, "the text did not jump")
        XCTAssertGreaterThanOrEqual(layout.sectionsLaidOutCount, 8, "60 screens span several sections")
    }

    func testReflowKeepsTheTopBlockAtTheTop() {
        let layout = DocumentLayout(document: largeDocument(megabytes: 6))
        layout.setViewportSize(width: 1280, height: 800)
        var top = layout.contentSize.height / 3
        top += window(layout, top: top)
        let anchorText = layout.firstBlockText(below: top)!
        top = position(of: anchorText, in: layout)!
        _ = window(layout, top: top)
        layout.setViewportSize(width: 500, height: 800)
        var offset = layout.anchorOffset.y
        offset += window(layout, top: offset)
        XCTAssertEqual(layout.firstBlockText(below: offset - 1), anchorText)
        XCTAssertEqual(position(of: anchorText, in: layout)!, offset, accuracy: 1)
    }

    func testPagesNeverCutALine() {
        let document = TextDocument(text: String(repeating: "A line of text that wraps in a narrow column. ", count: 400)
                                + "\n\n# Heading\n\n" + String(repeating: "More words here. ", count: 300), isMarkdown: true, title: "t")
        let layout = DocumentLayout(document: document)
        layout.isPaginated = true
        layout.setViewportSize(width: 400, height: 500)
        _ = window(layout, top: 0, height: 500)
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: 400, height: 500), margin: 1_000_000)
        let lines = layout.lineExtents()
        XCTAssertGreaterThan(lines.count, 100)
        XCTAssertGreaterThan(layout.pageCount, 5)
        XCTAssertEqual(layout.contentSize.height, Double(layout.pageCount) * 500, "whole pages")
        for line in lines {
            let page = (line.top / 500).rounded(.down)
            XCTAssertLessThanOrEqual(line.bottom, (page + 1) * 500 - layout.typography.pageMarginPixels + 0.5,
                                     "a line from \(line.top) to \(line.bottom) crosses a page's bottom margin")
            XCTAssertGreaterThanOrEqual(line.top, page * 500 + layout.typography.pageMarginPixels - 0.5)
        }
    }
}
