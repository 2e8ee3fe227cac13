@testable import DocumentKit
@testable import TextKind
import XCTest

/// A book's XHTML chapters as blocks (issue 24): every element a book uses becomes what it
/// means, its references resolve inside the book, and a chapter that is not well-formed still
/// reads through the HTML parser.
final class XHTMLChapterTests: XCTestCase {
    private func texts(_ blocks: [Block]) -> [String] { blocks.map(\.text) }

    private func kinds(_ blocks: [Block]) -> [Block.Kind] { blocks.map(\.kind) }

    func testHeadingsParagraphsQuotesAndEmphasisOfAnEPUB3Chapter() {
        let result = chapterBlocks("""
            <section epub:type="chapter" id="c1">
              <h1>Chapter <em>One</em></h1>
              <h2 id="s1">A  section</h2>
              <p>It was a <strong>dark</strong> and <i>stormy</i>
                 night.</p>
              <blockquote><p>Quoted.</p></blockquote>
              <h3>Small</h3>
            </section>
            """)
        XCTAssertEqual(texts(result), ["Chapter One", "A section", "It was a dark and stormy night.", "Quoted.", "Small"])
        XCTAssertEqual(kinds(result), [.heading(level: 1), .heading(level: 2), .paragraph, .paragraph, .heading(level: 3)])
        XCTAssertEqual(result[0].styles, [InlineStyle(.emphasis, utf8Range: 8..<11)])
        XCTAssertEqual(result[2].styles, [InlineStyle(.strong, utf8Range: 9..<13), InlineStyle(.emphasis, utf8Range: 18..<24)])
        XCTAssertEqual(result[3].quoteDepth, 1)
        XCTAssertEqual(result[0].anchors, ["text/ch1.xhtml#c1"], "ids are anchors in the book's names")
        XCTAssertEqual(result[1].anchors, ["text/ch1.xhtml#s1"])
        XCTAssertFalse(result.contains { $0.text.contains("Chapter") && $0.kind == .paragraph }, "the head's title is not shown")
    }

    func testLinksAndImagesResolveInsideTheBookAndNothingElseIsLoaded() {
        let result = chapterBlocks("""
            <p>See <a href="ch2.xhtml#s3">there</a>, <a href="#c1">here</a>, <a href="../notes.xhtml">notes</a>
               and <a href="https://example.org/">the web</a>.</p>
            <p><img src="../images/map.png" alt="The map"/></p>
            <p>Missing <img src="../images/none.png" alt="a lost picture"/>, outside <img src="../../../etc/x.png" alt="out"/>,
               remote <img src="http://example.org/a.png" alt="far"/>.</p>
            """, images: ["images/map.png"])
        let links = result[0].styles.compactMap { style -> String? in
            if case .link(let destination) = style.kind { return destination } else { return nil }
        }
        XCTAssertEqual(links, ["#text/ch2.xhtml#s3", "#text/ch1.xhtml#c1", "#notes.xhtml", "https://example.org/"])
        XCTAssertEqual(result[1].kind, .image(source: "images/map.png"))
        XCTAssertEqual(result[1].text, "The map")
        XCTAssertEqual(result[2].text, "Missing a lost picture, outside out, remote far.")
        XCTAssertFalse(result.contains { if case .image = $0.kind { return $0.text != "The map" } else { return false } },
                       "an image the book does not hold is a label, never a file to read")
        let labels = result[2].styles.compactMap { style -> String? in
            if case .imageLabel(let source) = style.kind { return source } else { return nil }
        }
        XCTAssertEqual(labels, ["../images/none.png", "../../../etc/x.png", "http://example.org/a.png"])
    }

    /// pandoc's footnotes: a section of notes whose `<hr/>` comes first; the short rule sets
    /// them apart once, as cmark-gfm's rule does for Markdown's (not three lines in a row).
    func testPandocsFootnotesHaveOneRule() {
        let result = chapterBlocks("""
            <p>Text<a epub:type="noteref" href="#fn1" id="fnref1">1</a>.</p>
            <section class="footnotes footnotes-end-of-document" epub:type="footnotes">
            <hr />
            <ol><li id="fn1" epub:type="footnote"><p>The note.<a href="#fnref1" role="doc-backlink">↩︎</a></p></li></ol>
            </section>
            <hr />
            <p>After.</p>
            """)
        XCTAssertEqual(kinds(result), [.paragraph, .noteRule, .note, .rule, .paragraph], "\(texts(result))")
    }

