import ArchiveFixtures
import DocumentKit
import ImageKind
import PageKit
import XCTest

/// A comic's pages on the one page scheduler of the paged kinds: decoded by the image decoders,
/// a small preview first, then sharp pieces at the scale drawn, kept in the scheduler's
/// byte-bounded caches and nowhere else.
final class ComicSchedulerTests: XCTestCase {
    func testAPageShowsASmallPreviewFirstThenSharpPiecesHeldOnlyByTheScheduler() throws {
        let pages = (1...4).map { SolidPage(name: "page\($0).png", green: 1, width: 1200, height: 1800).entry }
        let comic = try openComic(pages)
        let shown = ShownComic(comic)
        let layout = shown.layout
        let visible = ContentRect(x: 0, y: 0, width: shown.width, height: shown.height)
        _ = layout.prepare(visible, margin: shown.width, drawScale: 1)
        XCTAssertFalse(layout.isSharp, "nothing is decoded before the mailbox is read")
        layout.images.waitForDecodes()
        let preview = try XCTUnwrap(layout.previews.pixels(.preview(page: 0)), "the page's preview arrived")
        XCTAssertLessThanOrEqual(max(preview.width, preview.height), 320, "the preview is small, whatever the image's size")
        XCTAssertEqual(layout.pointSize(0).width, 1200, "the page's size is the image's own, from its header")
        XCTAssertEqual(layout.pointSize(0).height, 1800)
        XCTAssertTrue(layout.previews.contains(.preview(page: 1)), "the next page's preview is decoded beside it")
        _ = layout.prepare(visible, margin: shown.width, drawScale: 1)
        layout.images.waitForDecodes()
        _ = layout.prepare(visible, margin: shown.width, drawScale: 1)
        XCTAssertTrue(layout.isSharp, "the page on screen has its sharp pieces")
        XCTAssertGreaterThan(layout.pieces.count, 0)
        XCTAssertEqual(layout.images.cachedBytes, 0, "the decoders' pixels are kept by the scheduler alone")
        assertColour(shown.centreColour(ofSlot: 0), (0, 255, 0), "the page drawn from its pieces")
        XCTAssertFalse(layout.previews.contains(.preview(page: 3)), "a page far from the view is not decoded")
    }

    func testSharpPiecesAreDecodedAtTheScaleDrawnAndCutFromOneDecode() throws {
        let comic = try openComic([SolidPage(name: "page1.png", red: 1, width: 900, height: 600).entry])
        let shown = ShownComic(comic)
        let layout = shown.layout
        let visible = ContentRect(x: 0, y: 0, width: shown.width, height: shown.height)
        for _ in 0..<3 {
            _ = layout.prepare(visible, margin: 0, drawScale: 4)
            layout.images.waitForDecodes()
        }
        XCTAssertTrue(layout.isSharp)
        // 300 logical px wide at 4 device px each: about 1200 px, past the image's own 900.
        let scale = PageScheduler.pieceScale(drawScale: 4, pageWidth: layout.pageRect(0).width, pointWidth: 900)
        let grid = PagePieceGrid(pageWidthPoints: 900, pageHeightPoints: 600, scale: scale)
        XCTAssertGreaterThan(grid.pageWidth, 900)
        for row in 0..<grid.rowCount {
            let piece = try XCTUnwrap(layout.pieces.pixels(.piece(PagePieceKey(page: 0, scale: scale, column: 0, row: row))))
            XCTAssertEqual(piece.width, grid.rect(column: 0, row: row).width)
            XCTAssertEqual(piece.height, grid.rect(column: 0, row: row).height)
        }
        XCTAssertEqual(layout.renderedJobCount, 1 + grid.rowCount * grid.columnCount, "one preview, then each piece once")
    }

    func testNightPagesAreDecodedInvertedAndDecodedAgainWhenTurnedOff() throws {
        let comic = try openComic([SolidPage(name: "page1.png", red: 1, green: 1, blue: 1, width: 600, height: 900).entry])
        let shown = ShownComic(comic)
        let layout = shown.layout
        let visible = ContentRect(x: 0, y: 0, width: shown.width, height: shown.height)
        layout.palette = .dark
        for _ in 0..<3 {
            _ = layout.prepare(visible, margin: 0, drawScale: 1)
            layout.images.waitForDecodes()
        }
        XCTAssertTrue(layout.isSharp)
        XCTAssertEqual(layout.previews.pixels(.preview(page: 0))?.invertsLightness, true, "the preview decoded as night pages")
        assertColour(shown.centreColour(ofSlot: 0), (0, 0, 0), "a white page turns black where it is decoded")
        layout.palette = .light
        _ = layout.prepare(visible, margin: 0, drawScale: 1)
        XCTAssertFalse(layout.isSharp, "every piece is asked for again in the day's style")
        for _ in 0..<3 {
            layout.images.waitForDecodes()
            _ = layout.prepare(visible, margin: 0, drawScale: 1)
        }
        XCTAssertTrue(layout.isSharp)
        XCTAssertEqual(layout.previews.pixels(.preview(page: 0))?.invertsLightness, false)
        assertColour(shown.centreColour(ofSlot: 0), (255, 255, 255), "white again once night pages are off")
    }
}
