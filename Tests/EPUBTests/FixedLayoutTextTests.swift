import ArchiveFixtures
import CCairo
import DocumentKit
@testable import EPUBKind
import Foundation
import KindRegistry
import Machinery
import XCTest

/// The reading tools on a fixed-layout book's pages (`FixedLayoutText`): find reaches a word
/// on a later page and shows it where the page draws it, a point on a word selects it and a
/// copy gives its text, a link leads to the page it names, through `readableText` as a
/// reflowable book's chapters offer them.
final class FixedLayoutTextTests: XCTestCase {
    private let width = 1000.0, height = 800.0

    /// Three 800×600 pages of text: the first with a link to the third and one out of the
    /// book, the third with a word no other page has.
    private func book() throws -> any LoadedDocument {
        func page(_ name: String, body: String) -> ArchiveEntry {
            ArchiveEntry("OEBPS/\(name)", """
                <?xml version="1.0" encoding="UTF-8"?>
                <html xmlns="http://www.w3.org/1999/xhtml"><head><title>\(name)</title>
                <meta name="viewport" content="width=800, height=600"/></head>
                <body>\(body)</body></html>
                """)
        }
        let path = try TestBooks.write([
            TestBooks.mimetype, TestBooks.container(),
            TestBooks.package(metadata: TestBooks.metadata(title: "Fixed Words", extra: """
                <meta property="rendition:layout">pre-paginated</meta>
                """), manifest: """
                <item id="p1" href="p1.xhtml" media-type="application/xhtml+xml"/>
                <item id="p2" href="p2.xhtml" media-type="application/xhtml+xml"/>
                <item id="p3" href="p3.xhtml" media-type="application/xhtml+xml"/>
                """, spine: "<itemref idref=\"p1\"/><itemref idref=\"p2\"/><itemref idref=\"p3\"/>"),
            page("p1.xhtml", body: """
                <h1>The first page</h1><p>Marigold opens the book.</p>
                <p><a href="p3.xhtml#end">Go to the end</a> or <a href="https://example.org/">leave</a>.</p>
                """),
            page("p2.xhtml", body: "<p>A page between, of plain words.</p>"),
            page("p3.xhtml", body: "<p>Nothing more.</p><p id=\"end\">The zephyr ends the book.</p>"),
        ], self)
        return try KindRegistry.open(path)
    }

    /// Prepares `layout` over page `page` until its pages near are read and laid out.
    private func settle(_ layout: any DocumentContent, atPage page: Int) {
        let visible = ContentRect(x: Double(page) * width, y: 0, width: width, height: height)
        for _ in 0..<2_000 {
            MainThreadMailbox.shared.deliverPending()
            // After the pages read arrive, so a page just read is laid out before the check.
            _ = layout.prepare(visible, margin: width, drawScale: 1)
            let near = max(page - 1, 0)...min(page + 1, 2)
            let pending = layout.accessibleContent.map { content in near.contains { content.isPending(section: $0) } } ?? true
            if !pending, !layout.hasPendingLayout { break }
            usleep(2_000)
        }
        _ = layout.prepare(visible, margin: width, drawScale: 1)
    }

    /// The book's pages settled at `page`, and their text (which the layout owns: keep it).
    private func openLayout(atPage page: Int) throws -> (any DocumentContent, any ReadableLayout) {
        let layout = try book().makeLayout(palette: .light, paged: true)
        layout.setViewportSize(width: width, height: height)
        settle(layout, atPage: page)
        return (layout, try XCTUnwrap(layout.readableText, "a fixed-layout book's pages offer their text"))
    }

    private func matches(of query: String, in text: any ReadableLayout) -> [TextRange] {
        let search = text.search(for: query)
        MainThreadMailbox.shared.deliver(while: { !search.isComplete }, timeoutSeconds: 30)
        XCTAssertTrue(search.isComplete, "the search of '\(query)' ends")
        return (0..<search.count).map { search.matches[$0] }
    }

    private func frame(ofPage page: Int, in layout: any DocumentContent) throws -> ContentRect {
        try XCTUnwrap(layout.accessibleContent?.frame(of: AccessibleBlockLocation(section: page, block: 0)))
    }

