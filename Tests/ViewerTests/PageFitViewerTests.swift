import DocumentKit
import Foundation
import PageKit
import PDFFixtures
import PDFKind
import ScrollEngine
@testable import Viewer
import XCTest

/// Fit (issue 26): `w` fits the page's width, `f` the whole page, automatic (the default, and
/// Ctrl+0) the page in paging mode and a readable width in a column; the fit is kept as the
/// window changes, left by a zoom by hand, remembered per document; a double tap zooms to the
/// column of text under the finger and a second returns to the fit.
final class PageFitViewerTests: XCTestCase {
    private var paths: [String] = []
    /// A laptop's window, where a Letter page fitted to the width shows less than half its height.
    private let windowWidth = 1280, windowHeight = 800

    override func tearDown() {
        for path in paths { unlink(path) }
        super.tearDown()
    }

    private func harness(paged: Bool, path: String? = nil, modes: PageModes = PageModes(),
                         width: Int? = nil) throws -> (ViewerHarness, PDFLayout) {
        let file = path ?? {
            var fixture = PDFFixture(pageCount: 12)
            fixture.hasLinks = false
            let written = fixture.write()
            paths.append(written)
            return written
        }()
        let pdf = PDFLayout(file: try PDFFile(path: file), paged: paged)
        var options = ViewerOptions()
        options.isPaged = paged
        options.pageModes = modes
        return (ViewerHarness(opened: pdf, options: options, width: width ?? windowWidth, height: windowHeight), pdf)
    }

    private func key(_ name: String, _ modifiers: InputModifiers = [], text: String = "", in harness: ViewerHarness) {
        harness.key(name, modifiers, text: text)
        harness.runUntilIdle()
    }

    private func view(_ harness: ViewerHarness) -> ScrollView { harness.viewer.scene[harness.viewer.documentPane.view] }

    /// Page `page`'s frame in the window as the engine shows it now, in logical px.
    private func shownPage(_ page: Int, of pdf: PDFLayout, in harness: ViewerHarness) -> ContentRect {
        let view = view(harness)
        let rect = pdf.pageRect(page), zoom = view.zoomScale
        return ContentRect(x: rect.x * zoom - view.contentOffset.x, y: rect.y * zoom - view.contentOffset.y,
                           width: rect.width * zoom, height: rect.height * zoom)
    }

    /// The page box as drawn along the window's row `y`: from its first to its last pixel that
    /// is not the window's background.
    private func drawnWidth(_ harness: ViewerHarness, row y: Int) -> Int? {
        let background = harness.pixel(x: 0, y: 0)
        let row = (0..<harness.width).filter { harness.pixel(x: $0, y: y) != background }
        guard let left = row.first, let right = row.last else { return nil }
        return right - left + 1
    }

    func testAutomaticInAColumnFitsAPortraitPageToAReadableWidthAndWAndFFitItsWidthAndTheWholePage() throws {
        let (harness, pdf) = try harness(paged: false)
        let readable = PDFLayout.automaticMaximumPixelsPerPoint * 612
        XCTAssertLessThan(readable, Double(windowWidth - 32), "the cap binds on this window")
        XCTAssertEqual(shownPage(0, of: pdf, in: harness).width, readable, accuracy: 1,
                       "automatic: no wider than the readable size")
        XCTAssertEqual(Double(try XCTUnwrap(drawnWidth(harness, row: 400))), readable, accuracy: 3, "in pixels too")

        key("w", in: harness)
        XCTAssertEqual(shownPage(0, of: pdf, in: harness).width, Double(windowWidth) - 2 * PageFrames.sideMarginPixels, accuracy: 1)
        XCTAssertEqual(harness.viewer.pageModes.fit, .width)

        key("f", in: harness)
        let whole = shownPage(0, of: pdf, in: harness)
        XCTAssertGreaterThanOrEqual(whole.y, 0, "the whole page is in the window")
        XCTAssertLessThanOrEqual(whole.maxY, Double(windowHeight))
        XCTAssertGreaterThan(whole.height, Double(windowHeight) - 40, "and fills its height")
        XCTAssertEqual(harness.viewer.pageModes.fit, .page)

        key("f", in: harness)
        XCTAssertEqual(shownPage(0, of: pdf, in: harness).width, readable, accuracy: 1, "f again: automatic")
        XCTAssertEqual(harness.viewer.pageModes.fit, .automatic)
    }

