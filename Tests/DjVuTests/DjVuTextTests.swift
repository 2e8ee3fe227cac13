import DjVuFixtures
@testable import DjVuKind
import DocumentKit
import Foundation
import KindRegistry
import Machinery
import XCTest

/// A DjVu document's hidden text (set by `djvused set-txt`), outline (`set-outline`) and links
/// (`set-ant`): found, selected and copied, read by the screen reader, its outline's rows and
/// links leading to their pages.
final class DjVuTextTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        super.tearDown()
    }

    private func layout(paged: Bool = false) throws -> DjVuLayout {
        let path = try DjVuDocuments.writeBundle()
        paths.append(path)
        let content = try KindRegistry.open(path).makeLayout(palette: .light, paged: paged)
        content.setViewportSize(width: 800, height: 600)
        return try XCTUnwrap(content as? DjVuLayout)
    }

    private func pageText(_ djvu: DjVuLayout, _ page: Int) throws -> DjVuPageText {
        MainThreadMailbox.shared.deliver(while: { djvu.textLayout.pageText(page) == nil }, timeoutSeconds: 10)
        return try XCTUnwrap(djvu.textLayout.pageText(page))
    }

    func testFindFindsAWordOfTheTextLayer() throws {
        let djvu = try layout()
        let text = try XCTUnwrap(djvu.readableText)
        let search = text.search(for: "ZEBRA")
        MainThreadMailbox.shared.deliver(while: { !search.isComplete }, timeoutSeconds: 10)
        XCTAssertTrue(search.isComplete)
        XCTAssertEqual(search.matches.map(\.start.section), [2], "on page 3, case ignored")
        XCTAssertEqual(djvu.file.text(in: try XCTUnwrap(search.matches.first)), "zebra")
        let phrase = text.search(for: "reads hidden")
        MainThreadMailbox.shared.deliver(while: { !phrase.isComplete }, timeoutSeconds: 10)
        XCTAssertEqual(phrase.matches.map(\.start.section), [0], "words of a line apart by a space")
        let none = text.search(for: "quagga")
        MainThreadMailbox.shared.deliver(while: { !none.isComplete }, timeoutSeconds: 10)
        XCTAssertEqual(none.count, 0)
        // The match is drawn where the word's box is: page 3's "zebra" at (100, 200) 120×40 px.
        _ = try pageText(djvu, 2)
        let rects = text.rects(of: try XCTUnwrap(search.matches.first), within: 0...1_000_000)
        XCTAssertEqual(rects.count, 1)
        let page = djvu.pageRect(2), factor = page.width / 850, rect = try XCTUnwrap(rects.first)
        XCTAssertEqual(rect.x, page.x + 100 * factor, accuracy: 1)
        XCTAssertEqual(rect.y, page.y + 200 * factor, accuracy: 1)
        XCTAssertEqual(rect.width, 120 * factor, accuracy: 1)
        XCTAssertEqual(rect.height, 40 * factor, accuracy: 1)
    }

    func testTheSelectionsTextCopiesAndTheScreenReaderReadsThePage() throws {
        let djvu = try layout()
        let page = try pageText(djvu, 0)
        XCTAssertEqual(page.text, "Glide reads hidden words")
        let text = djvu.textLayout
        // The middle of "hidden" (page pixels 300…410 × 400…430).
        let rect = djvu.pageRect(0), factor = rect.width / 850
        let position = try XCTUnwrap(text.textPosition(at: ContentPoint(x: rect.x + 350 * factor, y: rect.y + 415 * factor)))
        let word = try XCTUnwrap(text.wordRange(at: position))
        XCTAssertEqual(text.textForCopying(in: word)(), "hidden")
        let line = try XCTUnwrap(text.paragraphRange(at: position))
        XCTAssertEqual(text.textForCopying(in: line)(), "Glide reads hidden words")
        let all = TextRange(TextPosition(section: 0, block: 0, utf8Offset: 0), TextPosition(section: 2, block: 0, utf8Offset: 5))
        XCTAssertEqual(text.textForCopying(in: all)(), "Glide reads hidden words\n\nzebra",
                       "pages apart by a blank line; page 2 has no text")
        let accessible = try XCTUnwrap(djvu.accessibleContent)
        XCTAssertEqual(accessible.sectionCount, 3)
        XCTAssertEqual(accessible.blocks(inSection: 0).map(\.text), ["Glide reads hidden words"])
        let first = try XCTUnwrap(accessible.frame(ofCharacter: 0, in: AccessibleBlockLocation(section: 0, block: 0)))
        XCTAssertEqual(first.x, rect.x + 100 * factor, accuracy: 1, "the G starts the word's box")
    }

    func testOutlineRowsLeadToTheirPages() throws {
        let djvu = try layout(paged: true)
        let outline = try XCTUnwrap(djvu.outline)
        var loaded = false
        outline.whenLoaded { loaded = true }
        MainThreadMailbox.shared.deliver(while: { !loaded }, timeoutSeconds: 10)
        XCTAssertEqual(outline.entries?.map(\.title), ["Opening", "The zebra"])
        XCTAssertEqual(outline.entries?.map(\.target), [.page(0), .page(2)])
        XCTAssertEqual(outline.page(ofEntry: 1), 2)
    }

    func testLinksLeadToTheirPageAndToTheirAddress() throws {
        let djvu = try layout()
        let visible = ContentRect(x: 0, y: 0, width: 800, height: 600)
        // Links arrive with the page's preview.
        MainThreadMailbox.shared.deliver(while: {
            _ = djvu.prepare(visible, margin: 0, drawScale: 1)
            return djvu.links[0] == nil
        }, timeoutSeconds: 10)
        let rect = djvu.pageRect(0), factor = rect.width / 850
        func point(_ link: DjVuFixture.Link) -> ContentPoint {
            ContentPoint(x: rect.x + Double(link.x + link.width / 2) * factor, y: rect.y + Double(link.y + link.height / 2) * factor)
        }
        XCTAssertEqual(djvu.link(at: point(DjVuDocuments.linkToPage3), zoomScale: 1), .place(page: 2, offset: djvu.offset(ofPage: 2)))
        XCTAssertEqual(djvu.link(at: point(DjVuDocuments.webLink), zoomScale: 1), .address("https://example.org/djvu"))
        XCTAssertNil(djvu.link(at: ContentPoint(x: rect.x + 800 * factor, y: rect.y + 50 * factor), zoomScale: 1))
        XCTAssertEqual(djvu.textLayout.hoveredLink(at: point(DjVuDocuments.linkToPage3)), "#3")
    }

    func testTheTextLayerIsReadFromItsZones() {
        // A page with a paragraph of two lines, one of them of char zones.
        let zones = DjVuExpression.list([
            .symbol("page"), .number(0), .number(0), .number(100), .number(100),
            .list([.symbol("para"), .number(0), .number(0), .number(100), .number(100),
                   .list([.symbol("line"), .number(0), .number(50), .number(100), .number(60),
                          .list([.symbol("word"), .number(0), .number(50), .number(40), .number(60), .string("one")]),
                          .list([.symbol("word"), .number(50), .number(50), .number(100), .number(60), .string("two")])]),
                   .list([.symbol("line"), .number(0), .number(10), .number(100), .number(20),
                          .list([.symbol("char"), .number(0), .number(10), .number(10), .number(20), .string("a")]),
                          .list([.symbol("char"), .number(10), .number(10), .number(20), .number(20), .string("b")])])]),
        ])
        let page = DjVuPageText(zones: zones, size: DjVuPageSize(widthPixels: 100, heightPixels: 100, dotsPerInch: 72, rotation: 0))
        XCTAssertEqual(page.text, "one two\nab")
        XCTAssertEqual(page.rects[0].y, 40, "the top of the line, counted from the page's top")
        XCTAssertFalse(page.isDrawn(3), "the space between words is not drawn")
        XCTAssertEqual(page.rects[8].x, 0)
        XCTAssertEqual(page.rects[9].x, 10)
        XCTAssertEqual(DjVuPageText.plainText(of: zones), page.text)
    }
}
