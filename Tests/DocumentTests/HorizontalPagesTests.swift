@testable import DocumentKit
@testable import TextKind
import XCTest

/// A document as pages side by side: page i of the paginated column at x = i·W.
final class HorizontalPagesTests: XCTestCase {
    private let width = 500.0, height = 600.0

    private func layout(chapters: Int = 12) -> HorizontalPagesLayout {
        chapteredPages(chapters: chapters, width: width, height: height)
    }

    /// Prepares the viewport showing `page`, as the renderer does; returns the correction.
    @discardableResult
    private func show(page: Int, of layout: HorizontalPagesLayout) -> ContentPoint {
        layout.prepare(ContentRect(x: Double(page) * width, y: 0, width: width, height: height), margin: 0)
    }

    func testTheContentIsTheColumnsPagesSideBySide() {
        let layout = layout()
        _ = layout.column.prepare(ContentRect(x: 0, y: 0, width: width, height: height), margin: 1_000_000)
        XCTAssertGreaterThan(layout.document.sectionCount, 5)
        XCTAssertGreaterThan(layout.pageCount, 20)
        XCTAssertEqual(layout.pageCount, Int(layout.column.contentSize.height / height), "whole pages")
        XCTAssertEqual(layout.contentSize, ContentSize(width: Double(layout.pageCount) * width, height: height))
    }

    func testMakeLayoutPagesTextOnlyWhenAsked() {
        let document = chapteredDocument(chapters: 1)
        XCTAssertTrue(document.makeLayout(palette: .light, paged: true) is HorizontalPagesLayout)
        XCTAssertTrue(document.makeLayout(palette: .light) is DocumentLayout)
    }

    func testEveryPageShownIsTheReadingPosition() {
        let layout = layout()
        for page in 0..<20 {
            show(page: page, of: layout)
            XCTAssertEqual(layout.anchorOffset, ContentPoint(x: Double(page) * width, y: 0), "page \(page)")
        }
    }

    func testAMiddlePageAndItsNeighboursAreLaidOut() {
        let layout = layout()
        show(page: 9, of: layout)
        for page in 8...10 {
            XCTAssertFalse(layout.column.blockTexts(onPage: page).isEmpty, "page \(page) is ready to draw")
        }
    }

    func testReflowKeepsTheCurrentPagesFirstBlockOnThePageShown() {
        for (newWidth, newHeight) in [(380.0, 600.0), (700.0, 600.0), (500.0, 450.0)] {
            let layout = layout()
            show(page: 11, of: layout)
            let first = layout.column.blockTexts(onPage: 11).first!
            layout.setViewportSize(width: newWidth, height: newHeight)
            let page = Int(layout.anchorOffset.x / newWidth)
            layout.prepare(ContentRect(x: Double(page) * newWidth, y: 0, width: newWidth, height: newHeight), margin: 0)
            XCTAssertEqual(layout.anchorOffset.x, Double(page) * newWidth, "preparing the anchor's page keeps it")
            XCTAssertTrue(layout.column.blockTexts(onPage: page).contains(first),
                          "\(first.prefix(20)) shown at \(newWidth)×\(newHeight)")
        }
    }

    func testCorrectionsBeforeThePageMoveTheContentAcrossByWholePages() {
        let layout = layout(chapters: 40)
        // Open far in, as a saved reading position does, then page back to the start: the
        // estimates before the first page seen are corrected as those pages are laid out.
        layout.readingAnchor = ReadingAnchor(section: layout.document.sectionCount - 3, block: 0, fraction: 0)
        var page = Int(layout.anchorOffset.x / width)
        show(page: page, of: layout)
        let first = layout.column.blockTexts(onPage: page).first!
        var offset = Double(page) * width, total = 0.0
        while page > 0 {
            page -= 1
            let correction = show(page: page, of: layout)
            XCTAssertEqual(correction.y, 0)
            XCTAssertEqual(correction.x.truncatingRemainder(dividingBy: width), 0, "whole pages")
            offset += correction.x
            total += correction.x
            page += Int(correction.x / width)
        }
        XCTAssertNotEqual(total, 0, "the estimates were off, so this tested something")
        let firstPageSeen = Int(offset / width)
        show(page: firstPageSeen, of: layout)
        XCTAssertEqual(layout.column.blockTexts(onPage: firstPageSeen).first, first, "the page seen first kept its place")
    }
}
