@testable import TextKind
import XCTest

/// The CSS a book's chapters are read with: CSS Syntax 3's tokens and recovery, the
/// selectors of the subset, specificity and the cascade, and hostile sheets that stay bounded.
final class CSSTests: XCTestCase {
    func testTokensFollowCSSSyntaxLevel3() {
        let tokens = CSSTokenizer.tokens(of: "p.a/* comment */#b{margin:-1.5em 50% 2e1px;content:\"x\\\"y\" 'z\\41 b'}")
        XCTAssertEqual(tokens, [
            .ident("p"), .delim("."), .ident("a"), .hash("b", isID: true), .openCurly, .ident("margin"), .colon,
            .dimension(-1.5, unit: "em"), .whitespace, .percentage(50), .whitespace, .dimension(20, unit: "px"), .semicolon,
            .ident("content"), .colon, .string("x\"y"), .whitespace, .string("zAb"), .closeCurly,
        ])
        XCTAssertEqual(CSSTokenizer.tokens(of: "url( a.ttf ) url(\"b.ttf\") url(a b)"), [
            .url("a.ttf"), .whitespace, .function("url"), .string("b.ttf"), .closeParenthesis, .whitespace, .badURL,
        ])
        XCTAssertEqual(CSSTokenizer.tokens(of: "'open\nnext"), [.badString, .whitespace, .ident("next")],
                       "a string cut by a newline is a bad string, and the newline is the next token")
        XCTAssertEqual(CSSTokenizer.tokens(of: "#1a \\\n <!-- --> @media"), [
            .hash("1a", isID: false), .whitespace, .delim("\\"), .whitespace, .cdo, .whitespace, .cdc, .whitespace,
            .atKeyword("media"),
        ])
        XCTAssertEqual(CSSTokenizer.tokens(of: "/* unclosed"), [], "an unclosed comment runs to the end")
        XCTAssertEqual(CSSTokenizer.tokens(of: "\\0 x\u{0}"), [.ident("\u{FFFD}x\u{FFFD}")], "NUL and escaped zero are U+FFFD")
    }

    func testRulesAtRulesAndFontFacesAreReadAndMalformedPartsDropped() {
        let sheet = CSSStyleSheet(text: """
            @charset "utf-8";
            @import url(other.css);
            @media print { p { font-style: italic } }
            @font-face { font-family: "Book Serif"; src: url(../fonts/serif.otf) format("opentype"), url('x.woff'); }
            p { font-style: italic; color: red; ; bogus; font-weight bold; 12: 3; text-align: center !important }
            h1 > p { font-style: italic }
            p, div:first-child, q { text-indent: 1em }
            broken { font-style: italic
            """)
        XCTAssertEqual(sheet.fontFaces, [CSSStyleSheet.FontFace(family: "Book Serif", sources: ["../fonts/serif.otf", "x.woff"])])
        XCTAssertEqual(sheet.rules.map { $0.selector.compounds.map(\.type) }, [["p"], ["p"], ["q"], ["broken"]],
                       "@media passed over; a child combinator and a pseudo-class drop only their selector")
        XCTAssertEqual(sheet.rules[0].declarations.map(\.property), ["font-style", "text-align"],
                       "colour is not of the subset; `font-weight bold` has no colon and is dropped")
        XCTAssertEqual(sheet.rules[0].declarations.map(\.isImportant), [false, true])
        XCTAssertEqual(sheet.rules[3].declarations.first?.keyword, "italic", "an unclosed block ends with the sheet")
    }

    func testSpecificityOrdersIDsClassesAndTypes() throws {
        func specificity(_ text: String) throws -> Int {
            try XCTUnwrap(CSSSelector(CSSTokenizer.tokens(of: text)), text).specificity
        }
        XCTAssertLessThan(try specificity("div p span"), try specificity(".a"))
        XCTAssertLessThan(try specificity("p.a.b.c"), try specificity("#x"))
        XCTAssertLessThan(try specificity("*"), try specificity("p"))
        XCTAssertEqual(try specificity("body div#x.y p"), 1 << 20 | 1 << 10 | 3)
        for unsupported in ["p > a", "a[href]", "p:first-child", "p::before", "h1 + p", "ns|p", "p ~ q", ".", "#1x"] {
            XCTAssertNil(CSSSelector(CSSTokenizer.tokens(of: unsupported)), unsupported)
        }
    }

    /// The computed style of the element with id `id` in `body`, under `sheet` and its own `style`.
    private func style(of id: String, in body: String, sheet: String) throws -> BookElementStyle {
        let tree = try XCTUnwrap(HTMLTree(xml: Array("<html><body>\(body)</body></html>".utf8)))
        let cascade = CSSCascade(sheets: [CSSStyleSheet(text: sheet)])
        var path: [HTMLNode] = []
        func find(_ node: HTMLNode) -> Bool {
            path.append(node)
            if node.attribute("id") == id { return true }
            for child in node.elementChildren where find(child) { return true }
            path.removeLast()
            return false
        }
        XCTAssertTrue(find(try XCTUnwrap(tree.root)), "no #\(id)")
        var computed = BookElementStyle()
        for node in path {
            let inline = node.attribute("style").map(CSSParser.declarations(ofStyleAttribute:)) ?? []
            computed = BookElementStyle(name: node.elementName!, declarations: cascade.declarations(for: node, inline: inline),
                                        parent: computed, fontFamilies: [:])
        }
        return computed
    }

