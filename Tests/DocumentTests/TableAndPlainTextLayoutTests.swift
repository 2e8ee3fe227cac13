import CPangoCairo
@testable import DocumentKit
@testable import TextKind
import XCTest

/// Tables fit the window; plain text keeps its tab columns and marks its wrapped lines.
final class TableAndPlainTextLayoutTests: XCTestCase {
    private func laidOut(_ text: String, isMarkdown: Bool, width: Double = 1280) -> DocumentLayout {
        let layout = DocumentLayout(document: TextDocument(text: text, isMarkdown: isMarkdown, title: "t"))
        layout.setViewportSize(width: width, height: 800)
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: width, height: 800), margin: 400)
        return layout
    }

    private func table(columns: Int, rows: Int) -> String {
        let header = "|" + (0..<columns).map { " head \($0) |" }.joined()
        let rule = "|" + String(repeating: "---|", count: columns)
        let body = (0..<rows).map { row in "|" + (0..<columns).map { " cell \(row).\($0) |" }.joined() }
        return ([header, rule] + body).joined(separator: "\n") + "\n"
    }

    private func tableRows(of layout: DocumentLayout) -> [(block: SectionLayout.PlacedBlock, cells: [BlockLayout.TableCell])] {
        layout.shapedSections.flatMap { $0.layout.blocks }.compactMap { placed in
            if case .tableRow(let cells, _) = placed.layout.content { return (placed, cells) }
            return nil
        }
    }

    func testAWideTableShrinksToTheWindowAndNeverOverflowsIt() {
        for (columns, width) in [(3, 1280.0), (20, 1280), (20, 360), (200, 1280), (200, 360)] {
            let layout = laidOut(table(columns: columns, rows: 5), isMarkdown: true, width: width)
            let margin = layout.typography.minimumSideMarginPixels
            let rows = tableRows(of: layout)
            XCTAssertGreaterThanOrEqual(rows.count, 6, "\(columns) columns")
            for row in rows {
                XCTAssertEqual(row.cells.count, min(columns, TableRow.maximumColumns))
                let right = row.block.left + row.cells.last!.left + row.cells.last!.width
                XCTAssertGreaterThanOrEqual(row.block.left, margin, "\(columns) columns at \(width)")
                XCTAssertLessThanOrEqual(right, width - margin + 0.5, "\(columns) columns at \(width)")
                XCTAssertTrue(row.cells.allSatisfy { $0.width > 8 }, "every column has room for its text")
            }
            XCTAssertEqual(rows[1].cells.map(\.left), rows[0].cells.map(\.left), "columns line up")
            XCTAssertLessThanOrEqual(layout.contentSize.width, width, "no sideways scrolling")
        }
    }

    func testATableOfAThousandRowsIsLaidOutLazily() {
        let layout = laidOut(table(columns: 4, rows: 1_000), isMarkdown: true)
        XCTAssertGreaterThan(layout.document.sectionCount, 3)
        XCTAssertLessThan(layout.sectionsLaidOutCount, layout.document.sectionCount)
        XCTAssertGreaterThan(layout.contentSize.height, 1_000 * 20)
    }

    private func textLayout(_ layout: DocumentLayout) -> (OpaquePointer, BlockLayout) {
        let placed = layout.shapedSections[0].layout.blocks[0]
        guard case .text(let text) = placed.layout.content else { fatalError("not text") }
        return (text, placed.layout)
    }

    func testPlainTextIsMonospaceWithTabStopsEveryEightColumns() {
        let layout = laidOut("a\tb\nabcdefghij\tc\nabcdefgh\n", isMarkdown: false)
        XCTAssertEqual(layout.document.blocks.first?.kind, .plainText)
        let (text, _) = textLayout(layout)
        func x(ofByte index: Int32) -> Double {
            var position = PangoRectangle()
            pango_layout_index_to_pos(text, index, &position)
            return Double(position.x) / Double(PANGO_SCALE)
        }
        let column = x(ofByte: 5) - x(ofByte: 4)  // one character of the second line
        XCTAssertGreaterThan(column, 1)
        XCTAssertEqual(x(ofByte: 2), 8 * column, accuracy: 0.5, "'b' after a tab starts column 8")
        XCTAssertEqual(x(ofByte: 15), 16 * column, accuracy: 0.5, "'c' after ten columns and a tab starts column 16")
        XCTAssertEqual(x(ofByte: 24), 7 * column, accuracy: 0.5, "monospace: 'h' is as wide as any letter")
    }

    func testLongLinesWrapAndTheirWrappedLinesAreMarked() {
        let long = (0..<60).map { "word\($0)" }.joined(separator: " ")
        let layout = laidOut("short\n" + long + "\nafter\n", isMarkdown: false)
        let (_, block) = textLayout(layout)
        XCTAssertGreaterThan(block.lines.count, 4)
        XCTAssertEqual(block.lines.first?.isContinuation, false)
        XCTAssertEqual(block.lines[1].isContinuation, false, "the long line starts after a line break")
        XCTAssertEqual(block.lines[2].isContinuation, true, "its wrapped part is marked")
        XCTAssertEqual(block.lines.last?.isContinuation, false, "'after' is a line of its own")
    }
}