    /// Dark pixels of `layout` drawn from x = `left` inside `rect` (content coordinates).
    private func ink(of layout: any DocumentContent, left: Double, in rect: ContentRect) -> Int {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        cairo_translate(cairo, -left, 0)
        layout.draw(ContentRect(x: left, y: 0, width: width, height: height), on: cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!, stride = Int(cairo_image_surface_get_stride(surface))
        var dark = 0
        for y in max(Int(rect.y), 0)..<min(Int(rect.maxY.rounded(.up)), Int(height)) {
            for x in max(Int(rect.x - left), 0)..<min(Int((rect.maxX - left).rounded(.up)), Int(width)) {
                let pixel = data + y * stride + x * 4
                if Int(pixel[0]) + Int(pixel[1]) + Int(pixel[2]) < 300 { dark += 1 }
            }
        }
        return dark
    }

    func testFindReachesAWordOnTheLastPageAndShowsItWhereThePageDrawsIt() throws {
        let (layout, text) = try openLayout(atPage: 0)
        let found = matches(of: "ZEPHYR", in: text)
        XCTAssertEqual(found.count, 1, "one match, on a page not shown when the search began")
        let match = try XCTUnwrap(found.first)
        XCTAssertEqual(match.start.section, 2, "on the third page")
        XCTAssertEqual(text.pagedPage(of: match.start), 2, "revealing it turns to that page")
        XCTAssertEqual(text.textForCopying(in: match)(), "zephyr", "the match is the word")

        settle(layout, atPage: 2)
        let page = try frame(ofPage: 2, in: layout)
        let rects = text.rects(of: match, within: 0...height)
        XCTAssertEqual(rects.count, 1, "one line")
        let rect = try XCTUnwrap(rects.first)
        XCTAssertTrue(page.contains(ContentPoint(x: rect.midX, y: rect.midY)), "on its page: \(rect) in \(page)")
        XCTAssertLessThan(rect.width, page.width / 4, "a word's width, not a line's")
        XCTAssertGreaterThan(ink(of: layout, left: 2 * width, in: rect), 20, "where the word is drawn")
        let top = try XCTUnwrap(text.lineTop(of: match.start, viewportTop: 0))
        XCTAssertEqual(top, rect.y, accuracy: rect.height, "its line's top")
    }

    /// In spreads (issue 26) the cover shows alone and pages 2 and 3 side by side: find turns
    /// to the spread, and a word and a point land on the page that shows them.
    func testInSpreadsFindTurnsToTheSpreadAndWordsLandOnTheirPage() throws {
        let (layout, text) = try openLayout(atPage: 0)
        let spreads = try XCTUnwrap(layout.pageSpreads, "a fixed-layout book's pages pair up")
        spreads.arrange(spreads: true, cover: true, keepingPageAt: nil)
        XCTAssertEqual(layout.contentSize.width, 2 * width, "the cover, then pages 2–3")
        XCTAssertEqual(spreads.pages(atSlot: 1), 1...2)
        let second = try frame(ofPage: 1, in: layout), third = try frame(ofPage: 2, in: layout)
        XCTAssertEqual(second.maxX, third.x, accuracy: 1, "side by side, pictures' way: no gutter")
        XCTAssertEqual(second.height, third.height)
        XCTAssertGreaterThanOrEqual(try frame(ofPage: 0, in: layout).x, width / 2 - 1, "the cover at the right")

        let visible = ContentRect(x: width, y: 0, width: width, height: height)
        for _ in 0..<2_000 {
            MainThreadMailbox.shared.deliverPending()
            _ = layout.prepare(visible, margin: width, drawScale: 1)
            if !layout.hasPendingLayout, layout.accessibleContent?.isPending(section: 2) == false,
               layout.accessibleContent?.isPending(section: 1) == false { break }
            usleep(2_000)
        }
        _ = layout.prepare(visible, margin: width, drawScale: 1)
        XCTAssertEqual(layout.readingAnchor.section, 1, "the spread's first page is the reader's")
        let zephyr = try XCTUnwrap(matches(of: "zephyr", in: text).first)
        XCTAssertEqual(text.pagedPage(of: zephyr.start), 1, "revealing it turns to the spread")
        let rect = try XCTUnwrap(text.rects(of: zephyr, within: 0...height).first)
        XCTAssertTrue(third.contains(ContentPoint(x: rect.midX, y: rect.midY)), "on the right page: \(rect) in \(third)")
        XCTAssertGreaterThan(ink(of: layout, left: width, in: rect), 20, "where the word is drawn")
        XCTAssertEqual(text.textPosition(at: ContentPoint(x: rect.midX, y: rect.midY))?.section, 2)
        let between = try XCTUnwrap(matches(of: "between", in: text).first)
        let left = try XCTUnwrap(text.rects(of: between, within: 0...height).first)
        XCTAssertTrue(second.contains(ContentPoint(x: left.midX, y: left.midY)), "page 2's word on the left page")
        XCTAssertEqual(text.textPosition(at: ContentPoint(x: left.midX, y: left.midY))?.section, 1)
    }

    func testAPointOnAWordSelectsItAndACopyGivesItsTextAndEveryPagesInOrder() throws {
        let (layout, text) = try openLayout(atPage: 0)
        let marigold = try XCTUnwrap(matches(of: "marigold", in: text).first)
        let rect = try XCTUnwrap(text.rects(of: marigold, within: 0...height).first)
        let position = try XCTUnwrap(text.textPosition(at: ContentPoint(x: rect.x + rect.width / 3, y: rect.midY)))
        XCTAssertEqual(position.section, 0, "the first page")
        let word = try XCTUnwrap(text.wordRange(at: position))
        XCTAssertEqual(word, marigold, "the word under the point")
        XCTAssertEqual(text.textForCopying(in: word)(), "Marigold")
        let caret = try XCTUnwrap(text.caretRect(at: word.start))
        XCTAssertEqual(caret.x, rect.x, accuracy: 1, "the selection's handle stands at the word's start")
        let paragraph = try XCTUnwrap(text.paragraphRange(at: position))
        XCTAssertEqual(text.textForCopying(in: paragraph)(), "Marigold opens the book.")
        XCTAssertEqual(text.textPosition(at: ContentPoint(x: width + rect.x, y: rect.midY))?.section, 1,
                       "a point on the next page is in that page's text")

        let all = text.textForCopying(in: .all)()
        let order = ["The first page", "Marigold", "A page between", "Nothing more.", "The zephyr ends the book."].map {
            all.range(of: $0)?.lowerBound
        }
        XCTAssertFalse(order.contains(nil), "every page's text: \(all)")
        XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted(), "in the pages' order: \(all)")
        withExtendedLifetime(layout) {}
    }

