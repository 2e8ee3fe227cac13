@testable import DocumentKit
import Foundation
@testable import ImageKind
import KindRegistry
@testable import TextKind
import XCTest

final class DocumentLoadingTests: XCTestCase {
    func temporaryFile(_ bytes: [UInt8], extension fileExtension: String) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("glide-\(UUID().uuidString).\(fileExtension)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testInvalidUTF8BecomesReplacementCharacters() throws {
        // "Hé" with the é cut short, then a stray continuation byte and an overlong encoding,
        // in a line that is otherwise valid (mostly valid UTF-8 is text).
        let valid = Array(" is mostly valid UTF-8 text.".utf8)
        let path = try temporaryFile([0x48, 0xC3, 0x20, 0x80, 0x20, 0xC0, 0xAF, 0x21] + valid, extension: "txt")
        let document = try opened(path, as: TextDocument.self)
        XCTAssertEqual(document.blocks.map(\.text), ["H\u{FFFD} \u{FFFD} \u{FFFD}\u{FFFD}! is mostly valid UTF-8 text."])
    }

    func testMissingFileNamesThePathAndTheReason() {
        XCTAssertThrowsError(try KindRegistry.open("/nonexistent/a.md")) { error in
            XCTAssertEqual("\(error)", "cannot open '/nonexistent/a.md': No such file or directory")
        }
    }

    func testPlainTextSplitsParagraphsAtBlankLinesAndKeepsLineBreaks() {
        let document = TextDocument(text: "one\ntwo\r\n\n  \nthree\n", isMarkdown: false, title: "t")
        XCTAssertEqual(document.blocks, [Block(kind: .plainText, text: "one\ntwo"), Block(kind: .plainText, text: "three")])
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
        let document = TextDocument(text: markdown, isMarkdown: true, title: "t")
        XCTAssertEqual(document.blocks, [
            Block(kind: .heading(level: 1), text: "Title"),
            Block(kind: .paragraph, text: "Some emphasised and coded words on two lines.",
                  styles: [InlineStyle(.emphasis, utf8Range: 5..<15), InlineStyle(.code, utf8Range: 20..<25)]),
            Block(kind: .paragraph, text: "Quoted.", quoteDepth: 1),
            Block(kind: .paragraph, text: "• first", listDepth: 1),
            Block(kind: .paragraph, text: "• second", listDepth: 1),
            Block(kind: .paragraph, text: "3. third", listDepth: 1),
            Block(kind: .code, text: "let x = 1"),
            Block(kind: .rule, text: ""),
        ])
    }

    func testMarkupIsNeverInterpreted() {
        let document = TextDocument(text: "<span foreground=\"red\">red?</span> & <b>", isMarkdown: false, title: "t")
        XCTAssertEqual(document.blocks.first?.text, "<span foreground=\"red\">red?</span> & <b>")
    }

    func testStrongEmphasisLinksAndImagesBecomeStylesAndImageBlocks() {
        let document = TextDocument(text: "A **bold** [link](https://x.org/) ![a cat](cat.png)", isMarkdown: true, title: "t")
        XCTAssertEqual(document.blocks, [
            Block(kind: .paragraph, text: "A bold link ",
                  styles: [InlineStyle(.strong, utf8Range: 2..<6), InlineStyle(.link(destination: "https://x.org/"), utf8Range: 7..<11)]),
            Block(kind: .image(source: "cat.png"), text: "a cat", alignment: .center),
        ])
    }

    func testNulBytesBecomeReplacementCharacters() throws {
        for fileExtension in ["txt", "md"] {
            let path = try temporaryFile(Array("a\0b\n\nc, and a line of ordinary text after it.".utf8), extension: fileExtension)
            let text = try opened(path, as: TextDocument.self).blocks.map(\.text).joined(separator: "|")
            XCTAssertFalse(text.unicodeScalars.contains("\0"), fileExtension)
            XCTAssertTrue(text.contains("\u{FFFD}"), fileExtension)
        }
    }

