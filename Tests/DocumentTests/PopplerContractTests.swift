@testable import DocumentKit
import Machinery
import PDFFixtures
@testable import PDFKind
import XCTest

/// Issue 28: Glide asks poppler only for pages poppler counts at that moment
/// (`poppler_document_get_page` prints a critical warning for any other index).
final class PopplerContractTests: XCTestCase {
    func testEveryPageReadIsWithinThePagesPopplerCountsNow() throws {
        let file = try PDFFile(path: PDFFixture(pageCount: 3).write())
        let document = try file.makeDocument()
        let complaints = libraryComplaints {
            for index in [-1, 3, 4] {
                XCTAssertNil(document.pageSize(index), "page \(index)")
                XCTAssertNil(PDFPageText.read(page: index, of: document), "page \(index)")
                XCTAssertNil(PDFPageText.readText(page: index, of: document), "page \(index)")
                XCTAssertEqual(document.links(onPage: index), [], "page \(index)")
                XCTAssertNotNil(PDFPageRenderer(document: document).render(.preview(page: index)).failure, "page \(index)")
            }
            XCTAssertNotNil(document.pageSize(2), "the last page is still read")
            XCTAssertNil(PDFPageRenderer(document: document).render(.preview(page: 2)).failure)
        }
        XCTAssertEqual(complaints, [])
    }
}
