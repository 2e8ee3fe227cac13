import ArchiveFixtures
import CPangoCairo
import DocumentKit
import EPUBKind
import Foundation
import ImageDecoding
import KindRegistry
@testable import TextKind
import XCTest

/// A book's CSS on its blocks: a linked style sheet, `<style>` and `style` attributes, every
/// property of the subset; and its embedded fonts, plain and obfuscated, used by pango.
final class EPUBStyleTests: XCTestCase {
    private func book(css: String, head: String = "", body: String, extra: [ArchiveEntry] = [], manifestExtra: String = "",
                      metadata: String = TestBooks.metadata()) throws -> TextDocument {
        let entries = [
            TestBooks.mimetype, TestBooks.container(),
            TestBooks.package(metadata: metadata, manifest: """
                <item id="c1" href="Text/one.xhtml" media-type="application/xhtml+xml"/>
                <item id="css" href="Styles/book.css" media-type="text/css"/>
                \(manifestExtra)
                """, spine: "<itemref idref=\"c1\"/>"),
            TestBooks.chapter("OEBPS/Text/one.xhtml", title: "One", body: body,
                              head: "<link rel=\"stylesheet\" type=\"text/css\" href=\"../Styles/book.css\"/>" + head),
            ArchiveEntry("OEBPS/Styles/book.css", css),
        ] + extra
        return try XCTUnwrap(try KindRegistry.open(try TestBooks.write(entries, self)) as? TextDocument)
    }

    private func block(_ text: String, in book: TextDocument, file: StaticString = #filePath, line: UInt = #line) throws -> Block {
        try XCTUnwrap(book.blocks.first { $0.text == text }, "no block \"\(text)\" in \(book.blocks.map(\.text))",
                      file: file, line: line)
    }

    private func kinds(of block: Block) -> [InlineStyle.Kind] { block.styles.map(\.kind) }

