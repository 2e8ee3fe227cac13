import CPangoCairo
@testable import DocumentKit
@testable import TextKind
import XCTest

/// Markdown whose parse would grow without bound inside cmark-gfm (issue 28): what it makes is
/// bounded by its bytes.
final class MarkdownBoundsTests: XCTestCase {
    private func laidOut(_ text: String) -> DocumentLayout {
        let layout = DocumentLayout(document: TextDocument(text: text, isMarkdown: true, title: "t"))
        layout.setViewportSize(width: 1280, height: 800)
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: 1280, height: 800), margin: 400)
        return layout
    }

    /// The text of each laid-out cell of the header rows, band after band.
    private func headerCellTexts(of layout: DocumentLayout) -> [String] {
        layout.shapedSections.flatMap { $0.layout.blocks }.flatMap { placed -> [String] in
            guard case .tableRow(let cells, isHeader: true) = placed.layout.content else { return [] }
            return cells.map { String(cString: pango_layout_get_text($0.layout)) }
        }
    }

    private func tableCells(of document: TextDocument) -> Int {
        document.blocks.reduce(0) { total, block in
            if case .tableRow(let row) = block.kind { return total + row.cells.count }
            return total
        }
    }

    func testAWideTableKeepsNinetyNineColumnsAndSaysHowManyItLeftOut() {
        let columns = 150
        let header = "|" + (0..<columns).map { " h\($0) |" }.joined()
        let rule = "|" + String(repeating: "---|", count: columns)
        let rows = (0..<3).map { row in "|" + (0..<columns).map { " c\(row).\($0) |" }.joined() }
        let layout = laidOut(([header, rule] + rows).joined(separator: "\n") + "\n\nText after it.\n")
        let texts = headerCellTexts(of: layout)
        XCTAssertEqual(texts.count, TableColumnLimit.maximumColumns, "the columns kept")
        XCTAssertEqual(texts.first, "h0")
        XCTAssertEqual(texts.last, "h99")
        // The notice is a paragraph of its own below the table, as wide as the text.
        let paragraphs = layout.shapedSections.flatMap { $0.layout.blocks }.compactMap { placed -> String? in
            guard case .text(let text) = placed.layout.content else { return nil }
            return String(cString: pango_layout_get_text(text))
        }
        XCTAssertEqual(paragraphs.first, "50 more columns not shown")
        XCTAssertEqual(paragraphs.last, "Text after it.")
    }

    /// The red team's 2 MB of pipes, smaller: a header and a delimiter row of 20,000 cells.
    func testARowOfTwentyThousandPipesIsAHundredColumns() {
        let columns = 20_000
        let text = String(repeating: "|", count: columns + 1) + "\n|" + String(repeating: "-|", count: columns) + "\n"
        let document = TextDocument(text: text, isMarkdown: true, title: "t")
        XCTAssertEqual(tableCells(of: document), TableColumnLimit.maximumColumns)
    }

    /// The red team's 60 KB table, smaller: a header of 1,000 cells over 1,000 rows of one
    /// cell, which cmark-gfm would pad to 10^6 cells.
    func testRowsPaddedToAWideHeaderMakeCellsBoundedByTheTablesBytes() {
        let text = "|" + String(repeating: "a|", count: 1_000) + "\n|" + String(repeating: "-|", count: 1_000) + "\n"
            + String(repeating: "a\n", count: 1_000)
        let document = TextDocument(text: text, isMarkdown: true, title: "t")
        let cells = tableCells(of: document)
        let allowance = max(TableColumnLimit.minimumCellAllowance, TableColumnLimit.cellsPerSourceByte * text.utf8.count)
        XCTAssertLessThanOrEqual(cells, allowance, "at most the allowance")
        XCTAssertGreaterThanOrEqual(cells, 1_002, "every row is still there")
        XCTAssertTrue(document.blocks.contains { $0.text.hasPrefix("a\t") }, "each row's own cell is kept")
    }

    func testTablesOfMoreCellsThanAWholeParseMayMakeAreParsedASectionAtATime() {
        let row = "|" + String(repeating: "a|", count: 99) + "\n"
        let header = row + "|" + String(repeating: "-|", count: 99) + "\n"
        let rows = MarkdownParser.wholeParseNodeLimit / 99 + 1
        let large = TextDocument(text: header + String(repeating: row, count: rows), isMarkdown: true, title: "t")
        XCTAssertFalse(large.isParsedWhole)
        let small = TextDocument(text: header + String(repeating: row, count: 100), isMarkdown: true, title: "t")
        XCTAssertTrue(small.isParsedWhole)
    }

    func testTablesAsWideAsAllowedAreLeftAlone() {
        let columns = TableColumnLimit.maximumColumns
        let text = "|" + String(repeating: "h|", count: columns) + "\n|" + String(repeating: "-|", count: columns) + "\n"
            + String(repeating: "|" + String(repeating: "c|", count: columns) + "\n", count: 3)
        XCTAssertEqual(TableColumnLimit.limited(Array(text.utf8)).bytes, Array(text.utf8))
        let escaped = "| a \\| b | c |\n|---|---|\n| 1 | 2 |\n"
        XCTAssertEqual(TableColumnLimit.limited(Array(escaped.utf8)).bytes, Array(escaped.utf8))
    }

    private func linkDestinationBytes(of document: TextDocument) -> Int {
        document.blocks.reduce(0) { total, block in
            total + block.styles.reduce(0) { sum, style in
                if case .link(let destination) = style.kind { return sum + destination.utf8.count }
                return sum
            }
        }
    }

    /// The red team's reference flood, smaller: a 20 KB destination used by 5,000 references
    /// (100 MB of destinations from 40 KB).
    func testAReferenceFloodExpandsToBoundedBytes() {
        let text = "[a]: http://example.com/" + String(repeating: "u", count: 20_000) + "\n\n"
            + String(repeating: "[a] ", count: 5_000) + "\n"
        let document = TextDocument(text: text, isMarkdown: true, title: "t")
        XCTAssertLessThanOrEqual(linkDestinationBytes(of: document),
                                 max(ReferenceExpansionLimit.minimumExpansionBytes,
                                     ReferenceExpansionLimit.expansionPerSourceByte * text.utf8.count))
        let shown = document.blocks.map(\.text).joined()
        XCTAssertEqual(shown.filter { $0 == "a" }.count, 5_000, "every reference keeps its text")
    }

    func testTheReferenceThatExpandsMostLosesItsDestinationAndTheOthersKeepTheirs() {
        let text = "[flood]: http://example.com/" + String(repeating: "u", count: 20_000) + "\n"
            + "[Real Page]: https://example.org/page\n\n"
            + String(repeating: "[flood] ", count: 5_000) + "\n\nSee [the page][real  page] and [REAL PAGE].\n"
        let blocks = TextDocument(text: text, isMarkdown: true, title: "t").blocks
        let destinations = blocks.flatMap(\.styles).compactMap { style -> String? in
            if case .link(let destination) = style.kind { return destination }
            return nil
        }
        XCTAssertEqual(destinations, ["https://example.org/page", "https://example.org/page"])
        XCTAssertTrue(blocks.last?.text == "See the page and REAL PAGE.")
    }

    /// 4 MB of emphasis took 3.7 s and 829 MB to parse whole, 4 MB of one-letter lines 4.0 s,
    /// 800,000 headings 1.0 s and 437 MB.
    func testMarkdownOfMoreInlinesThanAWholeParseMayMakeIsParsedASectionAtATime() {
        let count = MarkdownParser.wholeParseNodeLimit / 2 + 1
        for dense in [String(repeating: "*a* ", count: count), String(repeating: "[a] ", count: count),
                      String(repeating: "a\n", count: 2 * count), String(repeating: "# a\n\n", count: 2 * count)] {
            XCTAssertFalse(TextDocument(text: dense, isMarkdown: true, title: "t").isParsedWhole, String(dense.prefix(8)))
        }
        let prose = String(repeating: "Some *ordinary* prose with a [link](https://example.com/) and `code`, wrapped\n"
            + "at about seventy characters a line.\n\n# A heading\n\n", count: 1_000)
        XCTAssertTrue(TextDocument(text: prose, isMarkdown: true, title: "t").isParsedWhole)
    }

    /// The scans that bound a parse find with `memchr` what a loop over the bytes finds: the
    /// node estimate as a switch over every byte counted it, and `]:` wherever it is.
    func testTheByteScansAgreeWithALoopOverTheBytes() {
        func loopEstimate(_ bytes: [UInt8]) -> Int {
            var count = 0
            for (index, byte) in bytes.enumerated() {
                if Array("*_[]`~<&\\".utf8).contains(byte) { count += 1 }
                if byte == 0x0A, index + 1 < bytes.count, bytes[index + 1] != 0x0A { count += 1 }
            }
            return count
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab *_[]`~<&\\:\n\n".utf8)
        for length in [0, 1, 2, 31, 32, 33, 1000] {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
                XCTAssertEqual(ParseNodeEstimate.count(in: bytes), loopEstimate(bytes), String(decoding: bytes, as: UTF8.self))
                let pair = Array("]:".utf8)
                let hasPair = bytes.indices.dropLast().contains { bytes[$0] == pair[0] && bytes[$0 + 1] == pair[1] }
                XCTAssertEqual(ByteScan.contains(pair, in: bytes), hasPair, String(decoding: bytes, as: UTF8.self))
                XCTAssertEqual(ByteScan.contains(UInt8(ascii: "<"), in: bytes), bytes.contains(UInt8(ascii: "<")))
            }
        }
        XCTAssertTrue(ByteScan.contains(Array("]:".utf8), in: Array("]:".utf8)))
        XCTAssertFalse(ByteScan.contains(Array("]:".utf8), in: Array(":]".utf8)))
        XCTAssertEqual(ByteScan.firstIndex(of: 0x0A, in: Array("a\nb\n".utf8), from: 2), 3)
        XCTAssertNil(ByteScan.firstIndex(of: 0x0A, in: Array("a\nb".utf8), from: 2))
    }

    /// A file with no `]:` has no reference definition, and is given back as it is; one with a
    /// definition is still bounded.
    func testReferencesAreBoundedOnlyWhereADefinitionCanBe() {
        let plain = Array(String(repeating: "[a] [b](c): d\n", count: 100).utf8)
        XCTAssertEqual(ReferenceExpansionLimit.limited(plain), plain)
    }
}

