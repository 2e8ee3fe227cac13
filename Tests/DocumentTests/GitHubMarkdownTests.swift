@testable import DocumentKit
@testable import TextKind
import XCTest

/// GitHub Flavored Markdown through cmark-gfm, and one nesting limit for every recursive path.
final class GitHubMarkdownTests: XCTestCase {
    private func blocks(_ markdown: String) -> [Block] {
        TextDocument(text: markdown, isMarkdown: true, title: "t").blocks
    }

    private func rows(_ blocks: [Block]) -> [TableRow] {
        blocks.compactMap { if case .tableRow(let row) = $0.kind { return row } else { return nil } }
    }

    func testTablesBecomeRowsSharingTheirColumns() {
        let table = blocks("""
            | Name | Size | Kind |
            |:-----|-----:|:----:|
            | a.md | 12 | **text** |
            | b.png | 3400 |
            """)
        let rows = rows(table)
        XCTAssertEqual(rows.count, 3)
        XCTAssertEqual(rows.map(\.isHeader), [true, false, false])
        XCTAssertEqual(rows[0].alignments, [.leading, .trailing, .center])
        XCTAssertEqual(rows[1].cells.map(\.text), ["a.md", "12", "text"])
        XCTAssertEqual(rows[1].cells[2].styles, [InlineStyle(.strong, utf8Range: 0..<4)])
        XCTAssertEqual(rows[2].cells.map(\.text), ["b.png", "3400", ""], "a short row is filled out")
        XCTAssertEqual(rows[0].naturalCharacters, [5, 4, 4])
        XCTAssertEqual(table.map(\.continuesPrevious), [false, true, true], "rows follow with no gap")
    }

    func testATableOfManyColumnsIsSetInBandsOneBelowTheOther() {
        let header = "|" + (0..<45).map { " h\($0) |" }.joined()
        let rule = "|" + String(repeating: "---|", count: 45)
        let body = "|" + (0..<45).map { " \($0) |" }.joined()
        let rows = rows(blocks([header, rule, body, body].joined(separator: "\n")))
        XCTAssertEqual(rows.map(\.cells.count), [20, 20, 20, 20, 20, 20, 5, 5, 5])
        XCTAssertEqual(rows.map(\.isHeader), [true, false, false, true, false, false, true, false, false])
        XCTAssertEqual(rows[3].cells.first?.text, "h20")
    }

    func testStrikethroughTaskListsAutolinksAndFootnotes() {
        let result = blocks("""
            ~~gone~~ and www.example.com

            - [ ] to do
            - [x] done

            A claim.[^source]

            [^source]: The source.
            """)
        XCTAssertEqual(result[0].text, "gone and www.example.com")
        XCTAssertEqual(result[0].styles, [
            InlineStyle(.strikethrough, utf8Range: 0..<4),
            InlineStyle(.link(destination: "http://www.example.com"), utf8Range: 9..<24),
        ])
        XCTAssertEqual(result[1].text, "☐ to do")
        XCTAssertEqual(result[2].text, "☒ done")
        XCTAssertEqual(result[3].text, "A claim.1")
        XCTAssertEqual(result[3].styles, [InlineStyle(.superscript, utf8Range: 8..<9),
                                          InlineStyle(.link(destination: "#fn-1"), utf8Range: 8..<9)],
                       "the number is raised, and a link to its note")
        XCTAssertEqual(result[4].kind, .rule)
        XCTAssertEqual(result[5].text, "1. The source.")
        XCTAssertEqual(result[5].anchors, ["fn-1"], "the note is where its number's link goes")
    }

    func testInvalidUTF8InATableCellIsReplaced() {
        let bytes = Array("| a | b |\n|---|---|\n| x".utf8) + [0xFF, 0xC3] + Array(" | y |\n".utf8)
        let document = TextDocument(text: String(decoding: bytes, as: UTF8.self), isMarkdown: true, title: "t")
        XCTAssertEqual(rows(document.blocks)[1].cells.map(\.text), ["x\u{FFFD}\u{FFFD}", "y"])
    }

    /// Issue 14: each nested image restarted the depth limit, overflowing the stack at 100,000.
    func testNestedImagesShareTheOneNestingLimit() {
        for levels in [1_000, 100_000] {
            let markdown = String(repeating: "![", count: levels) + "x" + String(repeating: "](u)", count: levels)
            let result = blocks(markdown + "\n")
            let images = result.filter { if case .image = $0.kind { return true } else { return false } }
            XCTAssertLessThanOrEqual(images.count, MarkdownParser.maximumNestingDepth, "\(levels)")
            XCTAssertTrue(result.contains { $0.text.contains(MarkdownParser.tooDeepText) }, "\(levels)")
        }
    }

    func testEveryKindOfNestingIsCutAtTheSameDepth() {
        let depth = MarkdownParser.maximumNestingDepth
        let lists = (0..<200).map { String(repeating: "  ", count: $0) + "- item" }.joined(separator: "\n")
        for markdown in [lists, String(repeating: "> ", count: 1_000) + "deep"] {
            let result = blocks(markdown + "\n")
            XCTAssertTrue(result.contains { $0.text.contains(MarkdownParser.tooDeepText) }, String(markdown.prefix(20)))
            XCTAssertTrue(result.allSatisfy { $0.quoteDepth + $0.listDepth <= depth })
        }
    }
}

extension GitHubMarkdownTests {
    func testDeepNestingIsParsedASectionAtATimeAndOrdinaryMarkdownWhole() throws {
        let nested = String(repeating: "![", count: 10_000) + "x" + String(repeating: "](u)", count: 10_000) + "\n"
        XCTAssertTrue(NestingScan.isDeeplyNested(Array(nested.utf8)))
        let acrossLines = String(repeating: "[\n", count: 200) + "x" + String(repeating: "](u)", count: 200)
        XCTAssertTrue(NestingScan.isDeeplyNested(Array(acrossLines.utf8)), "a paragraph's lines count together")
        let ordinary = (0..<3_000).map { _ in "A [link](u) and ![image](i.png) in \\[brackets\\], > not a quote.\n\n> quoted\n" }.joined()
        XCTAssertFalse(NestingScan.isDeeplyNested(Array(ordinary.utf8)))
        let document = TextDocument(text: nested, isMarkdown: true, title: "t")
        XCTAssertGreaterThan(document.sectionCount, 5, "parsed a section at a time")
        XCTAssertFalse(document.blocks(inSection: 0).isEmpty)
    }
}
