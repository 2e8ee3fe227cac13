@testable import DocumentKit
import Glibc
import Machinery
import TextKind
import XCTest

/// Finding text as a reader means it: case and accents ignored, across line breaks and
/// styles, streamed from a worker through the mailbox.
final class SearchTests: XCTestCase {
    /// Runs `query` over `document` to the end, delivering on this thread; returns the search
    /// and how many deliveries it took.
    private func search(_ document: TextDocument, for query: String) -> (DocumentSearch, deliveries: Int) {
        let mailbox = MainThreadMailbox()
        let search = DocumentSearch(document: document, query: query, mailbox: mailbox)
        var deliveries = 0
        var descriptor = pollfd(fd: mailbox.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while !search.isComplete {
            XCTAssertEqual(poll(&descriptor, 1, 10_000), 1, "the worker posts within 10 s")
            deliveries += mailbox.deliverPending()
        }
        return (search, deliveries)
    }

    private func texts(_ search: DocumentSearch, in document: TextDocument) -> [String] {
        search.matches.map { document.text(in: $0) }
    }

    func testCaseAndDiacriticsAreIgnoredAsReadersExpect() {
        let document = TextDocument(text: "Ёлка и ЕЛКА.\n\nA café, a CAFE and a Café.\n\nStraße, STRASSE.", isMarkdown: false,
                                title: "t")
        XCTAssertEqual(texts(search(document, for: "елка").0, in: document), ["Ёлка", "ЕЛКА"])
        XCTAssertEqual(texts(search(document, for: "cafe").0, in: document), ["café", "CAFE", "Café"])
        XCTAssertEqual(texts(search(document, for: "CAFÉ").0, in: document), ["café", "CAFE", "Café"])
        XCTAssertEqual(texts(search(document, for: "strasse").0, in: document), ["Straße", "STRASSE"],
                       "full case folding: ß is ss")
    }

    func testAPhraseIsFoundAcrossALineBreakAndAcrossInlineStyles() {
        let plain = TextDocument(text: "the quick brown\nfox jumps", isMarkdown: false, title: "t")
        XCTAssertEqual(texts(search(plain, for: "brown fox").0, in: plain), ["brown\nfox"])
        let markdown = TextDocument(text: "Some **bold** and *quick* [brown](https://example.org) fox.", isMarkdown: true,
                                title: "t")
        let found = search(markdown, for: "quick brown fox").0
        XCTAssertEqual(texts(found, in: markdown), ["quick brown fox"], "the text shown, not the markup")
        XCTAssertEqual(search(markdown, for: "example.org").0.count, 0, "a link's destination is not shown text")
        let log = TextDocument(text: "a line ending in a dash-\nthen the next", isMarkdown: false, title: "t")
        XCTAssertEqual(search(log, for: "dashthen").0.count, 0, "plain text is not typeset: its line ends break no words")
        XCTAssertEqual(search(log, for: "dash- then").0.count, 1)
    }

    func testAnEmptyQueryFindsNothingAndIsComplete() {
        let document = TextDocument(text: "text", isMarkdown: false, title: "t")
        let empty = DocumentSearch(document: document, query: "  ", mailbox: MainThreadMailbox())
        XCTAssertTrue(empty.isComplete)
        XCTAssertEqual(empty.count, 0)
    }

    func testALargeDocumentStreamsItsMatchesInOrderAndWrapsForNext() throws {
        // 3 MB of plain text, mapped and parsed a section at a time by the worker.
        let line = "Lorem ipsum dolor sit amet, needle consectetur adipiscing elit.\n"
        let text = String(repeating: line, count: 50_000)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-search-\(UUID()).txt").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        defer { unlink(path) }
        let document = try TextDocument(contentsOfFile: path)
        XCTAssertGreaterThan(document.sectionCount, 300)
        let (found, deliveries) = search(document, for: "NEEDLE")
        XCTAssertEqual(found.count, 50_000)
        XCTAssertGreaterThanOrEqual(deliveries, 2, "the first match is delivered before the search ends")
        XCTAssertEqual(Array(found.matches), found.matches.sorted { $0.start < $1.start })
        XCTAssertEqual(Set(found.matches.map(\.start.section)).count, document.sectionCount, "chunks of 4096 kept in order")
        let middle = found.matches[25_000].start
        XCTAssertEqual(found.index(ofFirstMatchAtOrAfter: middle), 25_000)
        XCTAssertEqual(found.index(ofFirstMatchAtOrAfter: .end), 0, "past the last match it wraps to the first")
        let sections = found.indices(inSections: 10...10)
        XCTAssertFalse(sections.isEmpty)
        XCTAssertTrue(found.matches[sections].allSatisfy { $0.start.section == 10 })
    }

    func testANewQueryStopsTheOldSearch() {
        let document = TextDocument(text: String(repeating: "word ", count: 100_000), isMarkdown: false, title: "t")
        let mailbox = MainThreadMailbox()
        let old = DocumentSearch(document: document, query: "word", mailbox: mailbox)
        old.cancel()
        usleep(200_000)
        mailbox.deliverPending()
        XCTAssertLessThan(old.count, 100_000, "a cancelled search does not run to the end")
    }
}
