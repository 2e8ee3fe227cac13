@testable import DocumentKit
@testable import PageKit
import XCTest

/// What the page scheduler takes for motion: a fling's frames reach ahead with previews before
/// sharp pieces, while a zoom or a jump, however far its view moves in one frame, asks for the
/// sharp pieces of what it shows first.
final class PageSchedulerMotionTests: XCTestCase {
    /// 300 Letter pages in a column.
    private let layout = PageColumnGeometry(pageCount: 300)

    /// A scheduler that has shown the view at page 10 and has every preview and piece there.
    private func schedulerShowingPageTen() -> (PageScheduler, ContentRect) {
        let scheduler = PageScheduler()
        scheduler.drawScale = 2
        let visible = ContentRect(x: 0, y: 10 * PageColumnGeometry.pitch, width: 600, height: 800)
        scheduler.noteMotion(to: visible, paged: false)
        scheduler.lastVisible = visible
        return (scheduler, visible)
    }

    /// The jobs asked for once the view moved from `from` to `to`, as a frame's prepare does.
    private func jobs(_ scheduler: PageScheduler, from: ContentRect, to: ContentRect) throws -> [PageRenderJob] {
        scheduler.lastVisible = from
        scheduler.noteMotion(to: to, paged: false)
        scheduler.lastVisible = to
        return try XCTUnwrap(scheduler.jobs(for: to, margin: 0, in: layout))
    }

    /// Where the first preview of a page off screen comes, and where the first sharp piece.
    private func firstPreviewOffScreenAndFirstPiece(_ jobs: [PageRenderJob], shown: ClosedRange<Int>) throws -> (Int, Int) {
        let preview = try XCTUnwrap(jobs.firstIndex { if case .preview(let page) = $0 { return !shown.contains(page) }; return false })
        let piece = try XCTUnwrap(jobs.firstIndex { if case .piece = $0 { return true }; return false })
        return (preview, piece)
    }

    func testAFlingsFramesAskForPreviewsHalfASecondAheadBeforeSharpPieces() throws {
        let (scheduler, start) = schedulerShowingPageTen()
        // 5,000 px/s at 60 Hz.
        var next = start
        next.y += 83
        let asked = try jobs(scheduler, from: start, to: next)
        XCTAssertTrue(scheduler.isMovingFast)
        XCTAssertEqual(scheduler.lookAheadPixels(viewportLength: 800), 83 * PageScheduler.lookAheadFrames)
        let (preview, piece) = try firstPreviewOffScreenAndFirstPiece(asked, shown: layout.pages(meeting: next))
        XCTAssertLessThan(preview, piece, "a fling's next pages come before sharp pixels that are gone in a moment")
        let farthest = asked.compactMap { job -> Int? in if case .preview(let page) = job { return page }; return nil }.max() ?? 0
        XCTAssertGreaterThanOrEqual(farthest, 13, "previews reach 2,490 px ahead, past page 13")
    }

    func testAZoomAsksForTheSharpPiecesItShowsBeforeAnyPreviewAhead() throws {
        let (scheduler, start) = schedulerShowingPageTen()
        scheduler.motionDirection = -1
        // Twice the zoom about the view's centre: the view's origin moves 150 and 200 px.
        let zoomed = ContentRect(x: 150, y: start.y + 200, width: 300, height: 400)
        let asked = try jobs(scheduler, from: start, to: zoomed)
        XCTAssertFalse(scheduler.isMovingFast, "a zoom is no fling")
        XCTAssertEqual(scheduler.lookAheadPixels(viewportLength: 400), 400)
        let (preview, piece) = try firstPreviewOffScreenAndFirstPiece(asked, shown: layout.pages(meeting: zoomed))
        XCTAssertLessThan(piece, preview, "the zoom's own sharp pieces come first")
        XCTAssertEqual(scheduler.motionDirection, -1, "the way the reader last scrolled stays")
    }

    func testAJumpToAPageFarAwayAsksForItsSharpPiecesBeforeAnyPreviewAhead() throws {
        let (scheduler, start) = schedulerShowingPageTen()
        var jumped = start
        jumped.y = 17 * PageColumnGeometry.pitch
        let asked = try jobs(scheduler, from: start, to: jumped)
        XCTAssertFalse(scheduler.isMovingFast, "a jump of seven pages in one frame is no fling")
        let (preview, piece) = try firstPreviewOffScreenAndFirstPiece(asked, shown: layout.pages(meeting: jumped))
        XCTAssertLessThan(piece, preview)
        let farthest = asked.compactMap { job -> Int? in if case .preview(let page) = job { return page }; return nil }.max() ?? 0
        XCTAssertLessThanOrEqual(farthest, 19, "previews reach a view's length ahead, not 30 jumps' worth")
    }
}