    func testFFitsTheWholePageAtTheReadingPositionFromItsTop() throws {
        let (harness, pdf) = try harness(paged: false)
        let state = harness.viewer.state
        state.scene[harness.viewer.documentPane.view].scroll(
            to: LogicalPoint(x: 0, y: (pdf.pageRect(5).y + 300) * view(harness).zoomScale), animated: false,
            timeMilliseconds: state.timeMilliseconds)
        harness.runUntilIdle()
        key("f", in: harness)
        let page = shownPage(5, of: pdf, in: harness)
        XCTAssertGreaterThanOrEqual(page.y, 0)
        XCTAssertLessThanOrEqual(page.maxY, Double(windowHeight))
    }

    func testAutomaticInPagingModeShowsThePageWholeAndWFitsEachPageTurnedToToTheWidth() throws {
        let (harness, pdf) = try harness(paged: true)
        XCTAssertEqual(view(harness).zoomScale, 1, accuracy: 1e-9, "paged, zoom 1 fits the page whole")
        key("w", in: harness)
        let page = pdf.pageRect(0)
        XCTAssertEqual(page.width * view(harness).zoomScale, Double(windowWidth), accuracy: 1)
        XCTAssertEqual(view(harness).contentOffset.y, 0, accuracy: 1, "from the page's top")

        // Page Down pans the page magnified to the width, then turns at its bottom.
        for _ in 0..<6 where harness.frames.last!.traced.pageControl.currentPage == 0 { key("Next", in: harness) }
        XCTAssertGreaterThan(harness.frames.last!.traced.pageControl.currentPage, 0, "the page turned")
        XCTAssertEqual(pdf.pageRect(1).width * view(harness).zoomScale, Double(windowWidth), accuracy: 1,
                       "the page turned to is fitted to the width too")
        XCTAssertEqual(harness.viewer.pageModes.fit, .width)

        key("0", .control, in: harness)
        XCTAssertEqual(view(harness).zoomScale, 1, accuracy: 1e-6, "Ctrl+0: automatic, the whole page")
        XCTAssertEqual(harness.viewer.pageModes.fit, .automatic)
    }

    func testAZoomByHandLeavesTheFitAndAResizeKeepsAChosenFit() throws {
        let (harness, pdf) = try harness(paged: false)
        key("w", in: harness)
        harness.viewer.resize(to: LogicalSize(width: 1000, height: 700))
        harness.runUntilIdle()
        XCTAssertEqual(shownPage(0, of: pdf, in: harness).width, 1000 - 2 * PageFrames.sideMarginPixels, accuracy: 1,
                       "the window's new width")

        key("plus", .control, in: harness)
        let zoomed = view(harness).zoomScale
        XCTAssertEqual(harness.viewer.pageModes.fit, .free, "a zoom by hand leaves the fit")
        harness.viewer.resize(to: LogicalSize(width: 1200, height: 760))
        harness.runUntilIdle()
        XCTAssertEqual(view(harness).zoomScale, zoomed, accuracy: 1e-9, "and a resize keeps that zoom")

        key("w", in: harness)
        XCTAssertEqual(shownPage(0, of: pdf, in: harness).width, 1200 - 2 * PageFrames.sideMarginPixels, accuracy: 1,
                       "w fits again")
    }