    func testTheCascadeTakesImportanceThenTheStyleAttributeThenSpecificityThenOrder() throws {
        let body = """
            <div class="poem"><p id="a" class="x">a</p><p id="b" class="x" style="text-align: right">b</p>
            <p id="c" style="text-align: right">c</p></div><p id="d" class="x">d</p>
            """
        let sheet = """
            p { text-align: center; text-indent: 2em }
            .poem p { text-align: left }
            p { text-align: right }
            .x { text-indent: 1em }
            #c { text-align: center !important }
            div.poem p.x { font-style: italic }
            """
        XCTAssertEqual(try style(of: "a", in: body, sheet: sheet).alignment, .leading, "more specific beats later")
        XCTAssertEqual(try style(of: "d", in: body, sheet: sheet).alignment, .trailing, "the later of the same specificity")
        XCTAssertEqual(try style(of: "b", in: body, sheet: sheet).alignment, .trailing, "the style attribute beats selectors")
        XCTAssertEqual(try style(of: "c", in: body, sheet: sheet).alignment, .center, "!important beats the style attribute")
        XCTAssertEqual(try style(of: "a", in: body, sheet: sheet).textIndentEms, 1)
        XCTAssertEqual(try style(of: "c", in: body, sheet: sheet).textIndentEms, 2)
        XCTAssertEqual(try style(of: "a", in: body, sheet: sheet).isItalic, true, "a descendant compound selector")
        XCTAssertEqual(try style(of: "d", in: body, sheet: sheet).isItalic, false, "outside the poem")
    }

    func testInheritanceAndRelativeSizesHeldToTheirRange() throws {
        let body = """
            <div class="small"><p id="p"><span id="s" class="big">x</span><span id="t" class="huge">y</span></p></div>
            <h2 id="h" class="small">z</h2>
            """
        let sheet = """
            .small { font-size: 80%; font-variant: small-caps; margin: 4em 0 -1em; font-family: Nothing }
            .big { font-size: larger; vertical-align: super }
            .huge { font-size: 10em }
            """
        let paragraph = try style(of: "p", in: body, sheet: sheet)
        XCTAssertEqual(paragraph.fontScale, 0.8, accuracy: 1e-9)
        XCTAssertTrue(paragraph.isSmallCaps, "inherited")
        XCTAssertNil(paragraph.marginTopEms, "margins are not inherited")
        XCTAssertNil(paragraph.fontFamily, "a family the book does not embed keeps Glide's fonts")
        let span = try style(of: "s", in: body, sheet: sheet)
        XCTAssertEqual(span.fontScale, 0.96, accuracy: 1e-9)
        XCTAssertEqual(span.verticalAlign, .superscript)
        XCTAssertEqual(try style(of: "t", in: body, sheet: sheet).fontScale, BookElementStyle.fontScaleRange.upperBound)
        let heading = try style(of: "h", in: body, sheet: sheet)
        XCTAssertEqual(heading.fontScale, 1, "Glide keeps its headings' sizes")
        XCTAssertEqual(heading.marginTopEms, BookElementStyle.marginRange.upperBound, "4 em held to the range")
        XCTAssertEqual(heading.marginBottomEms, 0, "a negative margin is none")
    }

    func testListMarkersOfEveryStyle() {
        XCTAssertEqual(ListStyle.decimal.marker(3), "3. ")
        XCTAssertEqual(ListStyle.lowerAlpha.marker(28), "ab. ")
        XCTAssertEqual(ListStyle.upperAlpha.marker(2), "B. ")
        XCTAssertEqual(ListStyle.lowerRoman.marker(1994), "mcmxciv. ")
        XCTAssertEqual(ListStyle.upperRoman.marker(4), "IV. ")
        XCTAssertEqual(ListStyle.upperRoman.marker(4000), "4000. ", "past Roman numerals, decimal")
        XCTAssertEqual(ListStyle.disc.marker(1), "• ")
        XCTAssertEqual(ListStyle.circle.marker(1), "◦ ")
        XCTAssertEqual(ListStyle.square.marker(1), "▪ ")
        XCTAssertNil(ListStyle.none.marker(1))
    }

