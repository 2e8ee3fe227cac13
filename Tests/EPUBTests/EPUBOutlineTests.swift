import ArchiveFixtures
import DocumentKit
import EPUBKind
import Foundation
import KindRegistry
import Machinery
@testable import TextKind
import XCTest

/// A book's outline (`--split`'s list and the screen reader's) through the capability the
/// viewer reads it by (`DocumentContent.outline`): the book's own table of contents, nested,
/// each row leading to its place in the spine.
final class EPUBOutlineTests: XCTestCase {
    private static let manifest = """
        <item id="c1" href="Text/one.xhtml" media-type="application/xhtml+xml"/>
        <item id="c2" href="Text/two.xhtml" media-type="application/xhtml+xml"/>
        <item id="c3" href="Text/three.xhtml" media-type="application/xhtml+xml"/>
        """
    private static let spine = "<itemref idref=\"c1\"/><itemref idref=\"c2\"/><itemref idref=\"c3\"/>"

    private static let chapters = [
        TestBooks.chapter("OEBPS/Text/one.xhtml", title: "One", body: "<p>The first chapter.</p>"),
        TestBooks.chapter("OEBPS/Text/two.xhtml", title: "Two", body: """
            <p>Early text.</p><h2 id="later">Later</h2><p>The later part of chapter two.</p>
            """),
        TestBooks.chapter("OEBPS/Text/three.xhtml", title: "Three", body: "<p>The end.</p>"),
    ]

    /// A three-chapter book with `navigation` (an EPUB 3 nav's `<ol>`) or `ncx` (a navMap).
    private func book(navigation: String? = nil, ncx: String? = nil) throws -> TextDocument {
        var manifest = EPUBOutlineTests.manifest
        var extra: [ArchiveEntry] = []
        var spineAttributes = ""
        if let navigation {
            manifest += "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>"
            extra.append(TestBooks.navigation("OEBPS/nav.xhtml", list: navigation))
        }
        if let ncx {
            manifest += "<item id=\"ncx\" href=\"toc.ncx\" media-type=\"application/x-dtbncx+xml\"/>"
            extra.append(TestBooks.ncx("OEBPS/toc.ncx", navMap: ncx))
            spineAttributes = " toc=\"ncx\""
        }
        let path = try TestBooks.write([
            TestBooks.mimetype, TestBooks.container(),
            TestBooks.package(version: ncx == nil ? "3.0" : "2.0", metadata: TestBooks.metadata(), manifest: manifest,
                              spine: EPUBOutlineTests.spine, spineAttributes: spineAttributes),
        ] + EPUBOutlineTests.chapters + extra, self)
        return try XCTUnwrap(try KindRegistry.open(path) as? TextDocument)
    }

    /// The outline the viewer shows for `book` in `--split` (its pages' outline).
    private func outline(of book: TextDocument) throws -> any OutlineSource {
        let pages = book.makeLayout(palette: .light, paged: true)
        pages.setViewportSize(width: 600, height: 800)
        return try XCTUnwrap(pages.outline, "paged text has an outline")
    }

    /// The text of the block row `index` leads to.
    private func destination(ofRow index: Int, in outline: any OutlineSource, of book: TextDocument) throws
        -> (text: String, chapter: Int?) {
        // A row into a chapter not read yet is found by a worker, delivered on the loop.
        _ = outline.target(ofEntry: index)
        MainThreadMailbox.shared.deliver(while: { outline.isFindingTarget(ofEntry: index) }, timeoutSeconds: 10)
        guard case .block(let location) = outline.target(ofEntry: index) else {
            XCTFail("row \(index) leads to a page, not a block")
            return ("", nil)
        }
        let blocks = book.blocks(inSection: location.section)
        let block = blocks[location.block].kind == .chapterBreak ? blocks[location.block + 1] : blocks[location.block]
        return (block.text, book.chapter(ofSection: location.section))
    }

    func testTheOutlineIsTheNavigationDocumentsNestedTableOfContents() throws {
        let book = try book(navigation: """
            <ol>
              <li><span>Part I</span><ol>
                <li><a href="Text/one.xhtml">Chapter one</a></li>
                <li><a href="Text/two.xhtml">Chapter two</a><ol><li><a href="Text/two.xhtml#later">Later on</a></li></ol></li>
              </ol></li>
              <li><a href="Text/three.xhtml">Chapter three</a></li>
              <li><a href="Text/gone.xhtml">Not in the book</a></li>
              <li><a href="nav.xhtml">The contents themselves</a></li>
            </ol>
            """)
        let outline = try outline(of: book)
        let entries = try XCTUnwrap(outline.entries)
        XCTAssertEqual(entries.map(\.title), ["Part I", "Chapter one", "Chapter two", "Later on", "Chapter three"],
                       "the book's titles, not its headings; rows that lead outside the spine are left out")
        XCTAssertEqual(entries.map(\.level), [1, 2, 2, 3, 1])
        XCTAssertEqual(try destination(ofRow: 0, in: outline, of: book).chapter, 0, "a heading leads to its first chapter")
        XCTAssertEqual(try destination(ofRow: 1, in: outline, of: book).text, "One")
        XCTAssertEqual(try destination(ofRow: 2, in: outline, of: book).text, "Two")
        let later = try destination(ofRow: 3, in: outline, of: book)
        XCTAssertEqual(later.text, "Later", "a row with an anchor leads to the element with that id")
        XCTAssertEqual(later.chapter, 1)
        XCTAssertEqual(try destination(ofRow: 4, in: outline, of: book).text, "Three")
        XCTAssertTrue(outline.isInPageOrder)
    }

