import DocumentKit
import Glibc
import Machinery
import PDFFixtures
import PDFKind
import ScrollEngine
import Viewer
import XCTest

/// A PDF in the viewer: its zoom range, links followed by a tap or a click, the outline of
/// split mode, and pages arriving from the worker between frames.
final class PDFViewerTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
        super.tearDown()
    }

    private func layout(pageCount: Int = 35, paged: Bool = false) throws -> PDFLayout {
        let path = PDFFixture(pageCount: pageCount).write()
        paths.append(path)
        return PDFLayout(file: try PDFFile(path: path), paged: paged)
    }

    /// Draws frames, running the worker's deliveries between them as the app's loop does,
    /// until `condition` holds (or 20 s pass).
    private func frames(_ harness: ViewerHarness, until condition: () -> Bool) -> Bool {
        for _ in 0..<4000 {
            if MainThreadMailbox.shared.deliverPending() > 0 { harness.viewer.setNeedsFrame() }
            harness.drawFrame()
            if condition() { return true }
            usleep(5000)
        }
        return false
    }

    private var pagedOptions: ViewerOptions {
        var options = ViewerOptions()
        options.isPaged = true
        return options
    }

    func testAPDFZoomsFromItsWholePageToEightTimes() throws {
        let harness = ViewerHarness(layout: try layout())
        let view = harness.viewer.scene[harness.viewer.documentPane.view]
        XCTAssertEqual(view.maximumZoomScale, 8)
        // 800×600: the page (768 px wide, 994 tall) fits whole at about 0.58.
        XCTAssertEqual(view.minimumZoomScale, 600 / (994 + 32), accuracy: 0.01)
    }

    func testATapOnATableOfContentsLinkScrollsToTheChapter() throws {
        let pdf = try layout()
        let harness = ViewerHarness(layout: pdf)
        XCTAssertTrue(frames(harness) { pdf.isSharp })
        let fixture = PDFFixture(pageCount: 35)
        let page = pdf.pageRect(0), factor = page.width / 612
        let entry = fixture.tableOfContentsEntry(2)
        harness.tap(page.x + (entry.x + 30) * factor, page.y + (entry.y - 4) * factor)
        let animation = harness.runUntilIdle()
        XCTAssertGreaterThan(animation.count, 5, "the scroll is animated")
        let target = pdf.offset(of: PDFDestination(page: 20, topPoints: 0))
        XCTAssertEqual(harness.frames.last!.traced.contentOffset.y, target.y, accuracy: 1)
        XCTAssertEqual(pdf.readingAnchor.section, 19, "the gap above page 21 shows the end of page 20")
    }

    func testAClickOnALinkFollowsItAndADragDoesNot() throws {
        let pdf = try layout()
        let harness = ViewerHarness(layout: pdf)
        XCTAssertTrue(frames(harness) { pdf.isSharp })
        let page = pdf.pageRect(0), factor = page.width / 612
        let entry = PDFFixture(pageCount: 35).tableOfContentsEntry(1)
        let point = LogicalPoint(x: page.x + (entry.x + 30) * factor, y: page.y + (entry.y - 4) * factor)
        harness.send(.pointerMotion(point))
        harness.send(.pointerButton(DocumentViewerButtons.left, isPressed: true))
        harness.send(.pointerMotion(LogicalPoint(x: point.x + 40, y: point.y)))
        harness.send(.pointerButton(DocumentViewerButtons.left, isPressed: false))
        harness.runUntilIdle()
        XCTAssertEqual(harness.frames.last!.traced.contentOffset.y, 0, "a press that moved is no click")
        harness.send(.pointerMotion(point))
        harness.send(.pointerButton(DocumentViewerButtons.left, isPressed: true))
        harness.send(.pointerButton(DocumentViewerButtons.left, isPressed: false))
        harness.runUntilIdle()
        let target = pdf.offset(of: PDFDestination(page: 10, topPoints: 0))
        XCTAssertEqual(harness.frames.last!.traced.contentOffset.y, target.y, accuracy: 1)
    }

    func testSplitModeListsTheBookmarksAndATapTurnsToTheChapter() throws {
        var options = pagedOptions
        options.isSplit = true
        let pdf = try layout(paged: true)
        let harness = ViewerHarness(layout: pdf, options: options)
        let list = try XCTUnwrap(harness.viewer.outline)
        XCTAssertTrue(frames(harness) { list.entries.count == 4 })
        XCTAssertEqual(list.entries.map(\.title), ["Chapter 1", "Chapter 2", "Chapter 3", "Chapter 4"])
        harness.tap(200, 8 + 48 * 3 + 24)
        harness.runUntilIdle()
        XCTAssertEqual(harness.frames.last!.traced.pageControl.currentPage, 30)
        XCTAssertEqual(harness.frames.last!.traced.pageControl.numberOfPages, 35)
        harness.drawFrame()
        XCTAssertEqual(list.highlightedHeading, 3, "the chapter's row is highlighted")
    }

    func testAZoomedPagedPDFPagePansThenTurnsAtItsEdgeAndTheNextPageOpensUnzoomed() throws {
        let pdf = try layout(pageCount: 6, paged: true)
        let harness = ViewerHarness(layout: pdf, options: pagedOptions)
        harness.runUntilIdle()
        let centre = LogicalPoint(x: 400, y: 300)
        harness.send(.pointerMotion(centre))
        for _ in 0..<8 {
            harness.send(.pointerAxis(source: .wheel, delta: LogicalPoint(x: 0, y: -10),
                                      value120: AxisPair(horizontal: 0, vertical: -120), modifiers: .control))
        }
        harness.runUntilIdle()
        var view = harness.viewer.scene[harness.viewer.documentPane.view]
        XCTAssertGreaterThan(view.zoomScale, 1.5, "Ctrl+wheel zooms the page")
        XCTAssertEqual(view.frame.pageControl.numberOfPages, 6, "zoom never changes the page count")
        let zoomedX = view.contentOffset.x
        // A short drag pans within the zoomed page.
        harness.drag(from: LogicalPoint(x: 500, y: 300), to: LogicalPoint(x: 400, y: 300))
        harness.runUntilIdle()
        view = harness.viewer.scene[harness.viewer.documentPane.view]
        XCTAssertEqual(view.frame.pageControl.currentPage, 0, "a pan inside the page does not turn it")
        XCTAssertGreaterThan(view.contentOffset.x, zoomedX + 50, "the page panned")
        // Drags on to the page's right edge and past it turn to the next page, unzoomed.
        for _ in 0..<12 {
            harness.drag(from: LogicalPoint(x: 700, y: 300), to: LogicalPoint(x: 100, y: 300))
            harness.runUntilIdle()
            if harness.viewer.scene[harness.viewer.documentPane.view].frame.pageControl.currentPage == 1 { break }
        }
        view = harness.viewer.scene[harness.viewer.documentPane.view]
        XCTAssertEqual(view.frame.pageControl.currentPage, 1, "past its edge the page turns")
        XCTAssertEqual(view.zoomScale, 1, accuracy: 1e-9, "the page turned to opens unzoomed")
    }

    func testTheReadingPositionIsThePageTheOffsetInItAndTheZoom() throws {
        let pdf = try layout()
        let harness = ViewerHarness(layout: pdf, position: (ReadingAnchor(section: 12, block: 0, fraction: 0.5), 2))
        harness.runUntilIdle()
        let position = harness.viewer.readingPosition
        XCTAssertEqual(position.anchor.section, 12)
        XCTAssertEqual(position.anchor.fraction, 0.5, accuracy: 0.01)
        XCTAssertEqual(position.zoomScale, 2)
        let rect = pdf.pageRect(12)
        XCTAssertEqual(harness.frames.last!.traced.contentOffset.y, (rect.y + rect.height / 2) * 2, accuracy: 2)
    }

    func testAPositionAskedForWhilePopplerStillOpensTheFileIsShownWhenItHas() throws {
        for paged in [false, true] {
            var fixture = PDFFixture(pageCount: 10_000)
            fixture.linesPerPage = 0
            fixture.hasOutline = false
            fixture.hasLinks = false
            let path = fixture.write()
            paths.append(path)
            let pdf = PDFLayout(file: try PDFFile(openingInBackground: path), paged: paged)
            var options = ViewerOptions()
            options.isPaged = paged
            let harness = ViewerHarness(layout: pdf, options: options,
                                        position: (ReadingAnchor(section: 7_000, block: 0, fraction: paged ? 0 : 0.5), 1))
            harness.drawFrame()
            XCTAssertFalse(pdf.isOpen, "the first frame does not wait for poppler (paged: \(paged))")
            XCTAssertEqual(harness.viewer.readingPosition.anchor.section, 7_000, "the position asked for is kept meanwhile")
            XCTAssertTrue(frames(harness) { pdf.isOpen })
            harness.runUntilIdle()
            let view = harness.viewer.scene[harness.viewer.documentPane.view]
            let rect = pdf.pageRect(7_000)
            if paged {
                XCTAssertEqual(view.frame.pageControl.numberOfPages, 10_000)
                XCTAssertEqual(view.frame.pageControl.currentPage, 7_000)
            } else {
                XCTAssertEqual(harness.frames.last!.traced.contentOffset.y, rect.y + rect.height / 2, accuracy: 2)
            }
            XCTAssertEqual(harness.viewer.readingPosition.anchor.section, 7_000)
        }
    }
}