    func testHostileSheetsStayBounded() {
        // 50 MB of rules: read up to the cap, and no more rules kept than the cap.
        let rule = "* { font-style: italic; text-indent: 1em } "
        let huge = String(repeating: rule, count: 50_000_000 / rule.utf8.count)
        let sheet = CSSStyleSheet(text: huge)
        XCTAssertLessThanOrEqual(sheet.rules.count, CSSStyleSheet.maximumSelectors)
        XCTAssertEqual(sheet.rules.count, CSSStyleSheet.maximumSelectors, "the first rules are kept")
        // Blocks nested a million deep, in a rule and at the top level: no recursion to overflow.
        let deep = String(repeating: "{([", count: 300_000)
        XCTAssertTrue(CSSStyleSheet(text: "p " + deep).rules.isEmpty)
        XCTAssertTrue(CSSStyleSheet(text: "p { font-style: italic } @media x " + deep + "p { font-style: italic }").rules.count == 1)
        let declarations = CSSParser.declarations(ofStyleAttribute: "font-style: italic; x: " + deep)
        XCTAssertEqual(declarations.map(\.property), ["font-style"])
        // A selector of a thousand compounds is not supported rather than walked.
        let long = Array(repeating: "div", count: 1000).joined(separator: " ")
        XCTAssertTrue(CSSStyleSheet(text: long + " { font-style: italic }").rules.isEmpty)
        // Garbage of every byte parses to something or nothing, never a crash.
        var bytes: [UInt8] = []
        var seed: UInt32 = 12345
        for _ in 0..<200_000 {
            seed = seed &* 1_103_515_245 &+ 12345
            bytes.append(UInt8(truncatingIfNeeded: seed >> 16))
        }
        _ = CSSStyleSheet(text: String(decoding: bytes, as: UTF8.self))
    }

    func testMediaRulesForAScreenApplyAndImportsAreListed() {
        let sheet = CSSStyleSheet(text: """
            @import url(base.css);
            @import "fonts.css" screen;
            @import url("print.css") print;
            @import url(kindle.css) amzn-kf8;
            @media print { .print { font-style: italic } }
            @media amzn-kf8 { .kf8 { font-style: italic } }
            @media amzn-mobi, print { .mobi { font-style: italic } }
            @media screen { .screen { font-style: italic } }
            @media only screen, print { .only { font-style: italic } }
            @media all { .all { font-style: italic } }
            @media { .bare { font-style: italic } }
            @media not print { .notprint { font-style: italic } }
            @media screen and (max-width: 600px) { .narrow { font-style: italic } }
            @media screen { @media all { .nested { font-style: italic } } @media print { .nestedprint { font-style: italic } } }
            .after { font-style: italic }
            """)
        XCTAssertEqual(sheet.imports, ["base.css", "fonts.css"], "a print or Kindle import is not Glide's")
        XCTAssertEqual(sheet.rules.map { $0.selector.compounds.map(\.classes) }.map { $0.first?.first },
                       ["screen", "only", "all", "bare", "notprint", "nested", "after"])
        // Nested past the depth kept: passed over, and no stack for a hostile nest.
        let deep = String(repeating: "@media screen { ", count: 100_000) + ".deep { font-style: italic }"
        XCTAssertTrue(CSSStyleSheet(text: deep).rules.isEmpty)
        let shallow = String(repeating: "@media screen { ", count: CSSParser.maximumMediaDepth) + ".kept { font-style: italic }"
        XCTAssertEqual(CSSStyleSheet(text: shallow).rules.count, 1)
        // An imported sheet's rules come first, so the importing sheet's own win a tie.
        let imported = CSSStyleSheet(text: "p { font-style: italic; text-indent: 2em }")
        let merged = CSSStyleSheet(text: "@import url(base.css); p { text-indent: 1em }").importing([imported])
        XCTAssertEqual(merged.rules.map { $0.declarations.map(\.property) }, [["font-style", "text-indent"], ["text-indent"]])
    }

    func testNormalTurnsOffInheritedItalicBoldAndSmallCaps() throws {
        let sheet = ".it { font-style: italic; font-weight: bold; font-variant: small-caps } "
            + ".plain { font-style: normal; font-weight: normal; font-variant: normal } .pa { page-break-after: always } "
            + ".ba { break-after: page } .bb { break-after: avoid }"
        let body = "<div class=\"it\"><span id=\"in\" class=\"plain\">x</span><span id=\"kept\">y</span></div>"
        let inner = try style(of: "in", in: body, sheet: sheet)
        XCTAssertEqual([inner.isItalic, inner.isBold, inner.isSmallCaps], [false, false, false])
        XCTAssertEqual([inner.declaredItalic, inner.declaredBold, inner.declaredSmallCaps], [false, false, false])
        let kept = try style(of: "kept", in: body, sheet: sheet)
        XCTAssertEqual([kept.isItalic, kept.isBold, kept.isSmallCaps], [true, true, true])
        XCTAssertTrue(try style(of: "a", in: "<p id=\"a\" class=\"pa\">a</p>", sheet: sheet).breaksPageAfter)
        XCTAssertTrue(try style(of: "a", in: "<p id=\"a\" class=\"ba\">a</p>", sheet: sheet).breaksPageAfter)
        XCTAssertFalse(try style(of: "a", in: "<p id=\"a\" class=\"bb\">a</p>", sheet: sheet).breaksPageAfter)
    }
}