    func testAnEPUB2BooksOutlineIsItsNCX() throws {
        let book = try book(ncx: """
            <navPoint id="p1"><navLabel><text>First</text></navLabel><content src="Text/one.xhtml"/>
              <navPoint id="p1.1"><navLabel><text>Later in two</text></navLabel><content src="Text/two.xhtml#later"/></navPoint>
            </navPoint>
            <navPoint id="p2"><navLabel><text>Last</text></navLabel><content src="Text/three.xhtml"/></navPoint>
            """)
        let outline = try outline(of: book)
        XCTAssertEqual(outline.entries?.map(\.title), ["First", "Later in two", "Last"])
        XCTAssertEqual(outline.entries?.map(\.level), [1, 2, 1])
        XCTAssertEqual(try destination(ofRow: 1, in: outline, of: book).text, "Later")
        XCTAssertEqual(try destination(ofRow: 2, in: outline, of: book).chapter, 2)
    }

    func testAnOverDeepNavigationIsCutAtItsDepthAndARowBackIsOutOfPageOrder() throws {
        let levels = 60
        let list = String(repeating: "<ol><li><a href=\"Text/two.xhtml\">level</a>", count: levels)
            + String(repeating: "</li></ol>", count: levels)
        let book = try book(navigation: "<ol><li><a href=\"Text/three.xhtml\">Three</a></li>"
                                + list.dropFirst(4).dropLast(5) + "</ol>")
        let outline = try outline(of: book)
        let entries = try XCTUnwrap(outline.entries)
        XCTAssertEqual(entries.count, 1 + EPUBTableOfContents.maximumDepth)
        XCTAssertEqual(entries.map(\.level).max(), 6, "deeper rows stay at the list's deepest indent")
        XCTAssertEqual(entries[1].level, 1)
        XCTAssertFalse(outline.isInPageOrder, "chapter two's rows come after chapter three's")
        XCTAssertEqual(try destination(ofRow: entries.count - 1, in: outline, of: book).text, "Two")
    }

    func testABookWithoutATableOfContentsShowsItsHeadings() throws {
        let outline = try outline(of: try book())
        // Found by the chapters' worker, never on the loop, and delivered to it.
        var isComplete = false
        outline.whenLoaded { isComplete = outline.entries?.count == 4 }
        MainThreadMailbox.shared.deliver(while: { !isComplete }, timeoutSeconds: 10)
        XCTAssertEqual(outline.entries?.map(\.title), ["One", "Two", "Later", "Three"])
        XCTAssertEqual(outline.entries?.map(\.level), [1, 1, 2, 1])
    }

    func testABookOfTenThousandChaptersWithoutATableOfContentsListsItsHeadingsFromTheWorker() throws {
        let count = 10_000
        let manifest = (0..<count).map { "<item id=\"c\($0)\" href=\"c\($0).xhtml\" media-type=\"application/xhtml+xml\"/>" }
        let spine = (0..<count).map { "<itemref idref=\"c\($0)\"/>" }
        var entries = [TestBooks.mimetype, TestBooks.container(),
                       TestBooks.package(metadata: TestBooks.metadata(), manifest: manifest.joined(separator: "\n"),
                                         spine: spine.joined(separator: "\n"))]
        for index in 0..<count {
            entries.append(TestBooks.chapter("OEBPS/c\(index).xhtml", title: "Chapter \(index)",
                                             body: "<p>The text of chapter \(index).</p>"))
        }
        let book = try XCTUnwrap(try KindRegistry.open(try TestBooks.write(entries, self)) as? TextDocument)
        // The first frame of the scrolling book shows its first chapters.
        let column = book.makeLayout(palette: .light, paged: false)
        column.setViewportSize(width: 1280, height: 800)
        column.prepare(ContentRect(x: 0, y: 0, width: 1280, height: 800), margin: 400)
        XCTAssertNotNil((column as? DocumentLayout)?.shapedSection(0), "the first chapter was read as the book opened")
        let outline = try outline(of: book)
        XCTAssertNil(outline.entries, "the headings are not found on the loop")
        var batches = 0
        outline.whenLoaded { batches += 1 }
        MainThreadMailbox.shared.deliver(while: { (outline.entries?.count ?? 0) < count }, timeoutSeconds: 300)
        let rows = try XCTUnwrap(outline.entries)
        XCTAssertEqual(rows.count, count)
        XCTAssertEqual(rows.last?.title, "Chapter 9999")
        XCTAssertGreaterThan(batches, 1, "rows came as the worker read the chapters")
        XCTAssertEqual(try destination(ofRow: 5_000, in: outline, of: book).text, "Chapter 5000")
    }
}