    func testANoteReferenceIsARaisedLinkAndTheNoteIsSmallerAfterAShortRule() throws {
        let result = chapterBlocks("""
            <p>Text<a epub:type="noteref" href="#n1" id="r1">1</a> and more<a epub:type="noteref" href="#n2"><sup>2</sup></a>.</p>
            <p>Between.</p>
            <aside epub:type="footnote" id="n1"><p>The first note.</p></aside>
            <aside epub:type="footnote" id="n2"><p>The <em>second</em> note.</p><p>Its second paragraph.</p></aside>
            <p>After the notes.</p>
            <p type="footnote">A plain type attribute is no note.</p>
            <div role="doc-footnote" id="n3">A note by its role.</div>
            """)
        XCTAssertEqual(texts(result), ["Text1 and more2.", "Between.", "", "The first note.", "The second note.",
                                       "Its second paragraph.", "After the notes.", "A plain type attribute is no note.", "",
                                       "A note by its role."])
        XCTAssertEqual(kinds(result), [.paragraph, .paragraph, .noteRule, .note, .note, .note, .paragraph, .paragraph,
                                       .noteRule, .note])
        let first = result[0].styles
        XCTAssertEqual(first.filter { $0.kind == .superscript }.map(\.utf8Range), [4..<5, 14..<15],
                       "each reference raised once, a <sup> inside one included")
        XCTAssertTrue(first.contains(InlineStyle(.link(destination: "#text/ch1.xhtml#n1"), utf8Range: 4..<5)))
        XCTAssertTrue(first.contains(InlineStyle(.link(destination: "#text/ch1.xhtml#n2"), utf8Range: 14..<15)))
        XCTAssertEqual(result[0].anchors, ["text/ch1.xhtml#r1"], "the way back from the note")
        XCTAssertEqual(result[2].anchors, [], "the rule takes no anchor")
        XCTAssertEqual(result[3].anchors, ["text/ch1.xhtml#n1"], "a tap on the reference shows the note's text")
        XCTAssertEqual(result[4].anchors, ["text/ch1.xhtml#n2"])
        XCTAssertEqual(result[9].anchors, ["text/ch1.xhtml#n3"])
        let document = TextDocument(blocks: result, title: "t")
        let position = try XCTUnwrap(document.position(ofHeadingAnchor: "text/ch1.xhtml%23n2"))
        XCTAssertEqual(position.block, 4, "a link's fragment finds the note, percent-encoded or not")
    }

    func testEndnotesInAListAreNotesWithTheirItemsIdsAndNoRuleUnderTheirHeading() {
        let result = chapterBlocks("""
            <section epub:type="endnotes" role="doc-endnotes">
              <h2>Notes</h2>
              <ol>
                <li id="note-1" epub:type="endnote"><p>One. <a href="ch1.xhtml#ref-1" epub:type="backlink">↩</a></p></li>
                <li id="note-2" epub:type="endnote"><p>Two.</p></li>
              </ol>
            </section>
            """, chapter: "text/endnotes.xhtml")
        XCTAssertEqual(texts(result), ["Notes", "1. One. ↩", "2. Two."])
        XCTAssertEqual(kinds(result), [.heading(level: 2), .note, .note])
        XCTAssertEqual(result.map(\.listDepth), [0, 1, 1])
        XCTAssertEqual(result[1].anchors, ["text/endnotes.xhtml#note-1"])
        XCTAssertEqual(result[2].anchors, ["text/endnotes.xhtml#note-2"])
        XCTAssertEqual(ListMarkerIndent.markerByteCount(of: result[1]), 3, "a note in a list hangs its number")
    }

    func testFiguresCaptionsSVGCoversAndFormulas() {
        let result = chapterBlocks("""
            <figure id="f1"><img src="../images/plate.jpg" alt="Plate one" width="300"/>
              <figcaption>Figure 1. <em>The harbour</em></figcaption></figure>
            <div class="cover"><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
                 viewBox="0 0 600 800"><title>Cover</title><image width="600" height="800" xlink:href="../images/cover.jpg"/></svg></div>
            <p>Area <math xmlns="http://www.w3.org/1998/Math/MathML" alttext="pi r squared"><mi>π</mi></math>, and
               <math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mi>x</mi><mo>=</mo><mn>2</mn></mrow>
               <annotation encoding="application/x-tex">x=2</annotation></semantics></math>.</p>
            """, images: ["images/plate.jpg", "images/cover.jpg"])
        XCTAssertEqual(kinds(result), [.image(source: "images/plate.jpg"), .caption, .image(source: "images/cover.jpg"), .paragraph])
        XCTAssertEqual(result[0].anchors, ["text/ch1.xhtml#f1"])
        XCTAssertEqual(result[0].imageSize, RequestedImageSize(width: 300))
        XCTAssertEqual(result[1].text, "Figure 1. The harbour")
        XCTAssertEqual(result[1].alignment, .center, "a caption is centred")
        XCTAssertEqual(result[2].imageSize, nil, "an SVG image's size is in the drawing's units, not px")
        XCTAssertEqual(result[3].text, "Area pi r squared, and x=2.")
    }