    func testEveryPropertyOfTheSubsetReachesTheBlocks() throws {
        let css = """
            p { margin: 0 }
            .first { text-indent: 2em; text-align: justify; margin: 0 0 1.5em }
            .look { font-style: italic; font-weight: 700; font-variant: small-caps; font-size: 1.25em }
            .up { vertical-align: super } .down { vertical-align: sub }
            .gone { display: none } .blocky { display: block } .inl { display: inline }
            .verse { white-space: pre }
            .part { page-break-before: always } .brk { break-before: page }
            .roman { list-style-type: upper-roman } .alpha li { list-style-type: lower-alpha } .none { list-style: none }
            .order { text-align: right }
            em.plain { font-style: normal }
            .spaced { margin-top: 2em; margin-bottom: 9em }
            """
        let book = try book(css: css, head: "<style>.order { text-align: center } .red { color: red }</style>", body: """
            <p class="first">Indented and justified.</p>
            <p class="look">Italic bold small caps.</p>
            <p>Word <span class="up">up</span> and <span class="down">down</span>.</p>
            <div class="gone"><p>Hidden.</p></div>
            <p>One piece <span class="blocky">block</span> two</p>
            <div class="inl">Runs</div> <div class="inl">together</div>
            <p class="verse">line one
               line two</p>
            <h2 class="part">Part Two</h2>
            <p class="brk">After a break.</p>
            <ol class="roman"><li>first</li><li>second</li></ol>
            <ol class="alpha"><li>ay</li><li>bee</li></ol>
            <ul style="list-style-type: square"><li>boxed</li></ul>
            <ul class="none"><li>plain item</li></ul>
            <p class="order">Centred by the style element.</p>
            <p class="order" style="text-align: left">Left by the attribute.</p>
            <p><em class="plain">Upright</em> <em>slanted</em></p>
            <p class="spaced red">Spaced.</p>
            """)
        let first = try block("Indented and justified.", in: book)
        XCTAssertEqual(first.style, BlockStyle(marginTopEms: 0, marginBottomEms: 1.5, textIndentEms: 2, isJustified: true))
        let look = try block("Italic bold small caps.", in: book)
        XCTAssertEqual(kinds(of: look), [.emphasis, .strong, .smallCaps, .fontScale(1.25)],
                       "each over the whole text")
        XCTAssertTrue(look.styles.allSatisfy { $0.utf8Range == 0..<look.text.utf8.count })
        let rises = try block("Word up and down.", in: book)
        XCTAssertEqual(rises.styles, [InlineStyle(.superscript, utf8Range: 5..<7), InlineStyle(.subscript, utf8Range: 12..<16)])
        XCTAssertFalse(book.blocks.contains { $0.text.contains("Hidden") }, "display: none")
        XCTAssertNotNil(book.blocks.firstIndex { $0.text == "block" }, "display: block makes a span a block of its own")
        XCTAssertEqual(try block("One piece", in: book).kind, .paragraph)
        XCTAssertNotNil(try? block("Runs together", in: book), "display: inline runs blocks into one")
        XCTAssertNotNil(try? block("line one\n   line two", in: book), "white-space: pre keeps lines and spaces")
        XCTAssertTrue(try block("Part Two", in: book).style.startsPage, "page-break-before: always")
        XCTAssertTrue(try block("After a break.", in: book).style.startsPage, "break-before: page")
        XCTAssertFalse(first.style.startsPage)
        for text in ["I. first", "II. second", "a. ay", "b. bee", "▪ boxed", "plain item"] {
            XCTAssertNotNil(try? block(text, in: book), "a list marker: \(text)")
        }
        XCTAssertEqual(try block("Centred by the style element.", in: book).alignment, .center,
                       "a <style> after the linked sheet wins at the same specificity")
        XCTAssertEqual(try block("Left by the attribute.", in: book).alignment, .leading, "the style attribute wins over both")
        XCTAssertEqual(try block("Upright slanted", in: book).styles, [InlineStyle(.emphasis, utf8Range: 8..<15)],
                       "em { font-style: normal } takes an <em>'s italic away")
        let spaced = try block("Spaced.", in: book)
        XCTAssertEqual(spaced.style.marginTopEms, 2)
        XCTAssertEqual(spaced.style.marginBottomEms, BookElementStyle.marginRange.upperBound, "held to the range")
        XCTAssertEqual(try block("One piece", in: book).style.marginTopEms, 0, "p { margin: 0 }")
    }

