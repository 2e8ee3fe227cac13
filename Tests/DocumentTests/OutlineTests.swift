@testable import DocumentKit
@testable import TextKind
import XCTest

/// The outline of a document and how its headings map to pages and back.
final class OutlineTests: XCTestCase {
    private let width = 500.0, height = 600.0

    private func outline(chapters: Int = 12) -> OutlineListLayout {
        let outline = OutlineListLayout(source: TextOutlineSource(pages: chapteredPages(chapters: chapters, width: width, height: height)))
        outline.setViewportSize(width: width, height: 300)
        return outline
    }

    func testTheOutlineListsEveryHeadingWithItsLevel() {
        let headings = DocumentOutline(document: chapteredDocument(chapters: 3)).headings
        XCTAssertEqual(headings.map(\.text), ["Chapter 1", "Part 1.1", "Part 1.2", "Part 1.3", "Chapter 2", "Part 2.1",
                                              "Part 2.2", "Part 2.3", "Chapter 3", "Part 3.1", "Part 3.2", "Part 3.3"])
        XCTAssertEqual(headings.map(\.level), [1, 2, 2, 2, 1, 2, 2, 2, 1, 2, 2, 2])
        let document = chapteredDocument(chapters: 3)
        for heading in headings {
            XCTAssertEqual(document.blocks(inSection: heading.location.section)[heading.location.block].text, heading.text)
        }
    }

    func testPlainTextHasNoHeadings() {
        let document = TextDocument(text: "# not a heading\n\nin plain text", isMarkdown: false, title: "t")
        XCTAssertEqual(DocumentOutline(document: document).headings, [])
    }

    func testAHeadingsPageIsThePageItIsDrawnOnOnceLaidOut() {
        let outline = outline()
        let column = outline.pages.column
        _ = column.prepareCompletely(ContentRect(x: 0, y: 0, width: width, height: height), margin: 1_000_000)
        XCTAssertGreaterThan(outline.pages.pageCount, 20)
        for (index, heading) in outline.outline.headings.enumerated() {
            let page = outline.page(ofHeading: index)
            XCTAssertTrue(column.blockTexts(onPage: page).contains(heading.text), "\(heading.text) on page \(page)")
            if page > 0 { XCTAssertFalse(column.blockTexts(onPage: page - 1).contains(heading.text)) }
        }
    }

    func testTheHeadingOfAPageIsTheLastOneStartingOnOrBeforeIt() {
        let outline = outline()
        let column = outline.pages.column
        _ = column.prepareCompletely(ContentRect(x: 0, y: 0, width: width, height: height), margin: 1_000_000)
        let texts = outline.outline.headings.map(\.text)
        var current: Int?
        for page in 0..<outline.pages.pageCount {
            // Read off the drawn pages: the latest heading seen so far.
            if let last = column.blockTexts(onPage: page).last(where: texts.contains) { current = texts.lastIndex(of: last) }
            XCTAssertEqual(outline.heading(onPage: page), current, "page \(page)")
        }
    }

    func testNoHeadingBeforeTheFirstOne() {
        let pages = HorizontalPagesLayout(document: TextDocument(
            text: String(repeating: "An introduction before any heading. ", count: 200) + "\n\n# Later\n\ntext",
            isMarkdown: true, title: "t"))
        pages.setViewportSize(width: width, height: height)
        let outline = OutlineListLayout(source: TextOutlineSource(pages: pages))
        _ = pages.prepareCompletely(ContentRect(x: 0, y: 0, width: width, height: height), margin: 1_000_000)
        XCTAssertGreaterThan(outline.page(ofHeading: 0), 0)
        XCTAssertNil(outline.heading(onPage: 0))
        XCTAssertEqual(outline.heading(onPage: outline.page(ofHeading: 0)), 0)
    }

    func testEstimatedPagesKeepTheHeadingsInOrderAndBecomeExact() {
        let outline = outline(chapters: 40)
        // Only the first pages are laid out: later headings' pages are estimates.
        _ = outline.pages.prepare(ContentRect(x: 0, y: 0, width: width, height: height), margin: 0)
        let estimated = outline.outline.headings.indices.map(outline.page(ofHeading:))
        XCTAssertEqual(estimated, estimated.sorted(), "never out of order")
        XCTAssertTrue(estimated.allSatisfy { (0..<outline.pages.pageCount).contains($0) })
        // Turning to the last estimated heading's page lays it out: then it is exact.
        let last = estimated.count - 1
        outline.pages.prepare(ContentRect(x: Double(estimated[last]) * width, y: 0, width: width, height: height), margin: 0)
        let exact = outline.page(ofHeading: last)
        outline.pages.prepare(ContentRect(x: Double(exact) * width, y: 0, width: width, height: height), margin: 0)
        XCTAssertTrue(outline.pages.column.blockTexts(onPage: exact).contains(outline.outline.headings[last].text))
    }

    func testATapFindsTheRowUnderIt() {
        let outline = outline()
        let rows = outline.outline.headings.count
        XCTAssertEqual(outline.contentSize.height, 2 * 8 + Double(rows) * 48)
        outline.setViewportSize(width: width, height: 10_000)
        XCTAssertEqual(outline.contentSize.height, 10_000, "a short list fills its pane from the top")
        XCTAssertNil(outline.heading(atY: 4), "the padding above the first row")
        XCTAssertEqual(outline.heading(atY: 8), 0)
        XCTAssertEqual(outline.heading(atY: 8 + 47.9), 0)
        XCTAssertEqual(outline.heading(atY: 8 + 48), 1)
        XCTAssertEqual(outline.heading(atY: 8 + 48 * 5.5), 5)
        XCTAssertEqual(outline.heading(atY: 8 + 48 * Double(rows) - 1), rows - 1)
        XCTAssertNil(outline.heading(atY: 8 + 48 * Double(rows) + 1), "below the last row")
        XCTAssertEqual(outline.rowRect(ofHeading: 5), ContentRect(x: 0, y: 8 + 5 * 48, width: width, height: 48))
    }

    func testMovingTheHighlightRedrawsOnlyTheTwoRows() {
        let outline = outline()
        outline.highlightedHeading = 2
        let revision = outline.revision
        outline.highlightedHeading = 6
        XCTAssertEqual(outline.changes(since: revision), .band(outline.rowRect(ofHeading: 2).y...outline.rowRect(ofHeading: 6).maxY))
        let settled = outline.revision
        outline.highlightedHeading = 6
        XCTAssertEqual(outline.changes(since: settled), .none)
    }
}

private extension OutlineListLayout {
    /// The text outline's pages and headings, which the tests read the list against.
    var text: TextOutlineSource { source as! TextOutlineSource }
    var pages: HorizontalPagesLayout { text.pages }
    var outline: (headings: [(text: String, level: Int)], Void) { (text.entries!.map { ($0.title, $0.level) }, ()) }
}
