@testable import DocumentKit
import Glibc
import Machinery
import PDFFixtures
@testable import PDFKind
import XCTest

/// Issue 28: Glide asks poppler only for pages poppler counts at that moment
/// (`poppler_document_get_page` prints a critical warning for any other index), and a page
/// count that changes after the layout's document opened is never indexed past: not by the
/// layout, the text, the accessible tree, search or the outline.
///
/// poppler 22.12 keeps a document's count once it has answered (Catalog::getNumPages), so the
/// count changes between poppler documents of one file: the layout's is opened first, the
/// render worker's, the text reader's and each search's later, and a file rewritten in place
/// in between (same inode: Glide's descriptor reads the new bytes) has another count for them.
final class PopplerContractTests: XCTestCase {
    func testEveryPageReadIsWithinThePagesPopplerCountsNow() throws {
        let file = try PDFFile(path: PDFFixture(pageCount: 3).write())
        let document = try file.makeDocument()
        // The renderer's side, in this process: what glide-page-renderer runs.
        let backend = try PDFRenderBackend(descriptor: file.descriptor)
        func preview(_ index: Int) -> PageRenderBackendResult {
            var pixels = [UInt32](repeating: 0, count: 16 * 16)
            return pixels.withUnsafeMutableBytes {
                backend.render(PageRenderRequest(page: index, scale: 0.1, x: 0, y: 0, width: 16, height: 16, flags: .details),
                               into: $0.baseAddress!)
            }
        }
        let complaints = libraryComplaints {
            for index in [-1, 3, 4] {
                XCTAssertNil(document.pageSize(index), "page \(index)")
                XCTAssertNil(PDFPageText.read(page: index, of: document), "page \(index)")
                XCTAssertNil(PDFPageText.readText(page: index, of: document), "page \(index)")
                XCTAssertEqual(document.links(onPage: index), [], "page \(index)")
                XCTAssertNotNil(preview(index).failure, "page \(index)")
            }
            XCTAssertNotNil(document.pageSize(2), "the last page is still read")
            XCTAssertNil(preview(2).failure)
        }
        XCTAssertEqual(complaints, [])
    }

    func testPagesThatVanishAfterTheLayoutOpenedAreNeverAskedFor() throws {
        var five = PDFFixture(pageCount: 5)
        five.hasOutline = false
        let path = five.write()
        let file = try PDFFile(path: path)
        var two = PDFFixture(pageCount: 2)
        two.hasOutline = false
        overwrite(path, with: two.write())
        let layout = PDFLayout(file: file)
        layout.setViewportSize(width: 800, height: 600)
        XCTAssertEqual(layout.pageCount, 5, "the layout's document counted the pages before the file changed")
        var outline: PDFOutline?
        var search: DocumentSearch?
        let complaints = libraryComplaints {
            let everything = ContentRect(x: 0, y: 0, width: 800, height: layout.contentSize.height)
            XCTAssertTrue(deliverUntil {
                _ = layout.prepare(everything, margin: 0, drawScale: 1)
                return (0..<5).allSatisfy { layout.previews.contains(.preview(page: $0)) || layout.failures[$0] != nil }
            })
            XCTAssertNil(layout.failures[1])
            XCTAssertNotNil(layout.failures[4], "a page past the worker's count is a notice, not a call outside poppler's contract")
            XCTAssertTrue(deliverUntil { [3, 4].allSatisfy { layout.textLayout.pageText($0) != nil } })
            XCTAssertEqual(layout.textLayout.pageText(4)?.text, "")
            XCTAssertEqual(layout.blocks(inSection: 4), [])
            layout.loadOutline { outline = $0 }
            search = layout.textLayout.search(for: "chapter")
            XCTAssertTrue(deliverUntil { outline != nil && search?.isComplete == true })
        }
        XCTAssertEqual(complaints, [])
        XCTAssertEqual(outline?.entries.map(\.destination.page), Array(0..<5), "a row per page the layout shows")
        XCTAssertTrue(search?.matches.allSatisfy { $0.end.section < layout.pageCount } ?? false)
    }

    func testPagesThatAppearAfterTheLayoutOpenedAreNotSearchedOrListed() throws {
        var three = PDFFixture(pageCount: 3)
        three.hasOutline = false
        three.bodyLines[1] = ["a needle on page two"]
        let path = three.write()
        let file = try PDFFile(path: path)
        var eight = PDFFixture(pageCount: 8)
        eight.hasOutline = false
        eight.bodyLines[1] = ["a needle on page two"]
        eight.bodyLines[6] = ["a needle on page seven"]
        overwrite(path, with: eight.write())
        let layout = PDFLayout(file: file)
        XCTAssertEqual(layout.pageCount, 3)
        var outline: PDFOutline?
        layout.loadOutline { outline = $0 }
        let search = layout.textLayout.search(for: "needle")
        XCTAssertTrue(deliverUntil { outline != nil && search.isComplete })
        XCTAssertEqual(search.matches.map(\.start.section), [1], "no match on a page the layout does not have")
        XCTAssertEqual(outline?.entries.map(\.destination.page), [0, 1, 2])
    }

    /// Writes `source`'s bytes over the file at `path` in place (same inode), as a program
    /// that truncates and rewrites a file does.
    private func overwrite(_ path: String, with source: String) {
        let bytes = DamagedPDF.read(source)
        let fd = open(path, O_WRONLY | O_TRUNC)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }, bytes.count)
        close(fd)
    }
}
