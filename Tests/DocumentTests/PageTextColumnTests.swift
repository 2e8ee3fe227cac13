import DocumentKit
@testable import PageKit
import XCTest

/// The column of text under a double tap (`PageText.column(aroundX:)`), from the lines a kind
/// reads and each character's rectangle.
final class PageTextColumnTests: XCTestCase {
    /// A page of `lines`, each a run of characters 5 points wide from its start to its end
    /// (page points), one line a row.
    private func page(_ lines: [(start: Double, end: Double)]) -> PageText {
        var text = "", rects: [ContentRect] = []
        for (row, line) in lines.enumerated() {
            if row > 0 {
                text += "\n"
                rects.append(ContentRect(x: 0, y: 0, width: 0, height: 0))
            }
            var x = line.start
            while x + 5 <= line.end + 0.001 {
                text += "a"
                rects.append(ContentRect(x: x, y: 100 + Double(row) * 14, width: 5, height: 10))
                x += 5
            }
        }
        return PageText(text: text, rects: rects)
    }

    /// A paper: a title across both columns, then lines of a left column (72…297) and a right
    /// one (315…540), a few ending short as paragraphs' last lines do.
    private var paper: PageText {
        var lines: [(start: Double, end: Double)] = [(72, 520)]
        for row in 0..<40 {
            let short = row % 7 == 6
            lines.append((72, short ? 180 : 297))
            lines.append((315, short ? 400 : 540))
        }
        return page(lines)
    }

    func testATapOnAColumnFindsThatColumnAndNotTheTitleAcrossBoth() throws {
        let right = try XCTUnwrap(paper.column(aroundX: 420))
        XCTAssertEqual(right.lowerBound, 315, accuracy: 1)
        XCTAssertEqual(right.upperBound, 540, accuracy: 1)
        let left = try XCTUnwrap(paper.column(aroundX: 100))
        XCTAssertEqual(left.lowerBound, 72, accuracy: 1)
        XCTAssertEqual(left.upperBound, 297, accuracy: 1)
    }

    func testATapInTheGutterOrAMarginFindsTheNearestColumn() throws {
        XCTAssertEqual(try XCTUnwrap(paper.column(aroundX: 310)).lowerBound, 315, accuracy: 1, "nearer the right column")
        XCTAssertEqual(try XCTUnwrap(paper.column(aroundX: 20)).lowerBound, 72, accuracy: 1, "the left margin")
    }

    func testARaggedColumnTakesItsLongestLine() throws {
        // Lines ending anywhere from 200 to 300: most stop short of the longest.
        let ragged = page((0..<30).map { (70, 200 + Double($0 % 10) * 10) })
        let column = try XCTUnwrap(ragged.column(aroundX: 150))
        XCTAssertEqual(column.upperBound, 290, accuracy: 1, "no line is cut")
    }

    func testAPageWithoutTextHasNoColumn() {
        XCTAssertNil(PageText(text: "", rects: []).column(aroundX: 100))
    }
}
