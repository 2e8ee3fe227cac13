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

    // MARK: Spreads

    private func spreads(paged: Bool, cover: Bool, rightToLeft: Bool = false, style: PageStyle = .document,
                         sizes: [PagePointSize]) -> PageFrames {
        var frames = frames(paged: paged, style: style, rightToLeft: rightToLeft, sizes: sizes)
        frames.arrange(spreads: true, cover: cover, size: { sizes[$0] })
        return frames
    }

    func testSpreadsWithACoverShowTheFirstPageAloneAtTheRightAndThenPairs() {
        let sizes = Array(repeating: letter, count: 5)
        let book = spreads(paged: true, cover: true, sizes: sizes)
        XCTAssertEqual(book.slotCount, 3, "the cover, 2–3, 4–5")
        XCTAssertEqual(book.contentSize.width, 3 * 800)
        XCTAssertEqual(book.pages(atSlot: 0), 0...0)
        XCTAssertEqual(book.pages(atSlot: 1), 1...2)
        XCTAssertEqual(book.pages(atSlot: 2), 3...4)
        XCTAssertEqual(book.slot(ofPage: 2), 1)
        let cover = book.pageRect(0, size: letter), left = book.pageRect(1, size: letter), right = book.pageRect(2, size: letter)
        XCTAssertGreaterThanOrEqual(cover.x, 400, "the cover alone, at the right of the middle as a book's first page")
        XCTAssertEqual(cover.height, left.height, "the cover as large as a page of a pair")
        XCTAssertEqual(left.maxX + PageFrames.pageGapPixels / 2, right.x, accuracy: 1, "the pair side by side, a gutter between")
        XCTAssertEqual(left.y, right.y)
        XCTAssertEqual(left.height, right.height)
        XCTAssertEqual((left.x - 800) + right.maxX - 800, 800, accuracy: 2, "the pair centred")
        XCTAssertLessThanOrEqual(left.height, 600 - 2 * PageFrames.pagedMarginPixels, "fitted whole")
        XCTAssertEqual(book.pages(meeting: ContentRect(x: 800, y: 0, width: 800, height: 600)), 1...2)
        XCTAssertEqual(book.pages(meeting: ContentRect(x: 0, y: 0, width: 800, height: 600)), 0...0)
        XCTAssertEqual(book.offset(ofPage: 4, fraction: 0, size: letter).x, 1600, "a page's offset is its spread's")
    }

    func testSpreadsWithoutACoverPairTheFirstPageAndLeaveTheLastAloneAtTheLeft() {
        let sizes = Array(repeating: letter, count: 5)
        let book = spreads(paged: true, cover: false, sizes: sizes)
        XCTAssertEqual(book.slotCount, 3, "1–2, 3–4, 5")
        XCTAssertEqual(book.pages(atSlot: 0), 0...1)
        XCTAssertEqual(book.pages(atSlot: 2), 4...4)
        XCTAssertLessThan(book.pageRect(0, size: letter).x, book.pageRect(1, size: letter).x)
        XCTAssertLessThanOrEqual(book.pageRect(4, size: letter).maxX, 1600 + 400, "the last page alone at the left")
        var turned = book
        turned.arrange(spreads: false, cover: false, size: { sizes[$0] })
        XCTAssertEqual(turned.slotCount, 5, "one page a slot again")
        XCTAssertEqual(turned.pageRect(4, size: letter), frames(paged: true, sizes: sizes).pageRect(4, size: letter))
    }

    func testSpreadsReadRightToLeftPutTheFirstSpreadAtTheRightAndItsFirstPageOnTheRight() {
        let sizes = Array(repeating: letter, count: 4)
        let manga = spreads(paged: true, cover: false, rightToLeft: true, style: .picture, sizes: sizes)
        XCTAssertEqual(manga.slotCount, 2)
        XCTAssertEqual(manga.slot(ofPage: 0), 1, "the first spread at the right")
        XCTAssertEqual(manga.pages(atSlot: 1), 0...1)
        let first = manga.pageRect(0, size: letter), second = manga.pageRect(1, size: letter)
        XCTAssertEqual(second.maxX, first.x, accuracy: 1, "the second page at the left of the first, pictures meeting")
        XCTAssertGreaterThanOrEqual(second.x, 800)
        XCTAssertEqual(manga.pages(meeting: ContentRect(x: 0, y: 0, width: 800, height: 600)), 2...3)
        let withCover = spreads(paged: true, cover: true, rightToLeft: true, style: .picture, sizes: sizes)
        XCTAssertLessThan(withCover.pageRect(0, size: letter).maxX, withCover.contentSize.width - 400 + 1,
                          "a manga's cover alone at the left of the middle, where its first page goes")
    }

    func testSpreadsInAColumnAreRowsOfPairsSharingTheColumnsWidth() {
        let sizes = [letter, letter, landscape, letter]
        var column = spreads(paged: false, cover: true, sizes: sizes)
        let cover = column.pageRect(0, size: letter)
        let left = column.pageRect(1, size: letter), right = column.pageRect(2, size: landscape)
        XCTAssertEqual(left.y, cover.maxY + PageFrames.pageGapPixels, "the second row below the cover's")
        XCTAssertEqual(left.height, right.height, "facing pages share their height")
        XCTAssertEqual(right.x - left.maxX, PageFrames.pageGapPixels / 2, accuracy: 1)
        XCTAssertEqual(right.maxX - left.x, column.columnWidth, accuracy: 2, "the pair spans the column")
        XCTAssertEqual(column.pages(meeting: ContentRect(x: 0, y: left.y + 5, width: 800, height: 1)), 1...2)
        // A size that becomes known moves its partner.
        let before = column.pageRect(1, size: letter)
        XCTAssertTrue(column.resize(2, to: letter, sizes: { $0 == 2 ? self.letter : sizes[$0] }))
        XCTAssertGreaterThan(column.pageRect(1, size: letter).height, before.height, "two portrait pages make a taller row")
        XCTAssertEqual(column.contentSize.height, column.pageRect(3, size: letter).maxY + PageFrames.pageGapPixels, accuracy: 1)
    }
}
