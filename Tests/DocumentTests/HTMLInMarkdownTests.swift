@testable import DocumentKit
@testable import TextKind
import XCTest

/// HTML inside Markdown as GitHub shows it (issue 29): each element GitHub READMEs use becomes
/// what it means, and no markup is ever shown as text.
final class HTMLInMarkdownTests: XCTestCase {
    private func blocks(_ markdown: String) -> [Block] {
        TextDocument(text: markdown, isMarkdown: true, title: "t").blocks
    }

    private func texts(_ blocks: [Block]) -> [String] { blocks.map(\.text) }

    private func assertNoMarkup(_ blocks: [Block], file: StaticString = #filePath, line: UInt = #line) {
        for block in blocks where block.kind != .code {
            XCTAssertFalse(block.text.contains("<") || block.text.contains(">"), "markup shown: \(block.text)", file: file, line: line)
        }
    }

    func testCentredParagraphsAndDivsCentreWhatTheyHoldAcrossMarkdownBlocks() {
        let result = blocks("""
            <p align="center">
              A <b>bold</b> tagline
            </p>

            <div align="center">

            # Title

            Centred *paragraph*.

            </div>

            After, at the left.
            """)
        XCTAssertEqual(texts(result), ["A bold tagline", "Title", "Centred paragraph.", "After, at the left."])
        XCTAssertEqual(result.map(\.alignment), [.center, .center, .center, .leading])
        XCTAssertEqual(result[0].styles, [InlineStyle(.strong, utf8Range: 2..<6)])
        XCTAssertEqual(result[1].kind, .heading(level: 1))
        XCTAssertEqual(result[2].styles, [InlineStyle(.emphasis, utf8Range: 8..<17)])
        assertNoMarkup(result)
    }

    func testImagesKeepTheirSizeAlignmentAndDescriptionAndRemoteOnesAreInlineLabels() throws {
        let result = blocks("""
            <img src="data/icon.svg" align="left" width="96" height="64" alt="The icon">

            Text <img src="https://img.shields.io/badge/a-b-green" alt="build passing"> after.

            <img src="shot.png" width="50%">
            """)
        XCTAssertEqual(result[0].kind, .image(source: "data/icon.svg"))
        XCTAssertEqual(result[0].text, "The icon")
        XCTAssertEqual(result[0].alignment, .leading)
        XCTAssertEqual(result[0].imageSize, RequestedImageSize(width: 96, height: 64))
        XCTAssertEqual(result[1].text, "Text build passing after.")
        XCTAssertEqual(result[1].styles, [InlineStyle(.imageLabel(source: "https://img.shields.io/badge/a-b-green"), utf8Range: 5..<18)])
        XCTAssertEqual(result[2].kind, .image(source: "shot.png"))
        XCTAssertEqual(result[2].imageSize, RequestedImageSize(width: 50, widthIsPercent: true))
        XCTAssertEqual(result[2].alignment, .center, "an image that asks for no side is centred, as Markdown's are")
    }

    func testARowOfLinkedBadgesIsOneParagraphOfLabelsThatFollowTheirLinks() {
        let badges = (1...8).map { "[![badge \($0)](https://img.shields.io/b\($0).svg)](https://example.com/\($0))" }
        // As in KOReader's README: Markdown badges between HTML tags, blank lines around them
        // (without the blank lines, CommonMark and GitHub keep them as text of the HTML block).
        let result = blocks("<div align=\"center\">\n\n" + badges.joined(separator: "\n") + "\n\n</div>\n\nFirst sentence.")
        XCTAssertEqual(result.count, 2, "the badges are one paragraph, then the sentence")
        XCTAssertEqual(result.first?.alignment, .center)
        XCTAssertEqual(result[0].text, (1...8).map { "badge \($0)" }.joined(separator: " "))
        let labels = result[0].styles.filter { if case .imageLabel = $0.kind { return true } else { return false } }
        let links = result[0].styles.filter { if case .link = $0.kind { return true } else { return false } }
        XCTAssertEqual(labels.count, 8)
        XCTAssertEqual(links.map(\.utf8Range), labels.map(\.utf8Range), "each label carries its link")
        XCTAssertEqual(links.first?.kind, .link(destination: "https://example.com/1"))
    }

    func testAPictureShowsItsFirstSourceThatCanBeShown() {
        let result = blocks("""
            <picture>
              <source srcset="https://example.com/remote.webp" type="image/webp">
              <source srcset="art.jxl" type="image/jxl">
              <source srcset="art-dark.png" media="(prefers-color-scheme: dark)">
              <source srcset="art.png 1x, art@2x.png 2x">
              <img src="fallback.png" alt="Artwork" width="200">
            </picture>

            <picture><source srcset="https://x.org/a.png"><img src="https://x.org/b.png" alt="Remote art"></picture>
            """)
        XCTAssertEqual(result[0].kind, .image(source: "art.png", darkSource: "art-dark.png"),
                       "the dark-mode source is passed over, and kept for a dark page")
        XCTAssertEqual(result[0].text, "Artwork")
        XCTAssertEqual(result[0].imageSize, RequestedImageSize(width: 200))
        XCTAssertEqual(result[1].text, "Remote art", "a picture with nothing local is its label")
    }

