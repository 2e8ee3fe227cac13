import DocumentKit
import Foundation
import ScrollEngine
import TextKind
import Viewer
import XCTest

/// A book's chapters through the viewer offscreen (issue 24): a tap on a note's reference in
/// one chapter scrolls, animated, to the note in a later one, and an outline row pages to its
/// place in a chapter; neither reads a chapter on the frame loop.
final class BookNoteViewerTests: XCTestCase {
    /// Twelve chapters of XHTML; the first refers to a footnote at the end of chapter 7. Counts
    /// the chapters read on the main thread (the tests' frame loop).
    private final class Book: TextChapterSource, @unchecked Sendable {
        private let lock = NSLock()
        private var mainThreadReads: [Int] = []
        private var reads: Set<Int> = []

        var chapterCount: Int { 12 }

        func xhtml(ofChapter index: Int) -> String {
            var body = "<h1>Chapter \(index)</h1>"
            if index == 0 { body += "<p>A claim<a epub:type=\"noteref\" href=\"c7.xhtml#n1\">1</a> to check.</p>" }
            body += String(repeating: "<p>Paragraphs of a chapter fill the screens between the reference and its note.</p>",
                           count: 30)
            if index == 7 { body += "<aside epub:type=\"footnote\" id=\"n1\"><p>The note in chapter seven.</p></aside>" }
            return "<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\" "
                + "xmlns:epub=\"http://www.idpf.org/2007/ops\"><body>\(body)</body></html>"
        }

        func byteCount(ofChapter index: Int) -> Int { xhtml(ofChapter: index).utf8.count }

        func blocks(ofChapter index: Int) -> [Block] {
            let isMain = Thread.isMainThread
            lock.withLock {
                reads.insert(index)
                if isMain { mainThreadReads.append(index) }
            }
            return MarkupBlocks.blocks(ofXHTML: Array(xhtml(ofChapter: index).utf8), references: References(chapter: "c\(index).xhtml"))
        }

        func chapter(holdingAnchor name: String) -> Int? {
            guard name.hasPrefix("c"), let dot = name.firstIndex(of: ".") else { return nil }
            return Int(name[name.index(after: name.startIndex)..<dot])
        }

        var tableOfContents: [ChapterOutlineEntry] {
            [ChapterOutlineEntry(title: "Chapter 0", level: 1, chapter: 0),
             ChapterOutlineEntry(title: "The note", level: 2, chapter: 7, anchor: "c7.xhtml#n1"),
             ChapterOutlineEntry(title: "Chapter 8", level: 1, chapter: 8)]
        }

        /// The chapters read on the main thread so far, and forgets them.
        func takeMainThreadReads() -> [Int] {
            lock.withLock {
                defer { mainThreadReads = [] }
                return mainThreadReads
            }
        }

        func hasRead(_ chapter: Int) -> Bool { lock.withLock { reads.contains(chapter) } }
    }

    private struct References: MarkupReferences {
        let chapter: String
        func destination(ofLink href: String) -> String? { "#" + (href.hasPrefix("#") ? chapter + href : href) }
        func imageSource(_ source: String) -> String? { nil }
        func anchor(ofID id: String) -> String { chapter + "#" + id }
    }

    /// The book in a scrolling viewer at its start, the first chapter's text shown.
    private func openedBook() throws -> (Book, TextDocument, ViewerHarness, DocumentLayout) {
        let book = Book()
        let document = TextDocument(chapters: book, title: "A book", path: nil, baseDirectory: ".")
        let harness = ViewerHarness(layout: document.makeLayout(palette: .light))
        harness.runUntilIdle()
        let layout = try XCTUnwrap(harness.viewer.documentPane.layout as? DocumentLayout)
        // The first chapter is read on a worker, behind a placeholder, as the app's frames go on.
        harness.deliverBackgroundWork { !layout.isReadingChapters && !layout.links(within: 0...600).isEmpty }
        return (book, document, harness, layout)
    }

    /// Taps the reference to the note in chapter 7.
    private func tapTheNoteReference(_ harness: ViewerHarness, _ layout: DocumentLayout) throws {
        let link = try XCTUnwrap(layout.links(within: 0...600).first { $0.destination == "#c7.xhtml#n1" })
        let rect = try XCTUnwrap(link.rects.first)
        harness.tap(rect.x + rect.width / 2, rect.y + rect.height / 2)
    }

    private func offset(_ harness: ViewerHarness) -> Double { harness.frames.last!.traced.contentOffset.y }

