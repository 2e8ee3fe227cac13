import DocumentKit
import PageKit
import XCTest

/// Where the overview's cells are: rows centred across the window that scroll down, or screens
/// of whole rows side by side for a paged document; which cell a point is on.
final class PageOverviewGridTests: XCTestCase {
    func testAScrollingGridHasRowsCentredAcrossTheWindowAndAtLeast12CellsIn1280By800() {
        let grid = PageOverviewGrid(pageCount: 1000, viewportWidth: 1280, viewportHeight: 800, isPaged: false,
                                    pageAspect: 792.0 / 612)
        XCTAssertEqual(grid.columns, 6)
        let first = grid.cellRect(ofPage: 0), last = grid.cellRect(ofPage: 5)
        XCTAssertEqual(first.x, 1280 - last.maxX, accuracy: 1, "centred")
        XCTAssertEqual(grid.cellRect(ofPage: 6).x, first.x, "page 7 starts the second row")
        XCTAssertGreaterThan(grid.cellRect(ofPage: 6).y, first.maxY)
        let whole = (0..<1000).filter { grid.cellRect(ofPage: $0).maxY <= 800 }
        XCTAssertGreaterThanOrEqual(whole.count, 12, "at least two rows of six show whole")
        XCTAssertEqual(grid.contentSize.width, 1280)
        XCTAssertEqual(grid.contentSize.height, grid.cellRect(ofPage: 999).maxY + PageOverviewGrid.gapPixels, accuracy: 0.001)
        XCTAssertEqual(grid.groupCount, 167)
    }

    func testAPointFindsItsCellAndTheGapsNone() {
        let grid = PageOverviewGrid(pageCount: 20, viewportWidth: 800, viewportHeight: 600, isPaged: false, pageAspect: 1.3)
        for page in [0, 3, 7, 19] {
            let cell = grid.cellRect(ofPage: page)
            XCTAssertEqual(grid.page(at: ContentPoint(x: cell.x + cell.width / 2, y: cell.y + cell.height / 2)), page)
        }
        let cell = grid.cellRect(ofPage: 0)
        XCTAssertNil(grid.page(at: ContentPoint(x: cell.maxX + PageOverviewGrid.gapPixels / 2, y: cell.y + 10)))
        XCTAssertNil(grid.page(at: ContentPoint(x: 10, y: 1)), "above the first row")
        XCTAssertEqual(grid.pages(meeting: ContentRect(x: 0, y: 0, width: 800, height: 600)),
                       0...(grid.columns * 3 - 1), "every row that meets the view, whole")
    }

    func testAPagedGridHasScreensOfWholeRowsClearOfThePageControl() {
        let grid = PageOverviewGrid(pageCount: 100, viewportWidth: 1280, viewportHeight: 800, isPaged: true,
                                    pageAspect: 792.0 / 612, bottomInset: 60)
        XCTAssertGreaterThan(grid.pagesPerScreen, 11)
        let perScreen = grid.pagesPerScreen
        for page in 0..<100 { XCTAssertLessThanOrEqual(grid.cellRect(ofPage: page).maxY, 740, "page \(page) clear of the control") }
        XCTAssertEqual(grid.cellRect(ofPage: perScreen).x, grid.cellRect(ofPage: 0).x + 1280, "the next screen")
        XCTAssertEqual(grid.contentSize.width, Double(grid.groupCount) * 1280)
        XCTAssertEqual(grid.offset(showing: perScreen + 1), ContentPoint(x: 1280, y: 0))
        XCTAssertEqual(grid.pages(meeting: ContentRect(x: 1280, y: 0, width: 1280, height: 800)), perScreen...(2 * perScreen - 1))
    }

    func testAThumbnailKeepsItsPagesShapeInItsBox() {
        let grid = PageOverviewGrid(pageCount: 2, viewportWidth: 800, viewportHeight: 600, isPaged: false, pageAspect: 1.5)
        let box = grid.boxRect(ofPage: 1)
        let wide = grid.thumbnailRect(ofPage: 1, pageSize: ContentSize(width: 300, height: 150))
        XCTAssertEqual(wide.width, box.width)
        XCTAssertEqual(wide.height, box.width / 2, accuracy: 1)
        XCTAssertEqual(wide.maxY, box.maxY, "resting on its label")
        let tall = grid.thumbnailRect(ofPage: 1, pageSize: ContentSize(width: 100, height: 400))
        XCTAssertEqual(tall.height, box.height)
        XCTAssertEqual(tall.x + tall.width / 2, box.x + box.width / 2, accuracy: 1, "centred across")
    }

    func testANarrowWindowHasOneColumnAsWideAsItAllows() {
        let grid = PageOverviewGrid(pageCount: 5, viewportWidth: 120, viewportHeight: 600, isPaged: false, pageAspect: 1.4)
        XCTAssertEqual(grid.columns, 1)
        XCTAssertEqual(grid.boxWidth, 120 - 2 * PageOverviewGrid.gapPixels)
        XCTAssertGreaterThanOrEqual(grid.cellRect(ofPage: 0).x, 0)
    }
}
