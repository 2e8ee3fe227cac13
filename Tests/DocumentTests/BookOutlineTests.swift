@testable import DocumentKit
@testable import TextKind
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
}