    func testATapOnANoteReferenceScrollsToTheNoteInALaterChapterReadOnAWorker() throws {
        let (book, document, harness, layout) = try openedBook()
        XCTAssertFalse(book.hasRead(7), "the note's chapter is not read before the tap")
        try tapTheNoteReference(harness, layout)
        harness.deliverBackgroundWork { offset(harness) > 5_000 && !harness.frames.last!.isAnimating }
        harness.runUntilIdle()
        XCTAssertEqual(book.takeMainThreadReads(), [], "no chapter read on the frame loop, the note's neither")
        let note = try XCTUnwrap(document.position(ofHeadingAnchor: "c7.xhtml#n1"))
        XCTAssertEqual(document.chapter(ofSection: note.section), 7)
        let noteTop = try XCTUnwrap(layout.lineTop(of: note, viewportTop: offset(harness)))
        XCTAssertEqual(noteTop - offset(harness), 16, accuracy: 2, "the note is at the top, a little space above it")
        XCTAssertEqual(harness.viewer.navigation.historyDepth.back, 1, "the jump is a place to come back from")

        harness.viewer.handle(ViewerInput(.key("Left", modifiers: .alt), timeMilliseconds: harness.time))
        harness.deliverBackgroundWork { offset(harness) < 1 && !harness.frames.last!.isAnimating }
        XCTAssertEqual(offset(harness), 0, accuracy: 1, "Alt+Left glides back to the reference")
        XCTAssertEqual(harness.viewer.navigation.historyDepth.forward, 1)
    }

    func testAScrollWhileTheNoteIsBeingFoundGivesTheJumpUp() throws {
        let (book, _, harness, layout) = try openedBook()
        try tapTheNoteReference(harness, layout)
        // Before the worker's answer is delivered (the harness delivers only when told), the
        // reader scrolls on by a little.
        harness.drag(from: LogicalPoint(x: 400, y: 500), to: LogicalPoint(x: 400, y: 380))
        harness.deliverBackgroundWork { layout.anchorsBeingFound == 0 && !layout.isReadingChapters }
        harness.runUntilIdle()
        XCTAssertTrue(book.hasRead(7), "the note was found")
        XCTAssertGreaterThan(offset(harness), 60, "the reader's scroll went on")
        XCTAssertLessThan(offset(harness), 2_000, "the view did not jump to the note after the reader scrolled")
        XCTAssertEqual(harness.viewer.navigation.historyDepth.back, 0, "a jump given up leaves no place behind")
        XCTAssertEqual(book.takeMainThreadReads(), [])
    }

    func testAnOutlineRowIntoAChapterNotReadPagesToItsPlaceThere() throws {
        let book = Book()
        let document = TextDocument(chapters: book, title: "A book", path: nil, baseDirectory: ".")
        var options = ViewerOptions()
        options.isPaged = true
        options.isSplit = true
        let harness = ViewerHarness(layout: document.makeLayout(palette: .light, paged: true), options: options)
        let pages = try XCTUnwrap(harness.viewer.documentPane.layout as? HorizontalPagesLayout)
        harness.deliverBackgroundWork { !pages.isReadingChapters && book.hasRead(0) }
        harness.runUntilIdle()
        func page() -> Int { harness.frames.last!.traced.pageControl.currentPage }
        XCTAssertEqual(page(), 0)
        XCTAssertFalse(book.hasRead(7))
        let outline = try XCTUnwrap(harness.viewer.outline)
        XCTAssertEqual(outline.entries.map(\.title), ["Chapter 0", "The note", "Chapter 8"])
        // Row 1 (rows are 48 px below an 8 px padding).
        harness.tap(200, 8 + 48 + 24)
        harness.deliverBackgroundWork {
            !outline.isFindingTarget(ofHeading: 1) && !pages.isReadingChapters && !harness.frames.last!.isAnimating
        }
        harness.runUntilIdle()
        XCTAssertEqual(book.takeMainThreadReads(), [], "no chapter read on the frame loop")
        let note = try XCTUnwrap(document.position(ofHeadingAnchor: "c7.xhtml#n1"))
        let notePage = pages.page(of: BlockLocation(section: note.section, block: note.block, shareOfSectionBefore: 0))
        let chapterPage = pages.page(of: BlockLocation(section: document.firstSection(ofChapter: 7)!, block: 0,
                                                       shareOfSectionBefore: 0))
        XCTAssertGreaterThan(notePage, chapterPage, "the note is pages into its chapter")
        XCTAssertEqual(page(), notePage, "the pages moved on from the chapter's start to the note's page")
        XCTAssertEqual(harness.viewer.navigation.historyDepth.back, 1)

        harness.viewer.handle(ViewerInput(.key("Left", modifiers: .alt), timeMilliseconds: harness.time))
        harness.deliverBackgroundWork { page() == 0 && !harness.frames.last!.isAnimating }
        XCTAssertEqual(page(), 0, "Alt+Left pages back to the start")
    }

