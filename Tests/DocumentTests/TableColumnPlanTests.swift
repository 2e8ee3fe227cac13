import CPangoCairo
@testable import DocumentKit
@testable import TextKind
import XCTest

/// Tables take the room beside the text column before they wrap, wrap only between words,
/// shrink their text before they break a word, and keep one plan for all their rows.
final class TableColumnPlanTests: XCTestCase {
    private func laidOut(_ markdown: String, width: Double, height: Double = 800) -> DocumentLayout {
        let layout = DocumentLayout(document: TextDocument(text: markdown, isMarkdown: true, title: "t"))
        layout.setViewportSize(width: width, height: height)
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: width, height: height), margin: 400)
        return layout
    }

    private func tableRows(of layout: DocumentLayout) -> [(block: SectionLayout.PlacedBlock, cells: [BlockLayout.TableCell])] {
        layout.shapedSections.flatMap { $0.layout.blocks }.compactMap { placed in
            if case .tableRow(let cells, _) = placed.layout.content { return (placed, cells) }
            return nil
        }
    }

    /// A table as Markdown: a header row, then `rows`.
    private func table(_ header: [String], _ rows: [[String]]) -> String {
        let line = { (cells: [String]) in "| " + cells.joined(separator: " | ") + " |" }
        return ([line(header), "|" + String(repeating: "---|", count: header.count)] + rows.map(line))
            .joined(separator: "\n") + "\n"
    }

    /// A README's table of options, as the ones that broke "10140.0" and "dependencies": it
    /// fits a 1280 px window but not its 720 px text column.
    private var optionsTable: String {
        table(["Option", "Default", "Requirement", "Description", "Platforms"], [
            ["`--jobs`", "10140.0", "dependencies", "How many jobs build the project's dependencies at once", "Linux, FreeBSD"],
            ["`--prefix`", "/usr/local", "installation", "Where everything is installed", "everywhere"],
            ["`--with-documentation`", "disabled", "documentation", "Builds the manual pages and the HTML reference", "Linux"],
        ])
    }

    /// Each line of `cell` that starts inside a word (not after a space), with the word it
    /// starts in.
    private func linesStartingInsideWords(of cell: BlockLayout.TableCell) -> [(line: Int, word: String)] {
        guard let text = pango_layout_get_text(cell.layout) else { return [] }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self),
                                              count: strlen(text)))
        var found: [(line: Int, word: String)] = []
        for index in 1..<max(Int(pango_layout_get_line_count(cell.layout)), 1) {
            guard let line = pango_layout_get_line_readonly(cell.layout, Int32(index)) else { continue }
            let start = Int(line.pointee.start_index)
            guard start > 0, bytes[start - 1] != UInt8(ascii: " ") else { continue }
            let wordStart = bytes[..<start].lastIndex(of: UInt8(ascii: " ")).map { $0 + 1 } ?? 0
            let wordEnd = bytes[start...].firstIndex(of: UInt8(ascii: " ")) ?? bytes.count
            found.append((index, String(decoding: bytes[wordStart..<wordEnd], as: UTF8.self)))
        }
        return found
    }

    /// The width of `word` set alone as `cell` sets its text, logical px.
    private func width(of word: String, as cell: BlockLayout.TableCell) -> Double {
        let layout = pango_layout_new(pango_layout_get_context(cell.layout))!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, pango_layout_get_font_description(cell.layout))
        pango_layout_set_text(layout, word, Int32(word.utf8.count))
        var width: Int32 = 0
        pango_layout_get_size(layout, &width, nil)
        return Double(width) / Double(PANGO_SCALE)
    }

    private func fontSize(of cell: BlockLayout.TableCell) -> Double {
        Double(pango_font_description_get_size(pango_layout_get_font_description(cell.layout))) / Double(PANGO_SCALE)
    }

    func testATableThatFitsTheWindowButNotTheColumnIsWiderThanTheColumnAndBreaksNoWord() {
        let window = 1280.0
        let layout = laidOut(optionsTable, width: window)
        let typography = layout.typography
        let measure = typography.measure(forWindowWidth: window)
        let rows = tableRows(of: layout)
        XCTAssertEqual(rows.count, 4)
        for row in rows {
            let tableWidth = row.cells.last.map { $0.left + $0.width } ?? 0
            XCTAssertGreaterThan(tableWidth, measure, "wider than the text column")
            XCTAssertGreaterThanOrEqual(row.block.left, typography.minimumSideMarginPixels, "inside the window's margins")
            XCTAssertLessThanOrEqual(row.block.left + tableWidth, window - typography.minimumSideMarginPixels)
            XCTAssertEqual(row.block.left + tableWidth / 2, window / 2, accuracy: 1, "centred on the column")
            for cell in row.cells {
                XCTAssertEqual(fontSize(of: cell), typography.bodySizePixels, "the text is not shrunk")
                let broken = linesStartingInsideWords(of: cell)
                XCTAssertTrue(broken.isEmpty, "no word is broken: \(broken.map(\.word))")
            }
        }
        XCTAssertEqual(Set(rows.map(\.block.left)).count, 1, "rows line up")
        XCTAssertEqual(Set(rows.map { $0.cells.map(\.left) }).count, 1)
    }

    func testATableThatFitsTheColumnStaysInIt() {
        let layout = laidOut(table(["a", "b"], [["1", "2"]]), width: 1280)
        let measure = layout.typography.measure(forWindowWidth: 1280)
        let left = ((1280 - measure) / 2).rounded()
        for row in tableRows(of: layout) {
            XCTAssertEqual(row.block.left, left)
            XCTAssertLessThan(row.cells.last.map { $0.left + $0.width } ?? 0, measure / 2, "as narrow as its text")
        }
    }

    func testATableTooWideForTheWindowShrinksItsTextBeforeItBreaksAWord() {
        let words = ["dependencies", "10140.0", "installation", "documentation", "configuration", "everywhere"]
        let header = (0..<10).map { "Column \($0)" }
        let body = (0..<4).map { row in (0..<10).map { "\(words[($0 + row) % words.count]) \(words[$0 % words.count])" } }
        let layout = laidOut(table(header, body), width: 1000)
        let typography = layout.typography
        let rows = tableRows(of: layout)
        XCTAssertEqual(rows.count, 5)
        for row in rows {
            let tableWidth = row.cells.last.map { $0.left + $0.width } ?? 0
            XCTAssertLessThanOrEqual(row.block.left + tableWidth, 1000 - typography.minimumSideMarginPixels + 0.5)
            XCTAssertGreaterThanOrEqual(row.block.left, typography.minimumSideMarginPixels)
            for cell in row.cells {
                XCTAssertLessThan(fontSize(of: cell), typography.bodySizePixels, "the text shrinks")
                XCTAssertGreaterThanOrEqual(fontSize(of: cell), typography.minimumTableFontPixels)
                XCTAssertTrue(linesStartingInsideWords(of: cell).isEmpty, "no word is broken while the text can shrink")
            }
        }
    }

    func testAWordIsBrokenOnlyWhenTheWidestWordsDoNotFitTheWindowAtTheSmallestText() {
        let words = ["dependencies", "a", "10140.0", "of", "installation", "it"]
        for (columns, window, breaks) in [(6, 480.0, false), (12, 800, nil), (20, 800, nil), (20, 360, true), (12, 480, nil)] {
            let body = (0..<3).map { row in
                (0..<columns).map { "\(words[($0 + row) % words.count]) \(words[$0 % words.count])" }
            }
            let layout = laidOut(table((0..<columns).map { "h\($0)" }, body), width: window)
            let typography = layout.typography
            let room = window - 2 * typography.minimumSideMarginPixels
            let rows = tableRows(of: layout)
            var widestWords = [Double](repeating: 0, count: columns)
            var brokenWords = 0
            for row in rows {
                let tableWidth = row.cells.last.map { $0.left + $0.width } ?? 0
                XCTAssertLessThanOrEqual(row.block.left + tableWidth, window - typography.minimumSideMarginPixels + 0.5)
                for (index, cell) in row.cells.enumerated() {
                    let text = String(cString: pango_layout_get_text(cell.layout))
                    for word in text.split(separator: " ") {
                        widestWords[index] = max(widestWords[index], width(of: String(word), as: cell))
                    }
                    for (_, word) in linesStartingInsideWords(of: cell) {
                        brokenWords += 1
                        XCTAssertGreaterThan(width(of: word, as: cell), cell.width - 2 * row.block.layout.inset,
                                             "'\(word)' is broken only because it does not fit its cell")
                        XCTAssertEqual(fontSize(of: cell), typography.minimumTableFontPixels, accuracy: 0.01,
                                       "'\(word)' is broken only at the smallest text (\(columns) columns at \(window))")
                    }
                }
            }
            let inset = rows.first?.block.layout.inset ?? 0
            let widestTotal = widestWords.reduce(0) { $0 + $1 + 2 * inset }
            // Each column keeps up to two px beside its widest word (allowance and rounding).
            if brokenWords > 0 {
                XCTAssertGreaterThan(widestTotal + 2 * Double(columns), room,
                                     "words break only when the widest do not fit the window: \(columns) columns at \(window)")
            }
            if widestTotal > room { XCTAssertGreaterThan(brokenWords, 0, "the last resort: \(columns) columns at \(window)") }
            if let breaks { XCTAssertEqual(brokenWords > 0, breaks, "\(columns) columns at \(window)") }
        }
    }

    func testRowsOfATableLineUpAcrossSections() {
        let body = (0..<1_000).map { row in
            ["row \(row)", row % 97 == 0 ? "a longer cell of text in the middle" : "x", "10140.\(row)"]
        }
        let markdown = table(["Name", "Note", "Value"], body)
        let layout = DocumentLayout(document: TextDocument(text: markdown, isMarkdown: true, title: "t"))
        layout.setViewportSize(width: 1280, height: 800)
        _ = layout.prepareCompletely(ContentRect(x: 0, y: 0, width: 1280, height: 800), margin: 40_000)
        XCTAssertGreaterThan(layout.shapedSections.count, 2, "the table spans sections")
        let rows = tableRows(of: layout)
        XCTAssertGreaterThan(rows.count, 300)
        XCTAssertEqual(Set(rows.map { $0.cells.map(\.left) + [$0.block.left] }).count, 1, "one plan for every row")
    }

    func testATableInAListKeepsTheListsLeftEdge() {
        let layout = laidOut("- item\n\n  " + optionsTable.split(separator: "\n").joined(separator: "\n  ") + "\n", width: 1280)
        let item = layout.shapedSections.flatMap { $0.layout.blocks }.first { $0.block.text.hasPrefix("• ") }
        let rows = tableRows(of: layout)
        XCTAssertFalse(rows.isEmpty)
        for row in rows {
            XCTAssertEqual(row.block.left, item?.left ?? -1, "right of the marker, as the list's text")
            let tableWidth = row.cells.last.map { $0.left + $0.width } ?? 0
            XCTAssertGreaterThan(tableWidth, layout.typography.measure(forWindowWidth: 1280) - layout.typography.indentPixels,
                                 "wider than the list's column")
            XCTAssertLessThanOrEqual(row.block.left + tableWidth, 1280 - layout.typography.minimumSideMarginPixels)
        }
    }

    func testEveryColumnIsMeasuredFromAFewCellsHoweverLongTheTable() {
        let body = (0..<2_000).map { row in ["cell \(row) " + String(repeating: "w", count: row % 13), "\(row)"] }
        let blocks = MarkdownParser.blocks(from: Array(table(["A", "B"], body).utf8))
        guard case .tableRow(let row) = blocks.last?.kind else { return XCTFail("a table") }
        XCTAssertEqual(row.samples.columns.count, 2)
        for samples in row.samples.columns {
            XCTAssertLessThanOrEqual(samples.count,
                                     1 + TableColumnSamples.longestWordSamples + TableColumnSamples.longestTextSamples)
            XCTAssertTrue(samples.contains { $0.isHeader }, "the bold header is measured")
        }
        XCTAssertTrue(row.samples.columns[0].contains { $0.cell.text.hasSuffix(String(repeating: "w", count: 12)) },
                      "the longest word is among them")
    }
}