    func testTheFitIsRememberedAndShownOnReopening() throws {
        let (first, _) = try harness(paged: false)
        key("f", in: first)
        let modes = first.viewer.pageModes
        XCTAssertEqual(modes.fit, .page)
        // Through the record the app writes, as an old record without `fit` still reads.
        let record = try JSONDecoder().decode(PageModes.self, from: try JSONEncoder().encode(modes))
        XCTAssertEqual(try JSONDecoder().decode(PageModes.self, from: Data(#"{"nightPages":true}"#.utf8)),
                       PageModes(nightPages: true))
        let (again, pdf) = try harness(paged: false, path: paths[0], modes: record)
        let page = shownPage(0, of: pdf, in: again)
        XCTAssertLessThanOrEqual(page.maxY, Double(windowHeight), "reopened fitted whole")
        XCTAssertGreaterThan(page.height, Double(windowHeight) - 40)
    }

    func testWAndFGoToTheGoToPageEntryWhileItIsOpen() throws {
        let (harness, pdf) = try harness(paged: false)
        let before = shownPage(0, of: pdf, in: harness).width
        key("l", .control, in: harness)
        key("w", text: "w", in: harness)
        key("f", text: "f", in: harness)
        XCTAssertEqual(harness.viewer.pageEntry?.text, "wf", "typed into the entry")
        XCTAssertEqual(shownPage(0, of: pdf, in: harness).width, before, accuracy: 1e-9, "the fit did not change")
        XCTAssertEqual(harness.viewer.pageModes.fit, .automatic)
    }

    func testADoubleTapZoomsToTheColumnOfTextUnderTheFingerAndASecondReturnsToTheFit() throws {
        let path = TwoColumnPDF.write()
        paths.append(path)
        let (harness, pdf) = try harness(paged: false, path: path)
        harness.deliverBackgroundWork { pdf.textLayout.pageText(0) != nil }
        let fitted = view(harness).zoomScale
        let page = shownPage(0, of: pdf, in: harness)
        let scale = page.width / 612
        // A finger on the right column, a third of the way down the page.
        let finger = LogicalPoint(x: page.x + (TwoColumnPDF.rightColumn.x + 100) * scale, y: page.y + 300 * scale)
        harness.tap(finger.x, finger.y)
        harness.tap(finger.x, finger.y)
        harness.runUntilIdle()
        let zoomed = shownPage(0, of: pdf, in: harness)
        let zoomedScale = zoomed.width / 612
        let left = zoomed.x + TwoColumnPDF.rightColumn.x * zoomedScale
        let right = left + TwoColumnPDF.rightColumn.width * zoomedScale
        let margin = ViewerState.columnMarginPixels
        // The first letters' own rectangles start a point or so inside the column's edge.
        XCTAssertEqual(left, margin, accuracy: 2 * zoomedScale, "the column's left edge a margin from the window's")
        // Its lines end up to a word short of the column's width (words do not split).
        XCTAssertGreaterThanOrEqual(right, Double(windowWidth) - margin - 2, "the column as wide as the window")
        XCTAssertLessThanOrEqual(right, Double(windowWidth) - margin + zoomedScale, "and all of its lines in the window")
        XCTAssertLessThan(zoomed.x + (TwoColumnPDF.leftColumn.x + TwoColumnPDF.leftColumn.width) * zoomedScale, 0,
                          "the other column is out of the window")
        XCTAssertEqual(harness.viewer.pageModes.fit, .automatic, "a double tap keeps the fit to return to")

        harness.tap(finger.x, finger.y)
        harness.tap(finger.x, finger.y)
        harness.runUntilIdle()
        XCTAssertEqual(view(harness).zoomScale, fitted, accuracy: 1e-6, "back to the fit")
    }

    func testADoubleTapBeforeThePagesTextIsReadZoomsAboutTheFinger() throws {
        let (harness, pdf) = try harness(paged: true)
        let fitted = view(harness).zoomScale
        let page = shownPage(0, of: pdf, in: harness)
        let finger = LogicalPoint(x: page.x + page.width / 2, y: page.y + 40)
        harness.tap(finger.x, finger.y)
        harness.tap(finger.x, finger.y)
        harness.runUntilIdle()
        let zoomed = view(harness)
        XCTAssertEqual(zoomed.zoomScale, fitted * zoomed.configuration.doubleTapZoomScale, accuracy: 1e-6,
                       "no column known yet: twice the fit")
        let under = (zoomed.contentOffset.x + finger.x) / zoomed.zoomScale
        XCTAssertEqual(under, finger.x / fitted, accuracy: 2, "the point under the finger stays under it")
    }
}
