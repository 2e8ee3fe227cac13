import DocumentKit
import Home
import XCTest

/// The home's grid: as many columns as fit, cells that never overlap, a point finds its cell
/// and nothing between cells, and the keys move by rows and columns.
final class HomeGridTests: XCTestCase {
    func testColumnsFitTheWindowAndCellsStayWithinTheirBounds() {
        let narrow = HomeGrid(viewportWidth: 360, count: 5)
        XCTAssertEqual(narrow.columns, 1)
        let wide = HomeGrid(viewportWidth: 1280, count: 5)
        XCTAssertEqual(wide.columns, 7)
        for grid in [narrow, wide, HomeGrid(viewportWidth: 800, count: 5)] {
            XCTAssertGreaterThanOrEqual(grid.cellWidth, min(HomeGrid.minimumCellWidthPixels, grid.viewportWidth))
            XCTAssertLessThanOrEqual(grid.cellWidth, HomeGrid.maximumCellWidthPixels)
            let frames = (0..<5).map(grid.frame(ofEntry:))
            for (index, frame) in frames.enumerated() {
                XCTAssertGreaterThanOrEqual(frame.x, 0)
                XCTAssertLessThanOrEqual(frame.maxX, grid.viewportWidth, "cell \(index) at width \(grid.viewportWidth)")
                XCTAssertLessThanOrEqual(frame.maxY, grid.contentSize.height)
                XCTAssertGreaterThanOrEqual(frame.y, HomeGrid.headerHeightPixels)
                for other in frames[(index + 1)...] { XCTAssertFalse(frame.intersects(other)) }
                XCTAssertFalse(frame.intersects(grid.openButtonFrame))
            }
        }
    }

    func testAPointFindsItsCellAndNothingBetweenCells() {
        let grid = HomeGrid(viewportWidth: 800, count: 5)
        XCTAssertEqual(grid.columns, 4)
        for index in 0..<5 {
            let frame = grid.frame(ofEntry: index)
            XCTAssertEqual(grid.entry(at: ContentPoint(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)), index)
        }
        let first = grid.frame(ofEntry: 0)
        XCTAssertNil(grid.entry(at: ContentPoint(x: first.maxX + HomeGrid.spacingPixels / 2, y: first.y + 10)), "the gutter")
        XCTAssertNil(grid.entry(at: ContentPoint(x: first.x + 10, y: 10)), "the header")
        let last = grid.frame(ofEntry: 4)
        XCTAssertNil(grid.entry(at: ContentPoint(x: last.maxX + HomeGrid.spacingPixels + 10, y: last.y + 10)), "no sixth cell")
        XCTAssertGreaterThan(grid.contentSize.height, last.maxY)
    }

    func testKeysMoveAlongRowsAndColumns() {
        let grid = HomeGrid(viewportWidth: 800, count: 6)
        XCTAssertEqual(grid.columns, 4)
        XCTAssertEqual(grid.entry(from: 0, moving: .right), 1)
        XCTAssertEqual(grid.entry(from: 0, moving: .left), 0)
        XCTAssertEqual(grid.entry(from: 1, moving: .down), 5)
        XCTAssertEqual(grid.entry(from: 3, moving: .down), 5, "the last row's nearest")
        XCTAssertEqual(grid.entry(from: 5, moving: .down), 5)
        XCTAssertEqual(grid.entry(from: 5, moving: .up), 1)
        XCTAssertEqual(grid.entry(from: 2, moving: .up), 2)
        XCTAssertEqual(grid.entry(from: 2, moving: .last), 5)
        XCTAssertEqual(grid.entry(from: 4, moving: .first), 0)
    }
}
