import CCairo
import DocumentKit
import Render
import ScrollEngine
import TextKind
import XCTest

/// Text drawn with pango into offscreen frames: scripts, literal markup, Markdown structure.
final class TextRenderingTests: XCTestCase {
    private let longParagraph = String(repeating: "Scrolling should feel like moving paper. ", count: 30)

    func testLatinAndCyrillicTextDrawGlyphs() {
        for text in [longParagraph, String(repeating: "Прокрутка должна ощущаться как бумага. ", count: 30)] {
            let layout = DocumentLayout(document: TextDocument(text: text, isMarkdown: false, title: "t"))
            let frame = renderOnce(layout, width: 800, height: 600)
            XCTAssertGreaterThan(frame.inkCount(), 2_000, "glyphs of \(text.prefix(10))")
            XCTAssertLessThan(frame.inkCount(), 800 * 600 / 4, "mostly page, not ink")
            XCTAssertEqual(frame.pixel(x: 0, y: 0) & 0xffffff, 0xFBFAF7, "the page colour fills the corner")
        }
    }

    func testMarkupCharactersAreDrawnNotObeyed() {
        let text = String(repeating: "<span foreground=\"red\">not red</span> ", count: 20)
        let layout = DocumentLayout(document: TextDocument(text: text, isMarkdown: false, title: "t"))
        let frame = renderOnce(layout, width: 800, height: 300)
        let reddish = frame.pixels().filter { Int(($0 >> 16) & 0xff) - Int(($0 >> 8) & 0xff) > 60 }
        XCTAssertEqual(reddish.count, 0)
        // "<span …>" set as text is wider than "not red" alone would be.
        let plain = renderOnce(DocumentLayout(document: TextDocument(text: String(repeating: "not red ", count: 20),
                                                                 isMarkdown: false, title: "t")), width: 800, height: 300)
        XCTAssertGreaterThan(frame.inkCount(), 3 * plain.inkCount())
    }

    func testAHeadingIsTallerThanBodyText() {
        let layout = DocumentLayout(document: TextDocument(text: "# Big\n\nsmall", isMarkdown: true, title: "t"))
        let frame = renderOnce(layout, width: 600, height: 300)
        func inkRows(containing range: Range<Int>) -> [Int] {
            range.filter { frame.inkCount(rows: $0..<($0 + 1)) > 0 }
        }
        let rows = inkRows(containing: 0..<300)
        // Two runs of inked rows: the heading's, then the paragraph's.
        let gap = rows.indices.dropLast().first { rows[$0 + 1] - rows[$0] > 4 }!
        let headingHeight = rows[gap] - rows[0], bodyHeight = rows.last! - rows[gap + 1]
        XCTAssertGreaterThan(Double(headingHeight), 1.5 * Double(bodyHeight))
    }

    func testLinksAreDrawnInTheLinkColour() {
        let layout = DocumentLayout(document: TextDocument(
            text: String(repeating: "[a link](https://example.org) ", count: 10), isMarkdown: true, title: "t"))
        let frame = renderOnce(layout, width: 600, height: 200)
        let bluish = frame.pixels().filter { Int($0 & 0xff) - Int(($0 >> 16) & 0xff) > 80 }
        XCTAssertGreaterThan(bluish.count, 200)
    }

    func testDoubleScaleDrawsTheSameLayoutWithMorePixels() {
        let layout = DocumentLayout(document: TextDocument(text: longParagraph, isMarkdown: false, title: "t"))
        let single = renderOnce(layout, width: 600, height: 400)
        let height = layout.contentSize.height
        let double = renderOnce(layout, width: 600, height: 400, scale: 2)
        XCTAssertEqual(layout.contentSize.height, height, "the layout does not depend on the scale")
        XCTAssertEqual(Double(double.inkCount()) / Double(single.inkCount()), 4, accuracy: 1.5)
    }
}
