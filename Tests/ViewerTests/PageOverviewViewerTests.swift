import DocumentKit
import Glibc
import PDFFixtures
import PDFKind
import Render
import ScrollEngine
import Viewer
import XCTest

/// The overview of a PDF's pages in the viewer offscreen (F9, a pinch out, a tap on a
/// thumbnail, Escape): input in, the trace, the history and pixels out.
final class PageOverviewViewerTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
        super.tearDown()
    }

    /// A PDF of `pageCount` numbered pages in a 1280×800 window, opened at page `page`.
    private func harness(pageCount: Int = 60, atPage page: Int = 0, paged: Bool = false) throws -> ViewerHarness {
        let path = PDFFixture(pageCount: pageCount).write()
        paths.append(path)
        var options = ViewerOptions()
        options.isPaged = paged
        let harness = ViewerHarness(layout: PDFLayout(file: try PDFFile(path: path), paged: paged), options: options,
                                    width: 1280, height: 800,
                                    position: (ReadingAnchor(section: page, block: 0, fraction: 0), 1))
        harness.deliverBackgroundWork { harness.frames.last!.isAtRest && !harness.frames.last!.isAnimating }
        return harness
    }

    private func key(_ name: String, _ harness: ViewerHarness) {
        harness.send(.key(name, modifiers: []))
    }

    /// Page `page`'s thumbnail box in the window, as the last frame drew it.
    private func thumbnail(_ page: Int, of overview: any PageOverviewContent, _ harness: ViewerHarness) -> ContentRect {
        let cell = overview.cellRect(ofPage: page), offset = harness.frames.last!.traced.contentOffset
        return ContentRect(x: cell.x - offset.x, y: cell.y - offset.y, width: cell.width, height: cell.height - 22)
    }

    /// The pages whose thumbnails are whole in the window and show their page's ink (dark
    /// text on a light page), not a placeholder's even grey.
    private func drawnThumbnails(of overview: any PageOverviewContent, _ harness: ViewerHarness) -> [Int] {
        (0..<overview.pageCount).filter { page in
            let box = thumbnail(page, of: overview, harness)
            guard box.x >= 0, box.y >= 0, box.maxX <= Double(harness.width), box.maxY <= Double(harness.height) else { return false }
            var dark = 0, light = 0
            for y in stride(from: Int(box.y) + 2, to: Int(box.maxY) - 2, by: 2) {
                for x in stride(from: Int(box.x) + 2, to: Int(box.maxX) - 2, by: 2) {
                    let pixel = harness.pixel(x: x, y: y)
                    let level = (Int((pixel >> 16) & 0xff) + Int((pixel >> 8) & 0xff) + Int(pixel & 0xff)) / 3
                    if level < 160 { dark += 1 } else if level > 240 { light += 1 }
                }
            }
            return dark > 20 && light > dark
        }
    }

    func testF9ShowsAGridOfThumbnailsAndATapZoomsIntoThatPageAsAJumpEscapeReturns() throws {
        let harness = try harness(atPage: 4)
        let before = harness.frames.last!.traced.contentOffset
        key("F9", harness)
        XCTAssertTrue(harness.viewer.isOverviewShown)
        let overview = try XCTUnwrap(harness.viewer.document as? any PageOverviewContent, "the pane shows the grid")
        XCTAssertEqual(overview.readerPage, 4)
        XCTAssertEqual(overview.pageCount, 60)
        // Until the renderers have delivered the reader's page and at least 11 others.
        harness.deliverBackgroundWork {
            let drawn = drawnThumbnails(of: overview, harness)
            return drawn.count >= 12 && drawn.contains(4)
        }
        let drawn = drawnThumbnails(of: overview, harness)
        XCTAssertGreaterThanOrEqual(drawn.count, 12, "at least 12 thumbnails with their pages drawn: \(drawn)")
        XCTAssertTrue(drawn.contains(4), "the reader's page is in view")

        // Escape gives the document back where it was, and records nothing.
        key("Escape", harness)
        XCTAssertFalse(harness.viewer.isOverviewShown)
        XCTAssertEqual(harness.frames.last!.traced.contentOffset, before)
        XCTAssertEqual(harness.viewer.navigation.historyDepth.back, 0)

        // F9, then a tap on page 17's thumbnail: the grid zooms into it, then the page shows.
        key("F9", harness)
        harness.deliverBackgroundWork { drawnThumbnails(of: overview, harness).count >= 12 }
        let target = thumbnail(16, of: overview, harness)
        XCTAssertTrue(target.y > 0 && target.maxY < 800, "page 17 is in view: \(target)")
        let tapFrame = harness.frames.count
        harness.tap(target.x + target.width / 2, target.y + target.height / 2)
        harness.deliverBackgroundWork { !harness.viewer.isOverviewShown }
        XCTAssertFalse(harness.viewer.isOverviewShown)
        let zooms = harness.frames[tapFrame...].map(\.traced.zoomScale).filter { $0 > 1.01 }
        XCTAssertGreaterThan(Set(zooms).count, 4, "an animated zoom into the thumbnail, not a cut: \(zooms)")
        harness.runUntilIdle()
        XCTAssertNil(harness.viewer.document as? any PageOverviewContent)
        XCTAssertEqual(harness.viewer.document.readingAnchor.section, 16, "page 17 is at the top")
        XCTAssertEqual(harness.viewer.navigation.historyDepth.back, 1, "the tap is a jump the history records")
        XCTAssertEqual(harness.viewer.readingPosition.anchor.section, 16)
    }

    func testAPinchOutPastTheWholePageOpensTheOverview() throws {
        let harness = try harness(atPage: 2)
        XCTAssertFalse(harness.viewer.isOverviewShown)
        harness.pinchFingersTogether(steps: 12, pixelsPerStep: 24)
        XCTAssertFalse(harness.viewer.isOverviewShown, "not while the fingers are down")
        harness.liftTwoFingers()
        XCTAssertTrue(harness.viewer.isOverviewShown, "the pinch went past the whole page")
        XCTAssertEqual((harness.viewer.document as? any PageOverviewContent)?.readerPage, 2)
    }

    func testAPinchInOnAThumbnailOpensThatPage() throws {
        let harness = try harness(atPage: 0)
        key("F9", harness)
        harness.runUntilIdle()
        let overview = try XCTUnwrap(harness.viewer.document as? any PageOverviewContent)
        let target = thumbnail(9, of: overview, harness)
        let x = target.x + target.width / 2, y = target.y + target.height / 2
        harness.send(.touchDown(id: 0, location: LogicalPoint(x: x - 20, y: y)),
                     .touchDown(id: 1, location: LogicalPoint(x: x + 20, y: y)), .touchFrame)
        for step in 1...12 {
            let half = 20 + Double(step) * 10
            harness.send(.touchMotion(id: 0, location: LogicalPoint(x: x - half, y: y)),
                         .touchMotion(id: 1, location: LogicalPoint(x: x + half, y: y)), .touchFrame)
        }
        harness.send(.touchUp(id: 0), .touchUp(id: 1), .touchFrame)
        harness.deliverBackgroundWork { !harness.viewer.isOverviewShown }
        XCTAssertFalse(harness.viewer.isOverviewShown, "a pinch in on a thumbnail opens its page")
        harness.runUntilIdle()
        XCTAssertEqual(harness.viewer.document.readingAnchor.section, 9, "page 10, the one under the fingers")
        XCTAssertEqual(harness.viewer.navigation.historyDepth.back, 1, "a jump the history records")
    }

    func testAPinchOutThatStaysAtTheWholePageDoesNotOpenIt() throws {
        let harness = try harness(atPage: 2)
        harness.pinchFingersTogether(steps: 6, pixelsPerStep: 10)
        harness.liftTwoFingers()
        XCTAssertFalse(harness.viewer.isOverviewShown)
    }

    func testAPagedDocumentGetsAPagedGridWithItsPageControl() throws {
        let harness = try harness(atPage: 0, paged: true)
        key("F9", harness)
        harness.runUntilIdle()
        let view = harness.viewer.scene[harness.viewer.documentPane.view]
        XCTAssertTrue(view.isPagingEnabled, "the grid pages as the document did")
        let overview = try XCTUnwrap(harness.viewer.document as? any PageOverviewContent)
        XCTAssertGreaterThan(overview.contentSize.width, 1280 * 2, "screens of thumbnails side by side")
        XCTAssertEqual(overview.contentSize.height, 800)
        let screens = Int((overview.contentSize.width / 1280).rounded())
        XCTAssertEqual(harness.frames.last!.traced.pageControl.numberOfPages, screens)
        key("Next", harness)
        harness.runUntilIdle()
        XCTAssertEqual(harness.frames.last!.traced.contentOffset.x, 1280, "Page Down turns one screen of the grid")
        key("F9", harness)
        XCTAssertFalse(harness.viewer.isOverviewShown)
        XCTAssertEqual(harness.frames.last!.traced.contentOffset.x, 0, "F9 again returns to the first page")
    }

    func testTheGridButtonBesideThePageControlShowsTheOverviewAndHidesIt() throws {
        let harness = try harness(atPage: 3, paged: true)
        func button() -> (x: Double, y: Double) {
            PageControlLayout(harness.frames.last!.traced.pageControl, viewportWidth: 1280, viewportHeight: 800,
                              style: OverlayStyle()).overviewButtonCenter
        }
        let before = harness.frames.last!.traced.contentOffset
        // The button's pixels: its backdrop's grid of dark squares at the end of the control.
        let center = button()
        let ink = (-8...8).flatMap { dy in (-8...8).map { dx in (dx, dy) } }.filter { dx, dy in
            let pixel = harness.pixel(x: Int(center.x) + dx, y: Int(center.y) + dy)
            return (pixel >> 8) & 0xff < 90
        }
        XCTAssertGreaterThan(ink.count, 40, "the grid button is drawn")
        harness.tap(center.x, center.y)
        XCTAssertTrue(harness.viewer.isOverviewShown, "a tap on the grid button shows the overview")
        XCTAssertEqual(harness.frames.last!.traced.contentOffset.x, 0, "a tap on the button is not a tap on a thumbnail")
        harness.runUntilIdle()
        XCTAssertTrue(harness.viewer.isOverviewShown)
        let again = button()
        harness.tap(again.x, again.y)
        harness.runUntilIdle()
        XCTAssertFalse(harness.viewer.isOverviewShown, "and another hides it")
        XCTAssertEqual(harness.frames.last!.traced.contentOffset, before)
    }

    func testEscapeHidesTheHelpCardOverTheOverviewBeforeTheOverview() throws {
        let harness = try harness(atPage: 0)
        func darkShare() -> Double {
            let pixels = harness.rows(100..<500).flatMap { $0 }
            return Double(pixels.filter { ($0 >> 8) & 0xff < 80 }.count) / Double(pixels.count)
        }
        key("F9", harness)
        harness.runUntilIdle()
        let grid = darkShare()
        key("F1", harness)
        XCTAssertGreaterThan(darkShare(), grid + 0.3, "the dark help card over the grid")
        key("Escape", harness)
        harness.runUntilIdle()
        XCTAssertLessThan(darkShare(), grid + 0.1, "Escape hid the help card")
        XCTAssertTrue(harness.viewer.isOverviewShown, "and left the overview")
        key("Escape", harness)
        XCTAssertFalse(harness.viewer.isOverviewShown, "a second Escape returns to the document")
    }

    func testTheOverviewReadsAsAListOfPages() throws {
        let harness = try harness(atPage: 0)
        key("F9", harness)
        let content = try XCTUnwrap(harness.viewer.document.accessibleContent)
        let overview = try XCTUnwrap(harness.viewer.document as? any PageOverviewContent)
        let row = try XCTUnwrap(content.blocks(inSection: 0).first)
        XCTAssertEqual(row.role, .list(isOrdered: true))
        XCTAssertEqual(row.children.first?.role, .listItem)
        XCTAssertEqual(row.children.first?.text, "Page 1")
        let perRow = row.children.count
        XCTAssertGreaterThan(perRow, 1)
        XCTAssertEqual(content.sectionCount, (60 + perRow - 1) / perRow, "every page is an item of a row's list")
        XCTAssertEqual(content.blocks(inSection: 1).first?.children.first?.text, "Page \(perRow + 1)")
        XCTAssertEqual(content.frame(of: row.children[1].location), overview.cellRect(ofPage: 1))
    }
}