    func testATenMegabyteLineIsCutIntoSectionsWithoutLosingText() throws {
        let line = String(repeating: "0123456789abcdefghij ", count: 500_000)
        let path = try temporaryFile(Array(line.utf8), extension: "txt")
        let document = try opened(path, as: TextDocument.self)
        XCTAssertGreaterThan(document.sectionCount, 1_000)
        let middle = document.blocks(inSection: document.sectionCount / 2)
        XCTAssertEqual(middle.count, 1)
        XCTAssertTrue(middle[0].continuesPrevious, "a piece of the same line follows with no gap")
        XCTAssertLessThanOrEqual(middle[0].text.utf8.count, 3 * 8192 / 2)
        // Every byte is in exactly one section.
        let total = (0..<document.sectionCount).reduce(0) { $0 + document.blocks(inSection: $1).reduce(0) { $0 + $1.text.utf8.count } }
        XCTAssertEqual(total, line.utf8.count, "pieces are cut after spaces, which they keep")
    }

    func testLongMarkdownBlocksAreSplitForShaping() {
        let document = TextDocument(text: String(repeating: "word ", count: 10_000), isMarkdown: true, title: "t")
        let blocks = document.blocks
        XCTAssertGreaterThan(blocks.count, 5)
        XCTAssertTrue(blocks.dropFirst().allSatisfy(\.continuesPrevious))
        XCTAssertTrue(blocks.allSatisfy { $0.text.utf8.count <= 8192 })
    }

    func testADirectoryOfImagesIsACollectionInNaturalOrder() throws {
        let directory = try temporaryDirectory()
        for name in ["10.png", "2.png", "1.jpg", "notes.txt", ".hidden.png"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data([1])))
        }
        let document = try opened(directory, as: ImageCollection.self)
        XCTAssertEqual(document.imagePaths.map { $0.split(separator: "/").last! }, ["1.jpg", "2.png", "10.png"])
    }

    func testADirectoryWithoutImagesSaysSo() throws {
        let directory = try temporaryDirectory()
        XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/notes.txt", contents: Data([1])))
        XCTAssertThrowsError(try KindRegistry.open(directory)) { error in
            XCTAssertEqual(error as? DocumentError, .noImages(directory: directory))
            XCTAssertTrue("\(error)".hasPrefix("no readable images in '\(directory)'"), "\(error)")
        }
    }

    func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func testDeeplyNestedMarkdownIsCutShortInsteadOfOverflowingTheStack() {
        let quotes = TextDocument(text: String(repeating: ">", count: 300_000) + " deep\n", isMarkdown: true, title: "t")
        XCTAssertTrue(quotes.blocks.contains { $0.text == MarkdownParser.tooDeepText })
        XCTAssertLessThanOrEqual(quotes.blocks.map(\.quoteDepth).max() ?? 0, MarkdownParser.maximumNestingDepth)
        let emphasis = String(repeating: "*", count: 50_000) + "x" + String(repeating: "*", count: 50_000)
        let styled = TextDocument(text: emphasis + "\n", isMarkdown: true, title: "t")
        XCTAssertFalse(styled.blocks.isEmpty)
    }
}

/// An image opened on its own opens its folder as the collection, at that image.
final class ImageOpenedAloneTests: XCTestCase {
    func testAnImageOpenedAloneOpensItsFolderAtThatImage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in ["10.png", "2.png", "1.jpg", "notes.txt"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data([1])))
        }
        let document = try opened(directory + "/2.png", as: ImageCollection.self, alone: true)
        XCTAssertEqual(document.imagePaths.map { $0.split(separator: "/").last! }, ["1.jpg", "2.png", "10.png"])
        XCTAssertEqual(document.startPage, 1)
        let layout = ImageCollectionLayout(collection: document)
        layout.setViewportSize(width: 400, height: 300)
        XCTAssertEqual(layout.anchorOffset.x, 400, "the window opens at that image")
        try "Notes.\n".write(toFile: directory + "/notes.txt", atomically: true, encoding: .utf8)
        XCTAssertNoThrow(try opened(directory + "/notes.txt", as: TextDocument.self, alone: true), "a text file stays itself")
    }
}
