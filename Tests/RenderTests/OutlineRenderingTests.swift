import DocumentKit
import Render
import TextKind
import XCTest

/// The outline list drawn through the tiled renderer: rows, indentation, the tinted row.
final class OutlineRenderingTests: XCTestCase {
    private let width = 500, height = 420
    private let rowHeight = 48, padding = 8

    private func outline(_ markdown: String, palette: Palette = .light) -> OutlineListLayout {
        let pages = HorizontalPagesLayout(document: TextDocument(text: markdown, isMarkdown: true, title: "t"), palette: palette)
        pages.setViewportSize(width: Double(width), height: 600)
        return OutlineListLayout(source: try! XCTUnwrap(pages.outline), palette: palette)
    }

    private let sixHeadings = "# One\n\nText.\n\n## Two\n\nText.\n\n### Three\n\nText.\n\n# Four\n\n## Five\n\n## Six\n"

    /// The device rows of heading `index`'s row, at scale 1.
    private func rows(ofHeading index: Int) -> Range<Int> {
        (padding + index * rowHeight)..<(padding + (index + 1) * rowHeight)
    }

    /// The first column with ink in `rows`.
    private func firstInkColumn(_ frame: OffscreenFrame, rows: Range<Int>) -> Int? {
        (0..<width).first { frame.inkCount(rows: rows, columns: $0..<($0 + 1)) > 0 }
    }

    func testEachHeadingIsARowIndentedByItsLevel() {
        let frame = renderOnce(outline(sixHeadings), width: width, height: height)
        XCTAssertEqual(frame.inkCount(rows: 0..<padding), 0, "nothing above the first row")
        for index in 0..<6 { XCTAssertGreaterThan(frame.inkCount(rows: rows(ofHeading: index)), 40, "row \(index)") }
        XCTAssertEqual(frame.inkCount(rows: (padding + 6 * rowHeight)..<height), 0, "nothing below the last row")
        let one = firstInkColumn(frame, rows: rows(ofHeading: 0))!, two = firstInkColumn(frame, rows: rows(ofHeading: 1))!
        let four = firstInkColumn(frame, rows: rows(ofHeading: 3))!
        XCTAssertEqual(two - one, 20, accuracy: 3, "a level deeper is 20 px further in")
        XCTAssertEqual(four, one, accuracy: 3, "level 1 again")
    }

    func testTheHighlightedRowAloneIsTinted() {
        let layout = outline(sixHeadings)
        layout.highlightedHeading = 2
        let frame = renderOnce(layout, width: width, height: height)
        // Right of the text column (500 - 2·24 = 452 px wide, at x = 24), inside the tint's
        // 12 px reach past it, where no text is.
        let x = 24 + 452 + 6
        for index in 0..<6 {
            let pixel = frame.pixel(x: x, y: rows(ofHeading: index).lowerBound + rowHeight / 2)
            let (red, blue) = (Int((pixel >> 16) & 0xff), Int(pixel & 0xff))
            if index == 2 {
                XCTAssertGreaterThan(blue - red, 10, "row \(index) is tinted blue: \(String(pixel, radix: 16))")
            } else {
                XCTAssertEqual(pixel & 0xffffff, 0xFBFAF7, "row \(index) is the page")
            }
        }
    }

    /// Blue less red at the middle of heading `index`'s row, right of the text column.
    private func tint(_ frame: OffscreenFrame, row index: Int) -> Int {
        let pixel = frame.pixel(x: 24 + 452 + 6, y: rows(ofHeading: index).lowerBound + rowHeight / 2)
        return Int(pixel & 0xff) - Int((pixel >> 16) & 0xff)
    }

    func testTheHoveredRowIsTintedMoreLightlyThanThePagesRow() {
        let layout = outline(sixHeadings)
        layout.highlightedHeading = 2
        layout.hoveredHeading = 4
        let frame = renderOnce(layout, width: width, height: height)
        XCTAssertGreaterThan(tint(frame, row: 4), 3, "the row under the pointer is tinted")
        XCTAssertLessThan(tint(frame, row: 4), tint(frame, row: 2), "more lightly than the page's row")
        XCTAssertEqual(tint(frame, row: 3), 0xF7 - 0xFB, "the page colour")
    }

    func testTheKeyboardsRowIsRinged() {
        let layout = outline(sixHeadings)
        layout.focusedHeading = 1
        let frame = renderOnce(layout, width: width, height: height)
        let rows = rows(ofHeading: 1)
        // The ring's top edge: a line of the link colour across the row, 2–4 px below its top.
        let ring = frame.pixels(rows: (rows.lowerBound + 2)..<(rows.lowerBound + 5), columns: 100..<400)
            .filter { Int($0 & 0xff) - Int(($0 >> 16) & 0xff) > 40 }
        XCTAssertGreaterThan(ring.count, 250, "a ring across the row")
        XCTAssertEqual(tint(frame, row: 0), 0xF7 - 0xFB, "no other row")
    }

    func testTheDarkPaletteDrawsLightTextAndATint() {
        let layout = outline(sixHeadings, palette: .dark)
        layout.highlightedHeading = 0
        let frame = renderOnce(layout, width: width, height: height)
        XCTAssertEqual(frame.pixel(x: 2, y: height - 2) & 0xffffff, 0x1C1C1E, "the dark page")
        let light = frame.pixels(rows: rows(ofHeading: 1)).filter { ($0 >> 8) & 0xff > 160 }
        XCTAssertGreaterThan(light.count, 40, "light text")
        let tint = frame.pixel(x: 24 + 452 + 6, y: rows(ofHeading: 0).lowerBound + rowHeight / 2)
        XCTAssertGreaterThan(Int(tint & 0xff) - Int((tint >> 16) & 0xff), 10, "tinted blue")
    }

    func testADocumentWithoutHeadingsSaysSo() {
        let layout = outline("Only a paragraph.")
        XCTAssertEqual(layout.headingCount, 0)
        XCTAssertNil(layout.heading(atY: Double(padding + rowHeight / 2)), "the note is not a heading to tap")
        let frame = renderOnce(layout, width: width, height: height)
        XCTAssertGreaterThan(frame.inkCount(rows: rows(ofHeading: 0)), 40)
    }
}
