import Foundation
import XCTest
@testable import Document

final class DocumentLoadingTests: XCTestCase {
    private func temporaryFile(_ bytes: [UInt8], extension fileExtension: String) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("glide-\(UUID().uuidString).\(fileExtension)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testInvalidUTF8BecomesReplacementCharacters() throws {
        // "Hé" with the é cut short, then a stray continuation byte and an overlong encoding.
        let path = try temporaryFile([0x48, 0xC3, 0x20, 0x80, 0x20, 0xC0, 0xAF, 0x21], extension: "txt")
        let document = try Document(contentsOfFile: path)
        XCTAssertEqual(document.blocks.map(\.text), ["H\u{FFFD} \u{FFFD} \u{FFFD}\u{FFFD}!"])
    }

    func testMissingFileNamesThePathAndTheReason() {
        XCTAssertThrowsError(try Document(contentsOfFile: "/nonexistent/a.md")) { error in
            XCTAssertEqual("\(error)", "cannot open '/nonexistent/a.md': No such file or directory")
        }
    }

    func testPlainTextSplitsParagraphsAtBlankLinesAndKeepsLineBreaks() {
        let document = Document(text: "one\ntwo\r\n\n  \nthree\n", isMarkdown: false, title: "t")
        XCTAssertEqual(document.blocks, [Block(kind: .paragraph, text: "one\ntwo"), Block(kind: .paragraph, text: "three")])
    }

    func testMarkdownBlocksComeFromCommonMark() {
        let markdown = """
            # Title

            Some *emphasised* and `coded` words
            on two lines.

            > Quoted.

            - first
            - second

            3. third

            ```
            let x = 1
            ```

            ---
            """
        let document = Document(text: markdown, isMarkdown: true, title: "t")
        XCTAssertEqual(document.blocks, [
            Block(kind: .heading(level: 1), text: "Title"),
            Block(kind: .paragraph, text: "Some emphasised and coded words on two lines."),
            Block(kind: .paragraph, text: "Quoted.", quoteDepth: 1),
            Block(kind: .paragraph, text: "• first", listDepth: 1),
            Block(kind: .paragraph, text: "• second", listDepth: 1),
            Block(kind: .paragraph, text: "3. third", listDepth: 1),
            Block(kind: .code, text: "let x = 1"),
            Block(kind: .rule, text: ""),
        ])
    }

    func testMarkupIsNeverInterpreted() {
        let document = Document(text: "<span foreground=\"red\">red?</span> & <b>", isMarkdown: false, title: "t")
        XCTAssertEqual(document.blocks.first?.text, "<span foreground=\"red\">red?</span> & <b>")
    }
}
