@testable import DocumentKit
import Glibc
import Machinery
import PDFFixtures
@testable import PDFKind
import XCTest

/// A PDF's text: searched on a worker as a reader means it (case and accents ignored, across
/// line breaks), laid over its pages for selection, and copied as poppler reads it.
final class PDFTextTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
        super.tearDown()
    }

    /// Twelve pages; page 8 (index 7) holds the words to find, the rest generated lines.
    private func file() throws -> PDFFile {
        var fixture = PDFFixture(pageCount: 12)
        fixture.bodyLines[7] = ["Le CAFÉ est noir et la", "Ёлка стоит в лесу.", "Un café, encore un cafe.",
                                "A word typeset with hyphen-", "ation, a well-", "known лес-", "ник, and 1990-", "1995."]
        let path = fixture.write()
        paths.append(path)
        return try PDFFile(path: path)
    }

    private func search(_ file: PDFFile, for query: String) -> DocumentSearch {
        let mailbox = MainThreadMailbox()
        let search = DocumentSearch(pdf: file, query: query, mailbox: mailbox)
        var descriptor = pollfd(fd: mailbox.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while !search.isComplete {
            XCTAssertEqual(poll(&descriptor, 1, 10_000), 1, "the worker posts within 10 s")
            _ = mailbox.deliverPending()
        }
        return search
    }

    private func texts(_ search: DocumentSearch, in file: PDFFile) -> [String] {
        search.matches.map { file.text(in: $0) }
    }

    func testAPDFIsSearchedIgnoringCaseAndDiacriticsAcrossLineBreaks() throws {
        let file = try file()
        let cafe = search(file, for: "cafe")
        XCTAssertEqual(texts(cafe, in: file), ["CAFÉ", "café", "cafe"])
        XCTAssertEqual(Set(cafe.matches.map(\.start.section)), [7], "all on page 8")
        XCTAssertEqual(texts(search(file, for: "ЕЛКА"), in: file), ["Ёлка"], "ё is е")
        XCTAssertEqual(texts(search(file, for: "la елка"), in: file), ["la\nЁлка"], "across the line break")
        XCTAssertEqual(search(file, for: "quick brown fox").count, 10 * 56, "every generated line (page 1 is the contents)")
        XCTAssertEqual(search(file, for: "zebra").count, 0)
    }

    func testAWordHyphenatedAtALineEndIsFoundWhole() throws {
        let file = try file()
        XCTAssertEqual(texts(search(file, for: "hyphenation"), in: file), ["hyphen-\nation"])
        XCTAssertEqual(texts(search(file, for: "ЛЕСНИК"), in: file), ["лес-\nник"], "in any script")
        XCTAssertEqual(texts(search(file, for: "wellknown"), in: file), ["well-\nknown"],
                       "a compound broken at its own hyphen reads as poppler reads it")
        XCTAssertEqual(search(file, for: "19901995").count, 0, "numbers are not words broken by typesetting")
        XCTAssertEqual(search(file, for: "1990- 1995").count, 1)
    }

    func testPageTextHasOneRectanglePerCharacterWhereItIsDrawn() throws {
        let file = try file()
        let document = try file.makeDocument()
        let page = try XCTUnwrap(PDFPageText.read(page: 7, of: document))
        XCTAssertTrue(page.text.hasPrefix("Page 8\nLe CAFÉ est noir"), page.text)
        let start = try XCTUnwrap(page.text.utf8.firstRange(of: "CAFÉ".utf8)).lowerBound
        let index = page.character(atUTF8Offset: page.text.utf8.distance(from: page.text.utf8.startIndex, to: start))
        // Line 1 of the body is drawn at y 90 pt (its baseline), 10 pt text, from x 54 pt.
        let c = page.rects[index], e = page.rects[index + 3]
        XCTAssertEqual(c.y + c.height, 92, accuracy: 4, "the baseline's line")
        XCTAssertGreaterThan(c.x, 60)
        XCTAssertLessThan(c.x, 120)
        XCTAssertGreaterThan(e.x, c.x + 10, "É three letters on")
        XCTAssertEqual(e.y, c.y, accuracy: 0.5, "on the same line")
    }

    func testTheTextLayoutAnswersPositionsWordsAndRectanglesOnThePage() throws {
        let file = try file()
        let pdf = PDFLayout(file: file)
        pdf.setViewportSize(width: 800, height: 600)
        let text = PDFTextLayout(pdf: pdf)
        XCTAssertNil(text.pageText(7), "read on the worker, not at once")
        var descriptor = pollfd(fd: MainThreadMailbox.shared.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while text.pageText(7) == nil {
            XCTAssertEqual(poll(&descriptor, 1, 10_000), 1, "the page's text arrives within 10 s")
            _ = MainThreadMailbox.shared.deliverPending()
        }
        let page = try XCTUnwrap(text.pageText(7))
        let offset = page.text.utf8.distance(from: page.text.utf8.startIndex,
                                              to: try XCTUnwrap(page.text.utf8.firstRange(of: "noir".utf8)).lowerBound)
        let inside = TextPosition(section: 7, block: 0, utf8Offset: offset + 1)
        let word = try XCTUnwrap(text.wordRange(at: inside))
        XCTAssertEqual(file.text(in: word), "noir")
        let line = try XCTUnwrap(text.paragraphRange(at: inside))
        XCTAssertEqual(file.text(in: line), "Le CAFÉ est noir et la")
        let rects = text.rects(of: word, within: 0...1_000_000)
        XCTAssertEqual(rects.count, 1, "one word, one rectangle")
        let rect = try XCTUnwrap(rects.first)
        let pageRect = pdf.pageRect(7)
        XCTAssertTrue(rect.y > pageRect.y && rect.maxY < pageRect.y + pageRect.height / 4, "near the page's top: \(rect)")
        // The middle of the word's rectangle is in the word.
        let hit = try XCTUnwrap(text.textPosition(at: ContentPoint(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)))
        XCTAssertTrue(word.start <= hit && hit <= word.end, "\(hit) in \(word)")
        let caret = try XCTUnwrap(text.caretRect(at: word.end))
        XCTAssertEqual(caret.x, rect.maxX, accuracy: 1, "the caret after the word stands at its right edge")
    }
}
