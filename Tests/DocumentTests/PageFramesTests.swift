import DocumentKit
import PageKit
import XCTest

/// Where pages go (`PageFrames`), the one place frames are computed from page sizes.
final class PageFramesTests: XCTestCase {
    private let letter: PagePointSize = (612, 792)
    private let landscape: PagePointSize = (800, 400)

    private func frames(paged: Bool, style: PageStyle = .document, rightToLeft: Bool = false,
                        sizes: [PagePointSize]) -> PageFrames {
        var frames = PageFrames(isPaged: paged, style: style, readsRightToLeft: rightToLeft)
        frames.relayOut(pageCount: sizes.count, size: { sizes[$0] })
        _ = frames.setViewport(width: 800, height: 600, size: { sizes[$0] })
        return frames
    }

    func testAColumnStacksPagesFittedToItsWidthWithAGapBetween() {
        let sizes = [letter, landscape, letter]
        let column = frames(paged: false, sizes: sizes)
        let first = column.pageRect(0, size: sizes[0]), second = column.pageRect(1, size: sizes[1])
        XCTAssertEqual(first.width, 800 - 2 * PageFrames.sideMarginPixels)
        XCTAssertEqual(first.y, PageFrames.pageGapPixels)
        XCTAssertEqual(second.y, first.maxY + PageFrames.pageGapPixels)
        XCTAssertEqual(second.height, (second.width / 2).rounded(), "a landscape page at its own shape")
        XCTAssertEqual(column.pages(meeting: ContentRect(x: 0, y: second.y + 1, width: 800, height: 10)), 1...1)
        XCTAssertEqual(column.contentSize.height, column.pageRect(2, size: sizes[2]).maxY + PageFrames.pageGapPixels)
    }

    func testPagedDocumentsKeepAMarginAndPicturesKeepThePageControlsBandClear() {
        let document = frames(paged: true, sizes: [landscape])
        XCTAssertEqual(document.pageRect(0, size: landscape).width, 800 - 2 * PageFrames.pagedMarginPixels)
        var pictures = frames(paged: true, style: .picture, sizes: [letter, landscape])
        XCTAssertEqual(pictures.pageRect(1, size: landscape), ContentRect(x: 800, y: 100, width: 800, height: 400))
        pictures.bottomInsetPixels = 100
        let portrait = pictures.pageRect(0, size: letter)
        XCTAssertEqual(portrait.height, 500, accuracy: 1e-9, "fitted into the room above the band")
        XCTAssertLessThanOrEqual(portrait.maxY, 500)
        XCTAssertEqual(pictures.contentSize, ContentSize(width: 1600, height: 600))
    }

    func testPagesReadRightToLeftStartAtTheRight() {
        let sizes = [letter, letter, letter]
        let manga = frames(paged: true, style: .picture, rightToLeft: true, sizes: sizes)
        XCTAssertEqual(manga.slot(ofPage: 0), 2)
        XCTAssertEqual(manga.pageRect(0, size: letter).x, 1600, accuracy: 400)
        XCTAssertGreaterThanOrEqual(manga.pageRect(0, size: letter).x, 1600)
        XCTAssertEqual(manga.pages(meeting: ContentRect(x: 1600, y: 0, width: 800, height: 600)), 0...0)
        XCTAssertEqual(manga.pages(meeting: ContentRect(x: 400, y: 0, width: 800, height: 600)), 1...2)
        XCTAssertEqual(manga.offset(ofPage: 2, fraction: 0, size: letter).x, 0, "the last page at the left")
    }

    func testATurnedPageTakesItsTurnedShapeAndItsPointsTurnWithIt() {
        var column = frames(paged: false, sizes: [letter, letter])
        column.turn(byQuarterTurns: 1, size: { _ in self.letter })
        let rect = column.pageRect(0, size: letter)
        XCTAssertEqual(rect.width, 800 - 2 * PageFrames.sideMarginPixels)
        XCTAssertEqual(rect.height, (rect.width * 612 / 792).rounded(), "on its side, the page is as tall as it was wide")
        let box = column.box(0, size: letter)
        // The upright page's top-left corner is at the turned page's top right.
        let corner = box.contentRect(ofPointsX: 0, y: 0, width: 10, height: 20)
        XCTAssertEqual(corner.maxX, rect.maxX, accuracy: 1e-9)
        XCTAssertEqual(corner.y, rect.y, accuracy: 1e-9)
        XCTAssertEqual(corner.width, 20 * box.scale, accuracy: 1e-9, "a box's height becomes its width")
        XCTAssertEqual(corner.height, 10 * box.scale, accuracy: 1e-9)
        for turns in 0..<4 {
            let turned = PageBox(rect: ContentRect(x: 10, y: 20, width: 300, height: 400), pointSize: letter, quarterTurns: turns)
            let point = turned.contentPoint(uprightX: 30, y: 70)
            let back = turned.uprightPoint(of: point)
            XCTAssertEqual(back.x, 30, accuracy: 1e-9, "turn \(turns)")
            XCTAssertEqual(back.y, 70, accuracy: 1e-9, "turn \(turns)")
        }
        column.turn(byQuarterTurns: -1, size: { _ in self.letter })
        XCTAssertEqual(column.quarterTurns, 0)
        XCTAssertEqual(column.pageRect(0, size: letter).height, (rect.width * 792 / 612).rounded(), "upright again")
    }
}