    /// DejaVu Sans with its family renamed to `family` (11 characters, as "DejaVu Sans" is,
    /// so the name table's offsets stay), so pango can only find it as the book's font.
    private func renamedDejaVu(_ family: String) throws -> [UInt8] {
        var font = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")))
        precondition(family.utf8.count == 11)
        func u16(_ at: Int) -> Int { Int(font[at]) << 8 | Int(font[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        let tables = u16(4)
        let record = try XCTUnwrap((0..<tables).map { 12 + 16 * $0 }.first { Array(font[$0..<($0 + 4)]) == Array("name".utf8) })
        let range = u32(record + 8)..<(u32(record + 8) + u32(record + 12))
        let old = Array("DejaVu Sans".utf8), new = Array(family.utf8)
        let oldWide: [UInt8] = old.flatMap { [0, $0] }, newWide: [UInt8] = new.flatMap { [0, $0] }
        var replaced = 0
        for (needle, replacement) in [(old, new), (oldWide, newWide)] as [([UInt8], [UInt8])] {
            var index = range.lowerBound
            while index + needle.count <= range.upperBound {
                if Array(font[index..<(index + needle.count)]) == needle {
                    font.replaceSubrange(index..<(index + needle.count), with: replacement)
                    replaced += 1
                }
                index += 1
            }
        }
        XCTAssertGreaterThan(replaced, 1, "the family is named in the name table")
        return font
    }

    /// The family of the font pango sets `text` in with `family`, on this thread's font map, as
    /// the shaper makes its layouts.
    private func familyShaping(_ text: String, in family: String) -> String? {
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        ApplicationFonts.refresh(fontMapOf: context)
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_from_string(family + " 20")
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_text(layout, text, -1)
        guard let line = pango_layout_get_line_readonly(layout, 0), let runs = line.pointee.runs,
              let run = runs.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
              let font = run.pointee.item.pointee.analysis.font else { return nil }
        let used = pango_font_describe(font)
        defer { pango_font_description_free(used) }
        return pango_font_description_get_family(used).map { String(cString: $0) }
    }

    func testEmbeddedFontsPlainAndObfuscatedAreRegisteredAndUsed() throws {
        let identifier = "urn:uuid:0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"
        let plain = try renamedDejaVu("GlideBookPl")
        var idpf = try renamedDejaVu("GlideBookId")
        var adobe = try renamedDejaVu("GlideBookAd")
        // IDPF: the first 1,040 bytes XORed with the SHA-1 of the identifier.
        let idpfKey = FontObfuscation.idpfKey(identifier)
        for index in 0..<1040 { idpf[index] ^= idpfKey[index % idpfKey.count] }
        // Adobe: the first 1,024 bytes XORed with the UUID's 16 bytes.
        let hex = Array(identifier.dropFirst("urn:uuid:".count).filter { $0 != "-" })
        let adobeKey = stride(from: 0, to: 32, by: 2).map { UInt8(String(hex[$0...$0 + 1]), radix: 16)! }
        for index in 0..<1024 { adobe[index] ^= adobeKey[index % 16] }
        let encryption = TestBooks.fontEncryption(idpf: "OEBPS/Fonts/idpf.ttf", adobe: "OEBPS/Fonts/adobe.ttf")
        let css = """
            @font-face { font-family: "Book Plain"; src: url(../Fonts/missing.ttf), url(../Fonts/plain.ttf); }
            @font-face { font-family: BookIDPF; src: url("../Fonts/idpf.ttf") format("truetype"); }
            @font-face { font-family: 'Book Adobe'; src: url(../Fonts/adobe.ttf); }
            @font-face { font-family: Broken; src: url(../Fonts/broken.ttf); }
            .plain { font-family: "Book Plain", serif } .idpf { font-family: bookidpf }
            .adobe { font-family: Book Adobe } .broken { font-family: Broken, sans-serif }
            .system { font-family: "DejaVu Serif" }
            """
        let book = try book(css: css, body: """
            <p class="plain">Plain font.</p><p class="idpf">IDPF font.</p><p class="adobe">Adobe font.</p>
            <p class="broken">Broken font.</p><p class="system">System font.</p>
            """, extra: [
                encryption, ArchiveEntry("OEBPS/Fonts/plain.ttf", bytes: plain), ArchiveEntry("OEBPS/Fonts/idpf.ttf", bytes: idpf),
                ArchiveEntry("OEBPS/Fonts/adobe.ttf", bytes: adobe), ArchiveEntry("OEBPS/Fonts/broken.ttf", bytes: Array(repeating: 7, count: 4096)),
            ], metadata: TestBooks.metadata(identifier: identifier))
        for (text, family) in [("Plain font.", "GlideBookPl"), ("IDPF font.", "GlideBookId"), ("Adobe font.", "GlideBookAd")] {
            let block = try block(text, in: book)
            XCTAssertEqual(kinds(of: block), [.fontFamily(family)], "\(text): the book's family maps to the font's own")
            XCTAssertEqual(familyShaping(text, in: family), family, "\(text): pango sets it in the book's font")
        }
        XCTAssertEqual(try block("Broken font.", in: book).styles, [], "a font fontconfig cannot read is ignored")
        XCTAssertEqual(try block("System font.", in: book).styles, [], "a family the book does not embed keeps Glide's fonts")
        XCTAssertNotEqual(familyShaping("x", in: "GlideBookNone"), "GlideBookNone", "the check can tell")
    }

    /// The style, weight and variant pango sets the run holding byte `index` of `block` in.
    private func typeShaped(_ block: Block, at index: Int) throws -> (style: PangoStyle, weight: PangoWeight, variant: PangoVariant) {
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let shaper = BlockShaper(context: context, typography: Typography(), palette: .light, images: ImageStore(), baseDirectory: ".")
        let layout = shaper.shape(block, width: 2000, maximumImageHeight: 1000)
        let text = try XCTUnwrap({ if case .text(let text) = layout.content { text } else { nil } }(), "the block is shaped as text")
        let line = try XCTUnwrap(pango_layout_get_line_readonly(text, 0), "the text has a first line")
        var runs = line.pointee.runs
        while let node = runs {
            let run = try XCTUnwrap(node.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self))
            let item = run.pointee.item.pointee
            if Int(item.offset) <= index, index < Int(item.offset + item.length) {
                let iterator = pango_attr_list_get_iterator(pango_layout_get_attributes(text))!
                defer { pango_attr_iterator_destroy(iterator) }
                repeat {
                    var start: Int32 = 0, end: Int32 = 0
                    pango_attr_iterator_range(iterator, &start, &end)
                    if Int(start) <= index, index < Int(end) { break }
                } while pango_attr_iterator_next(iterator) != 0
                let description = pango_font_description_new()!
                defer { pango_font_description_free(description) }
                pango_attr_iterator_get_font(iterator, description, nil, nil)
                let font = pango_font_describe(item.analysis.font)!
                defer { pango_font_description_free(font) }
                return (pango_font_description_get_style(font), pango_font_description_get_weight(font),
                        pango_font_description_get_variant(description))
            }
            runs = node.pointee.next
        }
        return try XCTUnwrap(nil, "no run holds byte \(index)")
    }

    func testNormalTurnsOffTheItalicBoldAndSmallCapsAnElementInherits() throws {
        let book = try book(css: """
            .it { font-style: italic; font-weight: bold; font-variant: small-caps }
            .plain { font-style: normal; font-weight: normal; font-variant: normal }
            .up { font-style: normal }
            """, body: """
            <p class="it"><span class="plain">Plain</span> then slanted</p>
            <p><em>Slanted <span class="up">upright</span> slanted</em></p>
            <p><strong><i>Both <span class="plain">neither</span></i></strong></p>
            """)
        let first = try block("Plain then slanted", in: book)
        XCTAssertTrue(kinds(of: first).contains(.upright))
        XCTAssertTrue(kinds(of: first).contains(.regularWeight))
        XCTAssertTrue(kinds(of: first).contains(.normalCaps))
        // Pango sets the inner span upright and regular though it starts with the italic bold
        // paragraph: the inner element's attributes are given last.
        let plain = try typeShaped(first, at: 0)
        XCTAssertEqual(plain.style, PANGO_STYLE_NORMAL)
        XCTAssertEqual(plain.weight, PANGO_WEIGHT_NORMAL)
        XCTAssertEqual(plain.variant, PANGO_VARIANT_NORMAL)
        let slanted = try typeShaped(first, at: 12)
        XCTAssertNotEqual(slanted.style, PANGO_STYLE_NORMAL, "italic, or the oblique face that stands for it")
        XCTAssertEqual(slanted.weight, PANGO_WEIGHT_BOLD)
        XCTAssertEqual(slanted.variant, PANGO_VARIANT_SMALL_CAPS)
        let em = try block("Slanted upright slanted", in: book)
        XCTAssertEqual(try typeShaped(em, at: 9).style, PANGO_STYLE_NORMAL, "an <em>'s italic is turned off inside it")
        XCTAssertNotEqual(try typeShaped(em, at: 0).style, PANGO_STYLE_NORMAL)
        let both = try block("Both neither", in: book)
        XCTAssertEqual(try typeShaped(both, at: 6).style, PANGO_STYLE_NORMAL)
        XCTAssertEqual(try typeShaped(both, at: 6).weight, PANGO_WEIGHT_NORMAL, "a <strong>'s bold too")
        XCTAssertEqual(try typeShaped(both, at: 0).weight, PANGO_WEIGHT_BOLD)
    }

    func testPageBreaksAfterMediaImportsAndAChaptersOwnFontFaces() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("glide-outside-\(getpid()).css").path
        try ".outside { font-weight: bold }".write(toFile: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let font = try renamedDejaVu("GlideBookCh")
        let book = try book(css: """
            @import url(base.css);
            @import url("print.css") print;
            @import url(../../../../../../..\(outside));
            @import url(file://\(outside));
            @media amzn-kf8 { .kindle { font-weight: bold } }
            @media screen { .screen { font-style: italic } }
            .pa { page-break-after: always } .ba { break-after: page }
            """, head: """
            <style>@font-face { font-family: "Chapter Face"; src: url(../Fonts/chapter.ttf) }
            @import url(../Styles/extra.css);
            .face { font-family: 'Chapter Face' }</style>
            """, body: """
            <p class="pa">Before one break.</p><p>After one break.</p>
            <div class="ba"><p>Before another.</p></div><p>After another.</p><p>Not after a break.</p>
            <p class="base">Imported.</p><p class="deeper">Imported twice.</p><p class="printed">Print only.</p>
            <p class="kindle">Kindle only.</p><p class="screen">Screen.</p><p class="outside">Outside.</p>
            <p class="extra">From the chapter's import.</p><p class="face">The chapter's font.</p>
            """, extra: [
                ArchiveEntry("OEBPS/Styles/base.css", "@import url(deeper.css); @import url(book.css); .base { font-style: italic }"),
                ArchiveEntry("OEBPS/Styles/deeper.css", "@import url(base.css); .deeper { font-weight: bold }"),
                ArchiveEntry("OEBPS/Styles/print.css", ".printed { font-style: italic }"),
                ArchiveEntry("OEBPS/Styles/extra.css", ".extra { font-style: italic }"),
                ArchiveEntry("OEBPS/Fonts/chapter.ttf", bytes: font),
            ])
        XCTAssertTrue(try block("After one break.", in: book).style.startsPage, "page-break-after: always")
        XCTAssertTrue(try block("After another.", in: book).style.startsPage, "break-after: page, on a div around the block")
        XCTAssertFalse(try block("Before another.", in: book).style.startsPage)
        XCTAssertFalse(try block("Not after a break.", in: book).style.startsPage)
        XCTAssertEqual(kinds(of: try block("Imported.", in: book)), [.emphasis], "@import, in a cycle back to the sheet")
        XCTAssertEqual(kinds(of: try block("Imported twice.", in: book)), [.strong], "an import's import")
        XCTAssertEqual(kinds(of: try block("Print only.", in: book)), [], "an import for print is not read")
        XCTAssertEqual(kinds(of: try block("Kindle only.", in: book)), [], "@media amzn-kf8 is not Glide's")
        XCTAssertEqual(kinds(of: try block("Screen.", in: book)), [.emphasis], "@media screen is")
        XCTAssertEqual(kinds(of: try block("Outside.", in: book)), [], "nothing outside the book is imported")
        XCTAssertEqual(kinds(of: try block("From the chapter's import.", in: book)), [.emphasis], "a <style>'s @import")
        let face = try block("The chapter's font.", in: book)
        XCTAssertEqual(kinds(of: face), [.fontFamily("GlideBookCh")], "a <style>'s @font-face, its source beside the chapter")
        XCTAssertEqual(familyShaping("The chapter's font.", in: "GlideBookCh"), "GlideBookCh")
    }
}
