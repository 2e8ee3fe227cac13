import TextKind
import XCTest

/// Which image sources a document may load, and the label of one it may not.
final class ImageReferenceTests: XCTestCase {
    func testOnlyPathsInsideTheDocumentsFolderAreLoadable() {
        for source in ["logo.svg", "data/com.github.johnfactotum.Foliate.svg", "./a/../b.png", "docs/../img.png"] {
            XCTAssertTrue(ImageReference.isLoadable(source), source)
        }
        for source in ["https://img.shields.io/badge/x.svg", "HTTP://example.com/a.png", "//cdn.example/a.png",
                       "data:image/png;base64,AAAA", "/etc/passwd", "../docs/img.png", "a/../../b.png", ""] {
            XCTAssertFalse(ImageReference.isLoadable(source), source)
        }
    }

    func testAnImageThatIsNotLoadedIsLabelledByItsAltTextOrElseItsFileName() {
        XCTAssertEqual(ImageReference.label(source: "https://img.shields.io/b.svg", alternative: "  Build\n status "),
                       "Build status")
        XCTAssertEqual(ImageReference.label(source: "https://img.shields.io/badge/Liberapay-%E2%9C%93.svg?style=flat",
                                            alternative: ""), "Liberapay-✓.svg")
    }
}

/// Markdown images that are not loaded stay in their line as labels; a logo stays in its heading.
final class InlineImageLabelTests: XCTestCase {
    private func blocks(_ markdown: String) -> [Block] {
        TextDocument(text: markdown, isMarkdown: true, title: "t").blocks
    }

    func testARowOfRemoteBadgesIsOneParagraphOfLinkedLabels() {
        let row = blocks("[![Build](https://img.shields.io/b.svg)](https://ci.example) "
                         + "[![Chat](https://img.shields.io/c.svg)](https://chat.example)\n\nFirst sentence.")
        XCTAssertEqual(row.map(\.text), ["Build Chat", "First sentence."])
        XCTAssertFalse(row.contains { if case .image = $0.kind { return true } else { return false } })
        let labels = row[0].styles.filter { if case .imageLabel = $0.kind { return true } else { return false } }
        let links = row[0].styles.filter { if case .link = $0.kind { return true } else { return false } }
        XCTAssertEqual(labels.map(\.utf8Range), [0..<5, 6..<10])
        XCTAssertEqual(links.map(\.utf8Range), [0..<5, 6..<10])
    }

    func testAnImageOutsideTheFolderIsALabelAsARemoteOneIs() {
        for markdown in ["![Outside](../docs/img.png) ![Remote](https://example.com/img.png)",
                         "<img src=\"../docs/img.png\" alt=\"Outside\"> <img src=\"https://example.com/img.png\" alt=\"Remote\">"] {
            let found = blocks(markdown)
            XCTAssertEqual(found.map(\.text), ["Outside Remote"], markdown)
            XCTAssertEqual(found.first?.styles, [InlineStyle(.imageLabel(source: "../docs/img.png"), utf8Range: 0..<7),
                                                 InlineStyle(.imageLabel(source: "https://example.com/img.png"), utf8Range: 8..<14)])
        }
    }

    func testALocalImageInAHeadingStaysInItsLineAndOneInAParagraphIsABlock() {
        let found = blocks("# ![logo](logo.svg) Glide\n\n![shot](shot.png)")
        XCTAssertEqual(found.first?.text, "\u{FFFC} Glide")
        XCTAssertEqual(found.first?.styles, [InlineStyle(.inlineImage(source: "logo.svg"), utf8Range: 0..<3)])
        XCTAssertEqual(found.last?.kind, .image(source: "shot.png"))
    }
}
