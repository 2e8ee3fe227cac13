import DocumentKit
import Render
import TextKind
import XCTest

/// What tables, plain text and wide characters draw.
final class TableAndPlainTextRenderingTests: XCTestCase {
    /// Columns of the frame that hold ink, within `rows`.
    private func inkedColumns(_ frame: OffscreenFrame, rows: Range<Int>, width: Int) -> [Int] {
        (0..<width).filter { frame.inkCount(rows: rows, columns: $0..<($0 + 1)) > 0 }
    }

    func testAWideTableIsDrawnInsideTheWindowsMarginsWithItsGridAndText() {
        let columns = 60
        let header = "|" + (0..<columns).map { " h\($0) |" }.joined()
        let rule = "|" + String(repeating: "---|", count: columns)
        let body = (0..<30).map { row in "|" + (0..<columns).map { " \(row)x\($0) |" }.joined() }
        let text = ([header, rule] + body).joined(separator: "\n")
        let layout = DocumentLayout(document: TextDocument(text: text, isMarkdown: true, title: "t"))
        let frame = renderOnce(layout, width: 800, height: 600)
        // A table wider than the text column may take the window but its side margins.
        let left = Int(layout.typography.minimumSideMarginPixels), right = 800 - left
        let inked = inkedColumns(frame, rows: 0..<600, width: 800)
        XCTAssertGreaterThanOrEqual(inked.first ?? 0, left, "nothing in the left margin")
        XCTAssertLessThanOrEqual(inked.last ?? 800, right, "nothing in the right one: no sideways overflow")
        // The grid: many vertical rules across the top band, and text between them.
        let page: UInt32 = 0xFBFAF7
        let gridLines = (left..<right).filter { x in
            frame.pixels(rows: 100..<300, columns: x..<(x + 1)).filter { $0 & 0xffffff != page }.count > 190
        }
        XCTAssertGreaterThanOrEqual(gridLines.count, TableRow.maximumColumns, "a rule beside every column of the first band")
        XCTAssertGreaterThan(frame.inkCount(rows: 60..<300), 5_000, "cell text")
    }

    func testWrappedPlainTextLinesHaveAMarkInTheMargin() {
        let long = (0..<80).map { "token\($0)" }.joined(separator: " ")
        let wrapped = DocumentLayout(document: TextDocument(text: long + "\n", isMarkdown: false, title: "t"))
        let short = DocumentLayout(document: TextDocument(text: "short line\nanother\n", isMarkdown: false, title: "t"))
        let measure = min(wrapped.typography.maximumMeasurePixels, 800 - 2 * wrapped.typography.minimumSideMarginPixels)
        let columnLeft = Int(((800 - measure) / 2).rounded())
        let margin = (columnLeft - 20)..<(columnLeft - 2)
        XCTAssertGreaterThan(renderOnce(wrapped, width: 800, height: 400).inkCount(rows: 0..<400, columns: margin), 20,
                             "continuation marks left of the wrapped lines")
        XCTAssertEqual(renderOnce(short, width: 800, height: 400).inkCount(rows: 0..<400, columns: margin), 0,
                       "none beside lines that were not wrapped")
    }

    func testEmojiAreDrawnInColourAndCJKWithGlyphs() {
        let layout = DocumentLayout(document: TextDocument(text: "😀🎉🚀🦀 中文滚动 日本語", isMarkdown: false, title: "t"))
        let frame = renderOnce(layout, width: 800, height: 200)
        // Noto Color Emoji: saturated pixels, which black text never has.
        let coloured = frame.pixels().filter { pixel in
            let red = Int((pixel >> 16) & 0xff), green = Int((pixel >> 8) & 0xff), blue = Int(pixel & 0xff)
            return max(red, green, blue) - min(red, green, blue) > 100
        }
        XCTAssertGreaterThan(coloured.count, 200, "emoji in colour, not boxes")
        XCTAssertGreaterThan(frame.inkCount(), 300, "CJK glyphs")
    }
}
