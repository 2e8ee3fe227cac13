import DocumentKit
@testable import TextKind
import XCTest

/// The document's blocks as the accessible tree gets them: parsed Markdown grouped into lists,
/// items and quotes, links at character offsets, images named.
final class AccessibleBlocksTests: XCTestCase {
    private func accessibleBlocks(_ markdown: String) -> [AccessibleBlock] {
        let document = TextDocument(text: markdown, isMarkdown: true, title: "t.md")
        return AccessibleBlocks.blocks(document.blocks(inSection: 0), inSection: 0)
    }

    func testListsGroupTheirItemsAndNestedListsSitInTheirItem() throws {
        let blocks = accessibleBlocks("# Title\n\n1. first\n2. second\n   - inner a\n   - inner b\n3. third\n\nAfter.\n")
        XCTAssertEqual(blocks.map(\.role), [.heading(level: 1), .list(isOrdered: true), .paragraph])
        let items = blocks[1].children
        XCTAssertEqual(items.map(\.role), [.listItem, .listItem, .listItem])
        XCTAssertEqual(items.map(\.text), ["1. first", "2. second", "3. third"])
        let nested = try XCTUnwrap(items[1].children.first)
        XCTAssertEqual(nested.role, .list(isOrdered: false))
        XCTAssertEqual(nested.children.map(\.text), ["• inner a", "• inner b"])
        XCTAssertEqual(blocks[2].location, AccessibleBlockLocation(section: 0, block: 6))
    }

    func testGitHubTablesAreTablesOfRowsOfCells() {
        let blocks = accessibleBlocks("Before.\n\n| Name | Size |\n|---|--:|\n| a.txt | 3 |\n| b.md | 40 |\n\nAfter.\n")
        XCTAssertEqual(blocks.map(\.role), [.paragraph, .table, .paragraph])
        let rows = blocks[1].children
        XCTAssertEqual(rows.map(\.role), [.tableRow, .tableRow, .tableRow])
        XCTAssertEqual(rows[0].children.map(\.role), [.tableCell(isHeader: true), .tableCell(isHeader: true)])
        XCTAssertEqual(rows[0].children.map(\.text), ["Name", "Size"])
        XCTAssertEqual(rows[2].children.map(\.text), ["b.md", "40"])
        XCTAssertEqual(rows[2].children[0].role, .tableCell(isHeader: false))
    }

    func testQuotesHoldTheirBlocksAndCodeAndRulesKeepTheirRoles() {
        let blocks = accessibleBlocks("> quoted one\n>\n> quoted two\n\n---\n\n```\nlet a = 1\n```\n")
        XCTAssertEqual(blocks.map(\.role), [.blockQuote, .separator, .codeBlock])
        XCTAssertEqual(blocks[0].children.map(\.text), ["quoted one", "quoted two"])
        XCTAssertEqual(blocks[2].text, "let a = 1")
    }

    func testLinksAreAtCharacterOffsetsAndImagesAreNamedByAltTextOrFile() {
        let blocks = accessibleBlocks("Ça [mène là](#fin) et [ici](https://example.org).\n\n![A lighthouse](img/light.png)\n")
        XCTAssertEqual(blocks[0].links, [AccessibleLink(characterRange: 3..<10, target: "#fin"),
                                         AccessibleLink(characterRange: 14..<17, target: "https://example.org")])
        XCTAssertEqual(blocks[1].role, .image)
        XCTAssertEqual(blocks[1].text, "A lighthouse")
        // An image without alt text is named by its file.
        let bare = AccessibleBlocks.blocks([Block(kind: .image(source: "pics/sea.jpg"), text: "")], inSection: 4)
        XCTAssertEqual(bare, [AccessibleBlock(role: .image, text: "sea.jpg", location: AccessibleBlockLocation(section: 4, block: 0))])
    }

    func testAHeadingsLogoIsNotReadAsAnObjectReplacementCharacter() {
        for markdown in ["# <img src=\"logo.png\" width=\"32\" alt=\"Logo\"> Glide [docs](#docs)",
                         "# ![Logo](logo.png) Glide [docs](#docs)"] {
            let document = TextDocument(text: markdown, isMarkdown: true, title: "t.md")
            XCTAssertEqual(document.blocks[0].text, "\u{FFFC} Glide docs", "the logo has its place in the line")
            let heading = AccessibleBlocks.blocks(document.blocks(inSection: 0), inSection: 0)[0]
            XCTAssertFalse(heading.text.contains("\u{FFFC}"), markdown)
            // A zero-width space, not read, keeps every offset the block's own.
            XCTAssertEqual(heading.text, "\u{200B} Glide docs", markdown)
            XCTAssertEqual(heading.text.utf8.count, document.blocks[0].text.utf8.count)
            XCTAssertEqual(heading.links, [AccessibleLink(characterRange: 8..<12, target: "#docs")])
        }
    }

    func testHeadingSlugsAreGitHubsAndFindTheirHeading() {
        XCTAssertEqual(AnchorSlug.slug(ofHeading: "Why this document is so long"), "why-this-document-is-so-long")
        XCTAssertEqual(AnchorSlug.slug(ofHeading: "C'est l'été, 2024!"), "cest-lété-2024")
        let document = TextDocument(text: "# One\n\ntext\n\n## Где мы\n\nmore\n", isMarkdown: true, title: "t.md")
        let found = document.location(ofHeadingAnchor: "%D0%B3%D0%B4%D0%B5-%D0%BC%D1%8B", near: 0)
        XCTAssertEqual(found?.block, 2)
        XCTAssertNil(document.location(ofHeadingAnchor: "nowhere", near: 0))
    }

    func testPercentEscapesDecodeAsUTF8AndMalformedOnesAreRefused() {
        XCTAssertEqual(AnchorSlug.percentDecoded("%D0%B3%D0%B4%D0%B5-a%20b"), "где-a b")
        XCTAssertEqual(AnchorSlug.percentDecoded("plain"), "plain")
        XCTAssertNil(AnchorSlug.percentDecoded("50%"))
        XCTAssertNil(AnchorSlug.percentDecoded("%zz"))
        XCTAssertNil(AnchorSlug.percentDecoded("%FF"), "not UTF-8")
    }
}