    func testALinkLeadsToThePageItNamesAndAnAddressOutOfTheBookIsAsWritten() throws {
        let (layout, text) = try openLayout(atPage: 0)
        defer { withExtendedLifetime(layout) {} }
        let inside = try XCTUnwrap(matches(of: "Go to the end", in: text).first)
        let rect = try XCTUnwrap(text.rects(of: inside, within: 0...height).first)
        let link = try XCTUnwrap(text.link(at: ContentPoint(x: rect.midX, y: rect.midY)), "the link is under its text")
        XCTAssertEqual(link.destination, "#OEBPS/p3.xhtml#end")
        XCTAssertTrue(link.rects.contains { $0.intersects(rect) }, "its rectangle is where its text is drawn")
        let baseDirectory = try XCTUnwrap(text.linkBaseDirectory, "the reading tools follow the book's links")
        guard case .heading(let fragment) = LinkAction(destination: link.destination, baseDirectory: baseDirectory) else {
            return XCTFail("a place in the book")
        }
        var found: TextPosition?
        text.findAnchor(fragment) { found = $0 }
        MainThreadMailbox.shared.deliver(while: { found == nil }, timeoutSeconds: 10)
        let target = try XCTUnwrap(found, "the anchor is found")
        XCTAssertEqual(target.section, 2, "on the third page")
        XCTAssertEqual(text.pagedPage(of: target), 2)

        let outside = try XCTUnwrap(matches(of: "leave", in: text).first)
        let outRect = try XCTUnwrap(text.rects(of: outside, within: 0...height).first)
        XCTAssertEqual(text.link(at: ContentPoint(x: outRect.midX, y: outRect.midY))?.destination, "https://example.org/")
    }
}

private extension ContentRect {
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }
}