    func testRulesCodeTablesAndDefinitionLists() throws {
        let result = chapterBlocks("""
            <p>Before.</p>
            <hr class="transition"/>
            <pre><code>let x = 1
              indented</code></pre>
            <table><caption>Table 1</caption><thead><tr><th>Name</th><th>Age</th></tr></thead>
              <tbody><tr><td>Ann</td><td>30</td></tr></tbody></table>
            <dl><dt>Term</dt><dd>Its definition.</dd></dl>
            """)
        XCTAssertEqual(result[1].kind, .rule)
        XCTAssertEqual(result[2].kind, .code)
        XCTAssertEqual(result[2].text, "let x = 1\n  indented")
        XCTAssertEqual(result[3].kind, .caption)
        XCTAssertEqual(result[3].text, "Table 1")
        let rows = result.compactMap { if case .tableRow(let row) = $0.kind { return row } else { return nil } }
        XCTAssertEqual(rows.map { $0.cells.map(\.text) }, [["Name", "Age"], ["Ann", "30"]])
        XCTAssertEqual(rows.map(\.isHeader), [true, false])
        let term = try XCTUnwrap(result.first { $0.text == "Term" })
        XCTAssertEqual(term.styles, [InlineStyle(.strong, utf8Range: 0..<4)])
        XCTAssertEqual(term.listDepth, 0)
        let definition = try XCTUnwrap(result.first { $0.text == "Its definition." })
        XCTAssertEqual(definition.listDepth, 1, "a definition is indented under its term")
        XCTAssertEqual(definition.styles, [])
    }

    func testHiddenElementsSwitchesAndPageMarkersAreLeftOut() {
        let result = chapterBlocks("""
            <p>Shown.</p>
            <p hidden="hidden">Hidden by its attribute.</p>
            <div style="color: red; display:none !important"><p>Hidden by its style.</p></div>
            <p style="display: block">Shown by its style.</p>
            <p>Page <span epub:type="pagebreak" id="page12" title="12">12</span>turns.</p>
            <epub:switch><epub:case required-namespace="http://www.w3.org/1998/Math/MathML">The case.</epub:case>
              <epub:default><p>The default.</p></epub:default></epub:switch>
            <ul><li>Item</li><li style="display:none">Hidden item</li></ul>
            """)
        XCTAssertEqual(texts(result), ["Shown.", "Shown by its style.", "Page turns.", "The default.", "• Item"])
        XCTAssertEqual(result[2].anchors, ["text/ch1.xhtml#page12"], "a page marker is still an anchor")
        // A chapter that forgot to declare the prefix is still well-formed XML.
        let unbound = """
            <?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><epub:switch>
            <epub:case>The case.</epub:case><epub:default><p>The default.</p></epub:default></epub:switch>
            <p>Text<a epub:type="noteref" href="#n">2</a></p></body></html>
            """
        XCTAssertNotNil(HTMLTree(xml: Array(unbound.utf8)))
        let read = MarkupBlocks.blocks(ofXHTML: Array(unbound.utf8), references: BookReferences(chapter: "c.xhtml"))
        XCTAssertEqual(texts(read), ["The default.", "Text2"])
        XCTAssertTrue(read[1].styles.contains(InlineStyle(.superscript, utf8Range: 4..<5)))
    }

    func testLineBreaksAndPreservedWhiteSpaceKeepAPoemsLines() {
        let result = chapterBlocks("""
            <p class="verse">The first line,<br/>the second<br/>
              and the third.</p>
            <p style="white-space: pre">
            So long as men can breathe
              or eyes can see,</p>
            <p style="white-space:pre-line">Lines   kept,
                spaces   collapsed.</p>
            <p>Normal   again
               here.</p>
            """)
        XCTAssertEqual(texts(result), ["The first line,\nthe second\nand the third.", "So long as men can breathe\n  or eyes can see,",
                                       "Lines kept,\nspaces collapsed.", "Normal again here."])
        XCTAssertTrue(result.allSatisfy { $0.kind == .paragraph })
    }