    func testABookPagedTurnsAcrossAChapterBoundaryToTheNextChaptersText() throws {
        let book = Book()
        let document = TextDocument(chapters: book, title: "A book", path: nil, baseDirectory: ".")
        var options = ViewerOptions()
        options.isPaged = true
        let harness = ViewerHarness(layout: document.makeLayout(palette: .light, paged: true), options: options)
        let pages = try XCTUnwrap(harness.viewer.documentPane.layout as? HorizontalPagesLayout)
        func page() -> Int { harness.frames.last!.traced.pageControl.currentPage }
        func isSettled() -> Bool { !pages.isReadingChapters && !harness.frames.last!.isAnimating }
        harness.deliverBackgroundWork { book.hasRead(0) && isSettled() }
        harness.runUntilIdle()
        XCTAssertEqual(page(), 0)
        XCTAssertGreaterThan(harness.frames.last!.traced.pageControl.numberOfPages, 12, "a page or more a chapter")
        // Where chapter 1's heading is drawn, once its chapter is read and laid out.
        let chapterOne = try XCTUnwrap(document.firstSection(ofChapter: 1))
        func headingFrame() -> ContentRect? {
            let blocks = pages.blocks(inSection: chapterOne)
            guard let index = blocks.firstIndex(where: { $0.text == "Chapter 1" }) else { return nil }
            return pages.frame(of: AccessibleBlockLocation(section: chapterOne, block: index))
        }
        var turns = 0
        while turns < 10, headingFrame().map({ Int($0.x / 800) }) != page() {
            let before = page()
            // A swipe to the left, as a finger turns a page.
            harness.drag(from: LogicalPoint(x: 700, y: 300), to: LogicalPoint(x: 100, y: 300))
            harness.deliverBackgroundWork(until: isSettled)
            harness.runUntilIdle()
            XCTAssertEqual(page(), before + 1, "a swipe turns one page, and the page control says so")
            XCTAssertEqual(harness.frames.last!.traced.contentOffset.x, Double(page()) * 800, "a whole page")
            turns += 1
        }
        XCTAssertGreaterThan(turns, 0, "chapter 1 begins a page or more after the first")
        let heading = try XCTUnwrap(headingFrame(), "chapter 1 is read and laid out")
        XCTAssertEqual(Int(heading.x / 800), page(), "the page shown holds the next chapter's heading")
        // Its text is drawn there, not a placeholder: ink of the heading's size in its band.
        let left = Int(heading.x) - page() * 800, top = Int(heading.y)
        let background = harness.pixel(x: 2, y: top + Int(heading.height) / 2)
        let ink = (left..<(left + Int(heading.width))).filter { x in
            (top..<(top + Int(heading.height))).contains { harness.pixel(x: x, y: $0) != background }
        }
        XCTAssertGreaterThan(ink.count, 40, "the heading's letters are drawn")
        XCTAssertLessThan(ink.count, Int(heading.width * 0.6), "a short line of words, not a placeholder's bar across the column")
        XCTAssertEqual(book.takeMainThreadReads(), [], "turning the pages read no chapter on the frame loop")

        // Turned on faster than chapters arrive, the pages show placeholders, then the text; the
        // count changes as estimates become exact, and the page shown stays a whole page.
        let start = page()
        for _ in 0..<6 {
            harness.drag(from: LogicalPoint(x: 700, y: 300), to: LogicalPoint(x: 100, y: 300))
            harness.runUntilIdle()
        }
        XCTAssertEqual(page(), start + 6, "each swipe turned a page while chapters were still being read")
        harness.deliverBackgroundWork(until: isSettled)
        harness.runUntilIdle()
        let control = harness.frames.last!.traced.pageControl
        XCTAssertEqual(control.numberOfPages, pages.pageCount)
        XCTAssertEqual(harness.frames.last!.traced.contentOffset.x, Double(control.currentPage) * 800, "a whole page")
        XCTAssertEqual(book.takeMainThreadReads(), [])
    }
}