    func testLineBreaksKeyCapsSuperscriptAndSubscript() {
        let result = blocks("Press <kbd>Ctrl</kbd>+<kbd>C</kbd><br>x<sup>2</sup> and H<sub>2</sub>O")
        XCTAssertEqual(result.count, 1)
        XCTAssertEqual(result[0].text, "Press Ctrl+C\nx2 and H2O")
        XCTAssertEqual(result[0].styles.map(\.kind), [.keyboard, .keyboard, .superscript, .subscript])
        XCTAssertEqual(result[0].styles.map(\.utf8Range), [6..<10, 11..<12, 14..<15, 21..<22])
    }

    func testDetailsIsASummaryWithABodyNumberedInTheOrderTheyOpen() {
        let result = blocks("""
            <details>
            <summary>Build <b>options</b></summary>

            Body paragraph.

            <details><summary>Inner</summary>Deep text.</details>

            </details>

            <details>No summary here.</details>

            After.
            """)
        XCTAssertEqual(texts(result), ["Build options", "Body paragraph.", "Inner", "Deep text.", "Details", "No summary here.", "After."])
        XCTAssertEqual(result.map(\.disclosure), [
            DisclosurePlace(summaryOf: 0), DisclosurePlace(enclosingBodies: [0]),
            DisclosurePlace(enclosingBodies: [0], summaryOf: 1), DisclosurePlace(enclosingBodies: [0, 1]),
            DisclosurePlace(summaryOf: 2), DisclosurePlace(enclosingBodies: [2]), nil,
        ])
    }

    func testDetailsWithOpenStartOpenAndTheOthersClosed() {
        let result = blocks("""
            <details open>
            <summary>Install</summary>

            Open body.

            <details><summary>Closed inner</summary>Inner text.</details>

            </details>

            <details><summary>Closed</summary>Closed body.</details>
            """)
        XCTAssertEqual(texts(result), ["Install", "Open body.", "Closed inner", "Inner text.", "Closed", "Closed body."])
        XCTAssertEqual(result.map(\.disclosure), [
            DisclosurePlace(summaryOf: 0, startsOpen: [0]), DisclosurePlace(enclosingBodies: [0], startsOpen: [0]),
            DisclosurePlace(enclosingBodies: [0], summaryOf: 1, startsOpen: [0]),
            DisclosurePlace(enclosingBodies: [0, 1], startsOpen: [0]),
            DisclosurePlace(summaryOf: 2), DisclosurePlace(enclosingBodies: [2]),
        ])
        XCTAssertEqual(result.compactMap(\.disclosure).map { $0.summaryOf.map($0.startsOpen) }, [true, nil, false, nil, false, nil])
        let document = TextDocument(text: "<details open><summary>S</summary>\n\nShown.\n\n</details>\n\n"
                                    + "<details><summary>T</summary>\n\nHidden.\n\n</details>", isMarkdown: true, title: "t")
        XCTAssertEqual(document.text(in: .all, shown: DisclosureState()), "S\n\nShown.\n\nT",
                       "what is shown before anything is toggled")
    }

    func testHTMLTablesAreSetLikeGitHubTables() {
        let result = blocks("""
            <table>
              <thead><tr><th>Key</th><th align="right">Action</th></tr></thead>
              <tbody>
                <tr><td><kbd>j</kbd></td><td>Scroll <i>down</i></td></tr>
                <tr><td colspan="2">Spanning <img src="cell.png"></td></tr>
              </tbody>
            </table>
            """)
        let rows = result.compactMap { if case .tableRow(let row) = $0.kind { return row } else { return nil } }
        XCTAssertEqual(rows.count, 3)
        XCTAssertEqual(rows.map(\.isHeader), [true, false, false])
        XCTAssertEqual(rows[0].alignments, [.leading, .trailing])
        XCTAssertEqual(rows[1].cells.map(\.text), ["j", "Scroll down"])
        XCTAssertEqual(rows[1].cells[0].styles, [InlineStyle(.keyboard, utf8Range: 0..<1)])
        XCTAssertEqual(rows[2].cells.map(\.text), ["Spanning", ""])
        XCTAssertEqual(result.last?.kind, .image(source: "cell.png"), "an image in a cell follows the table")
        let details = blocks("<table><tr><td><details><summary>Options</summary>All of them</details></td></tr></table>")
        XCTAssertEqual(details.compactMap { if case .tableRow(let row) = $0.kind { return row.cells.map(\.text) } else { return nil } },
                       [["Options All of them"]], "a cell's details show their summary and body apart")
    }

