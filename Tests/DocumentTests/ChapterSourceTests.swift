import CCairo
@testable import DocumentKit
import Foundation
import Glibc
import Machinery
@testable import TextKind
import XCTest

/// A book of XHTML chapters that counts which chapters were read, as an EPUB kind would
/// supply them: chapter `i` is `c<i>.xhtml`, twenty paragraphs under its heading (chapter 5
/// six times as many), chapter 7 with a footnote, chapter 9 with a disclosure, the last with
/// a rare word.
final class CountingBook: TextChapterSource, @unchecked Sendable {
    let count: Int
    /// Whether `chapter(holdingAnchor:)` answers.
    let givesHints: Bool
    /// The chapters that start with no chapter break, besides the first.
    let unbroken: Set<Int>
    private let lock = NSLock()
    private var readCounts: [Int: Int] = [:]
    private var mainThreadReads: [Int] = []

    init(count: Int = 300, givesHints: Bool = true, unbroken: Set<Int> = []) {
        self.count = count
        self.givesHints = givesHints
        self.unbroken = unbroken
    }

    var chapterCount: Int { count }

    func xhtml(ofChapter index: Int) -> String {
        let paragraph = "<p>Chapter \(index) tells of rivers and hills, of roads that wind through valleys and towns; "
            + "the travellers walk on, and the evening comes slowly over the quiet fields of the country.</p>\n"
        var body = "<h1 id=\"top\">Chapter \(index)</h1>\n"
        body += String(repeating: paragraph, count: index == 5 ? 120 : 20)
        if index == 2 { body += "<p>A reference<a epub:type=\"noteref\" href=\"c7.xhtml#n1\">1</a>.</p>" }
        if index == 7 { body += "<aside epub:type=\"footnote\" id=\"n1\"><p>The footnote of chapter seven.</p></aside>" }
        if index == 9 {
            body += "<details><summary>More</summary><p>Hidden in chapter nine.</p>" + String(repeating: paragraph, count: 30)
                + "<p>The end of the details.</p></details>"
        }
        if index == count - 1 { body += "<p>The last word is zephyr.</p>" }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
            <head><title>c\(index)</title></head><body>\(body)</body></html>
            """
    }

    func byteCount(ofChapter index: Int) -> Int { xhtml(ofChapter: index).utf8.count }

    func blocks(ofChapter index: Int) -> [Block] {
        let isMain = Thread.isMainThread
        lock.withLock {
            readCounts[index, default: 0] += 1
            if isMain { mainThreadReads.append(index) }
        }
        var blocks = MarkupBlocks.blocks(ofXHTML: Array(xhtml(ofChapter: index).utf8),
                                         references: BookReferences(chapter: "c\(index).xhtml"))
        // A link to the chapter itself leads to its first block.
        if !blocks.isEmpty { blocks[0].anchors.append("c\(index).xhtml") }
        return blocks
    }

    func chapter(holdingAnchor name: String) -> Int? {
        guard givesHints, name.hasPrefix("c"), let end = name.firstIndex(of: ".") else { return nil }
        return Int(name[name.index(after: name.startIndex)..<end])
    }

    func startsWithBreak(chapter index: Int) -> Bool { index > 0 && !unbroken.contains(index) }

    /// The chapters read on the main thread (the tests' frame loop) so far, and forgets them.
    func takeMainThreadReads() -> [Int] {
        lock.withLock {
            defer { mainThreadReads = [] }
            return mainThreadReads
        }
    }

    /// The chapters read so far, and forgets them.
    func takeReads() -> [Int: Int] {
        lock.withLock {
            defer { readCounts = [:] }
            return readCounts
        }
    }
}

/// A book's chapters supplied by another module as the sections of one text document (issue 24):
/// read only near the viewport, and found, copied, outlined and read aloud like Markdown.
final class ChapterSourceTests: XCTestCase {
    private func laidOut(_ document: TextDocument, top: Double = 0) -> DocumentLayout {
        let layout = DocumentLayout(document: document)
        layout.setViewportSize(width: 1280, height: 800)
        settle(layout, top: top)
        return layout
    }

    /// Prepares the screen at `top`, waits for the chapters it asked the worker for and prepares
    /// again until nothing is left for a later frame, as the app's frames would.
    private func settle(_ layout: DocumentLayout, top: Double) {
        let screen = ContentRect(x: 0, y: top, width: 1280, height: 800)
        layout.prepare(screen, margin: 400)
        for _ in 0..<20 where layout.isReadingChapters || layout.hasPendingLayout {
            layout.waitForChapterReads()
            layout.prepareCompletely(screen, margin: 400)
        }
    }

    private func draw(_ layout: DocumentLayout, top: Double = 0) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1280, 800)!
        let cairo = cairo_create(surface)!
        cairo_translate(cairo, 0, -top)
        layout.draw(ContentRect(x: 0, y: top, width: 1280, height: 800), on: cairo)
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    func testOpeningABookOf300ChaptersAndDrawingItsFirstScreenReadsOnlyItsFirstChapters() {
        let book = CountingBook()
        let document = TextDocument(chapters: book, title: "A book", path: "/books/a.epub", baseDirectory: "/books")
        XCTAssertEqual(book.takeReads(), [:], "making the document reads no chapter")
        let expected = (0..<300).reduce(0) { $0 + ChapterSections.sectionCount(ofBytes: book.byteCount(ofChapter: $1)) }
        XCTAssertEqual(document.sectionCount, expected)
        XCTAssertGreaterThan(document.sectionCount, 300, "the long chapter takes several sections")
        let layout = laidOut(document)
        draw(layout)
        let reads = book.takeReads()
        XCTAssertFalse(reads.isEmpty)
        XCTAssertLessThanOrEqual(reads.count, 3, "the first screen reads the chapters it shows: \(reads.keys.sorted())")
        XCTAssertTrue(reads.keys.allSatisfy { $0 < 3 })
        XCTAssertTrue(reads.values.allSatisfy { $0 == 1 }, "each chapter read once")
        XCTAssertLessThan(layout.sectionsLaidOutCount, 8)
        XCTAssertEqual(document.title, "A book")
        XCTAssertEqual(document.path, "/books/a.epub")
        XCTAssertFalse(document.isReloadable)

        // Jumping to the middle reads what is there.
        let middle = laidOut(document, top: 0)
        middle.readingAnchor = ReadingAnchor(section: document.firstSection(ofChapter: 150)!, block: 0, fraction: 0)
        let top = middle.anchorOffset.y
        settle(middle, top: top)
        draw(middle, top: top)
        let far = book.takeReads().keys
        XCTAssertTrue(far.contains(150))
        XCTAssertTrue(far.allSatisfy { $0 <= 2 || (148...152).contains($0) }, "\(far.sorted())")
    }

    func testAChapterIsReadOnAWorkerWhileItsPlaceShowsAPlaceholder() throws {
        let book = CountingBook()
        let document = TextDocument(chapters: book, title: "A book", path: nil, baseDirectory: ".")
        let layout = DocumentLayout(document: document)
        layout.setViewportSize(width: 1280, height: 800)
        let screen = ContentRect(x: 0, y: 0, width: 1280, height: 800)
        layout.prepare(screen, margin: 400)
        XCTAssertTrue(layout.isReadingChapters, "the first screen's chapter is asked of the worker")
        XCTAssertTrue(layout.shapedSections.isEmpty, "nothing is laid out before it is read")
        XCTAssertTrue(layout.waitingSections.contains(0))
        let placeholder = renderedInk(layout)
        XCTAssertGreaterThan(placeholder.count, 10_000, "grey bars where the lines will be")
        XCTAssertTrue(placeholder.allSatisfy { $0.x >= layout.column.left - 1 && $0.x <= layout.column.left + layout.column.width + 1 },
                      "within the column")
        let revision = layout.revision
        layout.waitForChapterReads()
        XCTAssertFalse(layout.isReadingChapters)
        XCTAssertNotEqual(layout.changes(since: revision), .none, "the arrival redraws the placeholder's place")
        layout.prepareCompletely(screen, margin: 400)
        XCTAssertFalse(layout.shapedSections.isEmpty)
        XCTAssertTrue(layout.waitingSections.isEmpty)
        XCTAssertEqual(layout.firstBlockText(below: 0), "Chapter 0", "the chapter's text")
        XCTAssertEqual(book.takeMainThreadReads(), [], "no chapter was read on the frame loop's thread")
        XCTAssertFalse(book.takeReads().isEmpty)
    }

    /// The ink a layout draws of its first screen: the pixels that are not the page, by place.
    private func renderedInk(_ layout: DocumentLayout) -> [(x: Double, y: Double)] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1280, 800)!
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        layout.draw(ContentRect(x: 0, y: 0, width: 1280, height: 800), on: cairo)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let pixels = cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: stride * 800) { $0 }
        var ink: [(x: Double, y: Double)] = []
        for y in 0..<800 {
            for x in 0..<1280 where pixels[y * stride + x] & 0xffffff != 0xffffff { ink.append((Double(x), Double(y))) }
        }
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
        return ink
    }

    func testEachChapterAfterTheFirstStartsWithABreakUnlessItsSourceSaysNo() throws {
        let book = CountingBook(count: 5, unbroken: [3])
        let document = TextDocument(chapters: book, title: "t", path: nil, baseDirectory: ".")
        func first(_ chapter: Int) throws -> [Block] {
            try document.blocks(inSection: XCTUnwrap(document.firstSection(ofChapter: chapter)))
        }
        XCTAssertEqual(try first(0).first?.kind, .heading(level: 1))
        XCTAssertEqual(try first(1).map(\.kind).prefix(2), [.chapterBreak, .heading(level: 1)])
        XCTAssertEqual(try first(2).first?.kind, .chapterBreak)
        XCTAssertEqual(try first(3).first?.kind, .heading(level: 1), "a file that continues a chapter has no break")
        XCTAssertEqual(try first(4).first?.kind, .chapterBreak)
        XCTAssertEqual(document.blocks.filter { $0.kind == .chapterBreak }.count, 3, "no break inside a chapter")
        XCTAssertNil(document.firstSection(ofChapter: 5))
        XCTAssertNil(TextDocument(text: "x", isMarkdown: false, title: "t").firstSection(ofChapter: 0))
    }

    func testALongChapterIsSharedAmongItsSectionsInOrderAndReadOnce() throws {
        let book = CountingBook(count: 8)
        let document = TextDocument(chapters: book, title: "t", path: nil, baseDirectory: ".")
        let first = try XCTUnwrap(document.firstSection(ofChapter: 5)), next = try XCTUnwrap(document.firstSection(ofChapter: 6))
        XCTAssertGreaterThanOrEqual(next - first, 3, "about 25 KB of XHTML in sections of 8 KB")
        XCTAssertEqual((first..<next).map { document.chapter(ofSection: $0) }, Array(repeating: 5, count: next - first))
        let pieces = (first..<next).map { document.blocks(inSection: $0) }
        XCTAssertTrue(pieces.allSatisfy { !$0.isEmpty }, "every section holds some of the chapter")
        XCTAssertEqual(book.takeReads(), [5: 1], "the chapter is read once for all its sections")
        let whole = [Block(kind: .chapterBreak, text: "")] + book.blocks(ofChapter: 5)
        XCTAssertEqual(pieces.flatMap { $0 }, whole, "in order, nothing lost")
        let bytes = pieces.map { $0.reduce(0) { $0 + $1.text.utf8.count } }
        XCTAssertLessThan(bytes.max()! - bytes.min()!, 1_000, "about equal shares: \(bytes)")
        let estimates = (first..<next).map { document.byteCount(ofSection: $0) }
        XCTAssertEqual(estimates.reduce(0, +), book.byteCount(ofChapter: 5))
    }

    func testFindCopyAndTheOutlineSpanTheChapters() throws {
        let book = CountingBook()
        let document = TextDocument(chapters: book, title: "t", path: nil, baseDirectory: ".")
        let mailbox = MainThreadMailbox()
        let search = DocumentSearch(document: document, query: "ZEPHYR", mailbox: mailbox)
        var descriptor = pollfd(fd: mailbox.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while !search.isComplete {
            XCTAssertEqual(poll(&descriptor, 1, 20_000), 1, "the worker posts within 20 s")
            _ = mailbox.deliverPending()
        }
        XCTAssertEqual(search.matches.count, 1)
        let match = try XCTUnwrap(search.matches.first)
        XCTAssertEqual(document.chapter(ofSection: match.start.section), 299)
        XCTAssertEqual(document.text(in: match), "zephyr")

        let start = try XCTUnwrap(document.firstSection(ofChapter: 1))
        let end = try XCTUnwrap(document.firstSection(ofChapter: 2))
        let copied = document.text(in: TextRange(TextPosition(section: start, block: 1, utf8Offset: 0),
                                                 TextPosition(section: end, block: 1, utf8Offset: 9)))
        XCTAssertTrue(copied.hasPrefix("Chapter 1\n\nChapter 1 tells"), String(copied.prefix(40)))
        XCTAssertTrue(copied.hasSuffix("country.\n\n\n\nChapter 2"), "across the break: \(copied.suffix(40))")

        let headings = DocumentOutline(document: document).headings
        XCTAssertEqual(headings.count, 300)
        XCTAssertEqual(headings[150].text, "Chapter 150")
        XCTAssertEqual(headings[150].location.section, document.firstSection(ofChapter: 150))
        XCTAssertEqual(headings[150].location.block, 1, "after the chapter's break")
    }

    func testFollowingALinkReadsOnlyTheChapterItsSourceNames() throws {
        let book = CountingBook()
        let document = TextDocument(chapters: book, title: "t", path: nil, baseDirectory: ".")
        let reference = document.blocks(inSection: try XCTUnwrap(document.firstSection(ofChapter: 2))).last
        XCTAssertEqual(reference?.styles.contains(InlineStyle(.link(destination: "#c7.xhtml#n1"), utf8Range: 11..<12)), true)
        XCTAssertEqual(LinkAction(destination: "#c7.xhtml#n1", baseDirectory: "."), .heading(fragment: "c7.xhtml#n1"),
                       "a tap on the reference looks for the note's anchor")
        _ = book.takeReads()
        let mailbox = MainThreadMailbox()
        var delivered: TextPosition??
        document.findHeading(anchor: "c7.xhtml#n1", mailbox: mailbox) { delivered = .some($0) }
        var descriptor = pollfd(fd: mailbox.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while delivered == nil, poll(&descriptor, 1, 10_000) == 1 { _ = mailbox.deliverPending() }
        let note = try XCTUnwrap(XCTUnwrap(delivered, "found on a worker"))
        XCTAssertEqual(book.takeReads().keys.sorted(), [7], "the note's chapter alone")
        XCTAssertEqual(document.chapter(ofSection: note.section), 7)
        let noteBlock = document.blocks(inSection: note.section)[note.block]
        XCTAssertEqual(noteBlock.kind, .note)
        XCTAssertEqual(noteBlock.text, "The footnote of chapter seven.")
        let chapter = try XCTUnwrap(document.position(ofHeadingAnchor: "c42.xhtml"))
        XCTAssertEqual(chapter.section, document.firstSection(ofChapter: 42))
        XCTAssertEqual(document.blocks(inSection: chapter.section)[chapter.block].text, "Chapter 42")
        XCTAssertNil(document.position(ofHeadingAnchor: "c7.xhtml#nowhere"))

        let unhinted = TextDocument(chapters: CountingBook(givesHints: false), title: "t", path: nil, baseDirectory: ".")
        let found = try XCTUnwrap(unhinted.position(ofHeadingAnchor: "c7.xhtml%23n1"), "found by reading the book")
        XCTAssertEqual(unhinted.chapter(ofSection: found.section), 7)
    }

    func testTheAccessibleTreeAndDisclosuresWorkOverChapters() throws {
        let book = CountingBook(count: 12)
        let document = TextDocument(chapters: book, title: "t", path: nil, baseDirectory: ".")
        let layout = laidOut(document)
        let third = try XCTUnwrap(document.firstSection(ofChapter: 3))
        _ = book.takeMainThreadReads()
        // A chapter not read yet is pending for the screen reader, which reads none on the loop:
        // a link into one leads to the chapter's start, where the reader then goes.
        XCTAssertTrue(layout.isPending(section: third))
        XCTAssertEqual(layout.blocks(inSection: third), [])
        let origin = AccessibleBlockLocation(section: 0, block: 0)
        XCTAssertEqual(layout.destination(ofAnchor: "c7.xhtml#n1", near: origin),
                       AccessibleBlockLocation(section: document.firstSection(ofChapter: 7)!, block: 0))
        XCTAssertEqual(book.takeMainThreadReads(), [], "the screen reader read no chapter")
        // Read (the view's worker reads what it shows), they are what a screen reader reads.
        document.readChapter(3)
        XCTAssertFalse(layout.isPending(section: third))
        let tree = layout.blocks(inSection: third)
        XCTAssertEqual(tree.prefix(2).map(\.role), [.separator, .heading(level: 1)])
        XCTAssertEqual(tree[1].text, "Chapter 3")
        document.readChapter(7)
        let destination = try XCTUnwrap(layout.destination(ofAnchor: "c7.xhtml#n1", near: origin))
        XCTAssertEqual(document.chapter(ofSection: destination.section), 7, "a screen reader's link finds the note too")
        XCTAssertEqual(document.blocks(inSection: destination.section)[destination.block].text, "The footnote of chapter seven.")

        // Chapter 9's disclosure spans its sections, numbered in the chapter's scope.
        let sections = document.firstSection(ofChapter: 9)!..<document.firstSection(ofChapter: 10)!
        XCTAssertGreaterThan(sections.count, 1)
        XCTAssertEqual(document.sections(ofDisclosure: DisclosureKey(scope: 9, number: 0)),
                       sections.lowerBound...(sections.upperBound - 1))
        let hidden = try XCTUnwrap(sections.lazy.compactMap { section in
            document.blocks(inSection: section).firstIndex { $0.text == "The end of the details." }
                .map { TextPosition(section: section, block: $0, utf8Offset: 0) }
        }.first)
        XCTAssertNotEqual(hidden.section, sections.lowerBound, "the body runs on into a later section")
        XCTAssertFalse(layout.blocks(inSection: hidden.section).contains { $0.text == "The end of the details." }, "closed")
        _ = layout.openDisclosures(hiding: hidden, keepingTextAt: 0)
        XCTAssertTrue(layout.blocks(inSection: hidden.section).contains { $0.text == "The end of the details." }, "opened")
        XCTAssertTrue(document.text(in: .all).contains("Hidden in chapter nine."), "a copy holds every body")
    }

    func testPagesOfABookReadOnlyTheFirstChapters() {
        let book = CountingBook()
        let pages = HorizontalPagesLayout(document: TextDocument(chapters: book, title: "t", path: nil, baseDirectory: "."))
        pages.setViewportSize(width: 1280, height: 800)
        _ = pages.prepare(ContentRect(x: 0, y: 0, width: 1280, height: 800), margin: 1280, drawScale: 1)
        XCTAssertTrue(book.takeReads().keys.allSatisfy { $0 < 3 })
        XCTAssertGreaterThan(pages.pageCount, 300, "pages estimated for the chapters not read")
    }

    func testABookOfNoChaptersIsOneEmptySection() {
        let document = TextDocument(chapters: CountingBook(count: 0), title: "t", path: nil, baseDirectory: ".")
        XCTAssertEqual(document.sectionCount, 1)
        XCTAssertEqual(document.blocks, [])
        let layout = laidOut(document)
        draw(layout)
        XCTAssertNil(document.position(ofHeadingAnchor: "c0.xhtml"))
    }
}