    func testHTMLEntitiesOfXHTMLWithoutItsDTDAreTheirCharacters() {
        let xhtml = """
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head>
            <body><p title="A&nbsp;title">One&nbsp;two &mdash; three &amp; &#x263A; &lt;b&gt;</p></body></html>
            """
        let result = MarkupBlocks.blocks(ofXHTML: Array(xhtml.utf8), references: BookReferences(chapter: "c.xhtml"))
        XCTAssertEqual(texts(result), ["One\u{A0}two — three & ☺ <b>"])
    }

    func testAChapterThatIsNotWellFormedIsReadByTheHTMLParser() {
        // Unclosed paragraphs, a bare `<br>`, `&nbsp;` with no DTD and an undeclared prefix.
        let html = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml">
            <body>
            <h1 id="top">Broken&nbsp;chapter</h1>
            <p>First<br>line<a epub:type="noteref" href="#fn1">1</a>
            <p type="noteref">Second <b>bold
            <aside epub:type="footnote" id="fn1"><p>The note.</aside>
            </body></html>
            """
        XCTAssertNil(HTMLTree(xml: Array(html.utf8)), "the XML parser refuses it")
        let result = MarkupBlocks.blocks(ofXHTML: Array(html.utf8), references: BookReferences(chapter: "c.xhtml"))
        XCTAssertEqual(texts(result), ["Broken\u{A0}chapter", "First\nline1", "Second bold", "", "The note."])
        XCTAssertEqual(kinds(result), [.heading(level: 1), .paragraph, .paragraph, .noteRule, .note])
        XCTAssertEqual(result[0].anchors, ["c.xhtml#top"])
        XCTAssertTrue(result[1].styles.contains(InlineStyle(.superscript, utf8Range: 10..<11)), "epub:type read by its prefixed name")
        XCTAssertTrue(result[1].styles.contains(InlineStyle(.link(destination: "#c.xhtml#fn1"), utf8Range: 10..<11)))
        XCTAssertEqual(result[4].anchors, ["c.xhtml#fn1"])
    }

    func testAChapterInTheEncodingItDeclaresIsRead() throws {
        let utf16 = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>Ёлка café</p></body></html>"
        let bytes = [0xFF, 0xFE] + Array(try XCTUnwrap(utf16.data(using: .utf16LittleEndian)))
        XCTAssertEqual(texts(MarkupBlocks.blocks(ofXHTML: bytes, references: BookReferences(chapter: "c.xhtml"))), ["Ёлка café"])
        let latin1 = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><html><body><p>caf".utf8) + [0xE9]
            + Array("</p></body></html>".utf8)
        XCTAssertEqual(texts(MarkupBlocks.blocks(ofXHTML: latin1, references: BookReferences(chapter: "c.xhtml"))), ["café"])
    }

    func testInvalidUTF8InABrokenChapterBecomesReplacementCharacters() {
        let bytes = Array("<html><body><p>caf".utf8) + [0xE9] + Array(" <b>open</body>".utf8)
        let result = MarkupBlocks.blocks(ofXHTML: bytes, references: BookReferences(chapter: "c.xhtml"))
        XCTAssertEqual(texts(result), ["caf\u{FFFD} open"])
        XCTAssertEqual(MarkupBlocks.blocks(ofXHTML: [], references: BookReferences(chapter: "c.xhtml")), [])
    }

    func testABookAddsKindsButNoBytesToABlock() {
        // Block.swift built alone before and after the kinds of issue 24: 146 bytes, 152 a
        // stride on x86-64. Kinds without a payload fit in the tag the payloads leave.
        XCTAssertLessThanOrEqual(MemoryLayout<Block>.stride, 152)
        XCTAssertLessThanOrEqual(MemoryLayout<Block.Kind>.size, 40)
    }

    func testMarkdownHTMLKeepsItsOwnRulesAndItsListItemIdsBecomeAnchors() {
        let result = TextDocument(text: """
            <p style="display:none">GitHub drops style attributes, so this shows.</p>

            <ol><li id="first">One</li></ol>

            <p epub:type="footnote">No book, no note.</p>
            """, isMarkdown: true, title: "t").blocks
        XCTAssertEqual(texts(result), ["GitHub drops style attributes, so this shows.", "1. One", "No book, no note."])
        XCTAssertEqual(kinds(result), [.paragraph, .paragraph, .paragraph])
        XCTAssertEqual(result[1].anchors, ["first"], "a list item's id is an anchor, as written")
    }
}