    func testAnchorsByNameAndIdAreOnTheBlockTheyMarkAndLinksReachThem() throws {
        let markdown = """
            Intro with a [jump](#install-notes).

            <a name="install-notes"></a>
            Install notes, here.

            <p id="faq">FAQ.</p>
            """
        let result = blocks(markdown)
        XCTAssertEqual(texts(result), ["Intro with a jump.", "Install notes, here.", "FAQ."])
        XCTAssertEqual(result[1].anchors, ["install-notes"])
        XCTAssertEqual(result[2].anchors, ["faq"])
        let document = TextDocument(text: markdown, isMarkdown: true, title: "t")
        XCTAssertEqual(document.position(ofHeadingAnchor: "install-notes")?.block, 1)
        XCTAssertEqual(document.position(ofHeadingAnchor: "faq")?.block, 2)
    }

    func testCommentsScriptsStylesAndUnknownTagsAreHiddenAndTheirTextShown() {
        let result = blocks("""
            <!-- a comment that -- spans
            lines -->
            <script>alert("no")</script><style>p { color: red }</style>
            <iframe src="https://example.com"></iframe>

            Plain <blink>unknown</blink> and <custom-tag attr="x">custom</custom-tag> text.
            """)
        XCTAssertEqual(texts(result), ["Plain unknown and custom text."])
    }

    func testMarkupStaysInCodeSpansAndCodeBlocks() {
        let result = blocks("""
            Use `<kbd>` for keys.

            ```html
            <p align="center">
              <img src="x.png">
            </p>
            ```

            <pre>  kept   <b>spaces</b>
            line two</pre>
            """)
        XCTAssertEqual(result[0].text, "Use <kbd> for keys.")
        XCTAssertEqual(result[0].styles, [InlineStyle(.code, utf8Range: 4..<9)])
        XCTAssertEqual(result[1].kind, .code)
        XCTAssertEqual(result[1].text, "<p align=\"center\">\n  <img src=\"x.png\">\n</p>")
        XCTAssertEqual(result[2].kind, .code)
        XCTAssertEqual(result[2].text, "  kept   spaces\nline two")
    }

    func testMarkdownAroundHTMLKeepsListsTaskBoxesQuotesFootnotesAndTables() {
        let result = blocks("""
            <b>HTML</b> makes this go through the mapping.

            - [x] done
            - [ ] to do
              1. nested

            > quoted *text*

            | a | b |
            |:-:|--:|
            | 1 | 2 |

            A note[^n].

            [^n]: The note.
            """)
        XCTAssertEqual(texts(result).prefix(5), ["HTML makes this go through the mapping.", "☒ done", "☐ to do", "1. nested", "quoted text"])
        XCTAssertEqual(result[1].listDepth, 1)
        XCTAssertEqual(result[3].listDepth, 2)
        XCTAssertEqual(result[4].quoteDepth, 1)
        let rows = result.compactMap { if case .tableRow(let row) = $0.kind { return row } else { return nil } }
        XCTAssertEqual(rows.map { $0.cells.map(\.text) }, [["a", "b"], ["1", "2"]])
        XCTAssertEqual(rows[0].alignments, [.center, .trailing])
        let note = try? XCTUnwrap(result.first { $0.text.hasPrefix("A note") })
        XCTAssertEqual(note?.styles.map(\.kind).contains(.superscript), true)
        XCTAssertTrue(result.contains { $0.kind == .rule }, "a rule above the footnotes")
        XCTAssertTrue(result.contains { $0.text.hasPrefix("1. The note.") })
        assertNoMarkup(result)
    }

    func testAHeadingLogoStaysInTheHeadingWithNoLeadingSpace() {
        let result = blocks("# <img src=\"logo.svg\" width=\"32\"> Foliate\n\nText.")
        XCTAssertEqual(result[0].kind, .heading(level: 1))
        XCTAssertEqual(result[0].text, "\u{FFFC} Foliate")
        XCTAssertEqual(result[0].styles, [InlineStyle(.inlineImage(source: "logo.svg"), utf8Range: 0..<3)])
        let document = TextDocument(text: "# <img src=\"logo.svg\" width=\"32\"> Foliate\n\nText.", isMarkdown: true, title: "t")
        XCTAssertEqual(document.text(in: .all), "Foliate\n\nText.", "the logo's stand-in character is not copied")
    }

    func testHostileHTMLStaysBoundedAndShowsNoMarkup() {
        let deep = String(repeating: "<div><span><b>", count: 5_000) + "core" + String(repeating: "</b></span></div>", count: 5_000)
        let result = blocks("<p>start</p>\n\n" + deep)
        XCTAssertEqual(result.first?.text, "start")
        XCTAssertTrue(result.contains { $0.text.contains(MarkdownParser.tooDeepText) }, "what is nested too deeply is noted")
        let unclosed = blocks("<details><summary>S<table><tr><td><details><p align=center>x" + String(repeating: "<td>", count: 30_000))
        XCTAssertFalse(unclosed.isEmpty)
        assertNoMarkup(unclosed)
        let manyCells = blocks("<table>" + String(repeating: "<tr>" + String(repeating: "<td>c</td>", count: 10) + "</tr>", count: 3_000) + "</table>")
        XCTAssertEqual(manyCells.last?.text, XHTMLBlockMapper.tableCutText)
    }
}

