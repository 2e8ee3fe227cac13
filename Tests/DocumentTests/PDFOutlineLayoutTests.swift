@testable import DocumentKit
import PDFFixtures
@testable import PDFKind
import XCTest

/// The `--split` list of a PDF: its bookmarks as rows, each leading to its page.
final class PDFOutlineLayoutTests: XCTestCase {
    func testRowsAreTheBookmarksOnceTheWorkerHasReadThem() throws {
        let pages = PDFLayout(file: try PDFFile(path: PDFFixture(pageCount: 35).write()), paged: true)
        let list = OutlineListLayout(source: PDFOutlineSource(pages: pages))
        list.setViewportSize(width: 600, height: 300)
        let before = list.revision
        XCTAssertTrue(deliverUntil { !list.entries.isEmpty })
        XCTAssertGreaterThan(list.revision, before, "the rows are drawn again when they arrive")
        XCTAssertEqual(list.entries.count, 4)
        // Rows are 48 px tall below 8 px of padding.
        XCTAssertEqual(list.heading(atY: 8 + 48 * 2 + 10), 2)
        XCTAssertNil(list.heading(atY: 8 + 48 * 4 + 10))
        XCTAssertEqual(list.page(ofHeading: 2), 20)
        XCTAssertEqual(list.heading(onPage: 25), 2)
        XCTAssertEqual(list.heading(onPage: 9), 0)
        XCTAssertEqual(list.contentSize.height, 300, "a short list is the viewport's height")
    }
}
