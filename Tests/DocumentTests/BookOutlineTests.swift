@testable import DocumentKit
@testable import TextKind
import Foundation
import Machinery
import Synchronization
import XCTest

/// A book's own table of contents as the outline (`TextChapterSource.tableOfContents`): listed
/// without reading a chapter, a row's anchor found in its chapter alone.
final class BookOutlineTests: XCTestCase {
    /// Forty chapters, each a heading and a paragraph with an anchor, counting their reads.
    private final class CountingBook: TextChapterSource {
        let reads = Mutex<[Int]>([])

        var chapterCount: Int { 40 }

        func byteCount(ofChapter index: Int) -> Int { 4_000 }

        func blocks(ofChapter index: Int) -> [Block] {
            reads.withLock { $0.append(index) }
            var blocks = [Block(kind: .heading(level: 1), text: "Heading \(index)")]
            blocks += (0..<20).map { Block(kind: .paragraph, text: "Paragraph \($0) of chapter \(index).") }
            blocks[15].anchors = ["c\(index)#deep"]
            return blocks
        }

        func chapter(holdingAnchor name: String) -> Int? { Int(name.dropFirst().prefix { $0 != "#" }) }

        var tableOfContents: [ChapterOutlineEntry] {
            (0..<chapterCount).flatMap { index in
                [ChapterOutlineEntry(title: "Contents \(index)", level: 1, chapter: index),
                 ChapterOutlineEntry(title: "Deep in \(index)", level: 2, chapter: index, anchor: "c\(index)#deep")]
            }
        }
    }

    func testTheTableOfContentsIsListedWithoutReadingAChapterAndARowReadsItsChapterAlone() throws {
        let book = CountingBook()
        let document = TextDocument(chapters: book, title: "A book", path: nil, baseDirectory: ".")
        let pages = HorizontalPagesLayout(document: document)
        // The pages themselves read the chapter they open at.
        let readByThePages = book.reads.withLock { $0 }
        let outline = try XCTUnwrap(pages.outline)
        XCTAssertEqual(outline.entries?.count, 80)
        XCTAssertEqual(outline.entries?.prefix(2).map(\.title), ["Contents 0", "Deep in 0"])
        XCTAssertEqual(book.reads.withLock { $0 }, readByThePages, "no chapter is read to list the outline")
        // Chosen, the row leads to its chapter's start while a worker reads the chapter, never
        // the loop, and to its anchor once it is found.
        guard case .block(let start) = outline.target(ofEntry: 61) else { return XCTFail("a block") }
        XCTAssertEqual(start, BlockLocation(section: document.firstSection(ofChapter: 30)!, block: 0, shareOfSectionBefore: 0))
        XCTAssertTrue(outline.isFindingTarget(ofEntry: 61))
        MainThreadMailbox.shared.deliver(while: { outline.isFindingTarget(ofEntry: 61) }, timeoutSeconds: 10)
        XCTAssertFalse(outline.isFindingTarget(ofEntry: 61))
        guard case .block(let location) = outline.target(ofEntry: 61) else { return XCTFail("a block") }
        XCTAssertEqual(outline.entries?[61].target, .block(location), "the row's entry leads there too")
        XCTAssertEqual(book.reads.withLock { $0 }, readByThePages + [30], "the chosen row's chapter alone")
        XCTAssertEqual(document.chapter(ofSection: location.section), 30)
        XCTAssertEqual(document.blocks(inSection: location.section)[location.block].text, "Paragraph 14 of chapter 30.")
        XCTAssertGreaterThan(location.shareOfSectionBefore, 0, "estimated in its section by the text before it")
    }

    /// Ten thousand short chapters with no table of contents, each a heading (the second
    /// chapter of every ten a subheading too), counting the chapters read on the main thread.
    private final class UnlistedBook: TextChapterSource {
        let mainThreadReads = Mutex<Int>(0)
        let reads = Mutex<Int>(0)

        var chapterCount: Int { 10_000 }

        func byteCount(ofChapter index: Int) -> Int { 200 }

        func blocks(ofChapter index: Int) -> [Block] {
            if Thread.isMainThread { mainThreadReads.withLock { $0 += 1 } }
            reads.withLock { $0 += 1 }
            var blocks = [Block(kind: .heading(level: 1), text: "Heading \(index)"),
                          Block(kind: .paragraph, text: "The text of chapter \(index).")]
            if index % 10 == 1 { blocks.append(Block(kind: .heading(level: 2), text: "Part of \(index)")) }
            return blocks
        }
    }

    func testABookWithoutATableOfContentsFindsItsHeadingsOnTheWorkerRowsComingAsItReads() throws {
        let book = UnlistedBook()
        let document = TextDocument(chapters: book, title: "A book", path: nil, baseDirectory: ".")
        let pages = HorizontalPagesLayout(document: document)
        pages.setViewportSize(width: 600, height: 800)
        let outline = try XCTUnwrap(pages.outline)
        let readByThePages = book.mainThreadReads.withLock { $0 }
        XCTAssertLessThan(readByThePages, 10, "the first page reads what it shows")
        XCTAssertLessThan(outline.entries?.count ?? 0, 11_000, "the outline is not made on the loop")
        var updates = 0, sawPartial = false
        outline.whenLoaded {
            updates += 1
            if (outline.entries?.count ?? 0) < 11_000 { sawPartial = true }
        }
        MainThreadMailbox.shared.deliver(while: { (outline.entries?.count ?? 0) < 11_000 }, timeoutSeconds: 120)
        let entries = try XCTUnwrap(outline.entries)
        XCTAssertEqual(entries.count, 11_000, "a heading of every chapter and a subheading of every tenth")
        XCTAssertEqual(entries.prefix(3).map(\.title), ["Heading 0", "Heading 1", "Part of 1"])
        XCTAssertEqual(entries.prefix(3).map(\.level), [1, 1, 2])
        XCTAssertEqual(entries.last?.title, "Heading 9999")
        XCTAssertTrue(outline.isInPageOrder)
        XCTAssertGreaterThan(updates, 1, "rows come in batches as chapters are read")
        XCTAssertTrue(sawPartial)
        XCTAssertEqual(book.mainThreadReads.withLock { $0 }, readByThePages, "no chapter was read on the loop for the outline")
        // A row leads to its heading.
        guard case .block(let location) = outline.target(ofEntry: 10_999) else { return XCTFail("a block") }
        let blocks = document.blocks(inSection: location.section)
        XCTAssertEqual(blocks[location.block].text, "Heading 9999")
    }
}
