import DocumentKit
import Foundation
import Glibc
import PDFFixtures
import PDFKind
import Render
import ScrollEngine
import Viewer
import XCTest

/// Two pages side by side (issue 26): `d` shows spreads, the first page alone while the cover
/// is on (Shift+D turns it off); one flick turns one spread, the page control counts spreads
/// and its label names the pages; the page the reader was on stays shown, and links land on
/// their page.
final class SpreadsViewerTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
        super.tearDown()
    }

    private func pagedPDF(pageCount: Int, options: ViewerOptions = ViewerOptions(),
                          position: ReadingAnchor? = nil) throws -> (ViewerHarness, PDFLayout, PDFFixture) {
        let fixture = PDFFixture(pageCount: pageCount)
        let path = fixture.write()
        paths.append(path)
        let pdf = PDFLayout(file: try PDFFile(path: path), paged: true)
        var options = options
        options.isPaged = true
        let harness = ViewerHarness(layout: pdf, options: options, position: position.map { ($0, 1) })
        harness.deliverBackgroundWork { pdf.isSharp }
        return (harness, pdf, fixture)
    }

    /// The page control as the last frame drew it.
    private func control(_ harness: ViewerHarness) -> PageControlLayout {
        PageControlLayout(harness.frames.last!.traced.pageControl, viewportWidth: 800, viewportHeight: 600, style: OverlayStyle())
    }

    /// The label the last frame's page control shows.
    private func label(_ harness: ViewerHarness) -> String {
        let page = control(harness).currentPage
        let navigation = harness.viewer.navigation
        return control(harness).label(title: nil, pageLabel: navigation.label(ofViewPage: page),
                                      shownPages: navigation.shownPages(ofViewPage: page))
    }

    /// The page boxes drawn across the window's middle row, left to right, as x ranges: runs of
    /// pixels other than the window's background, wider than a page's gutter.
    private func drawnPageBoxes(_ harness: ViewerHarness) -> [ClosedRange<Int>] {
        let background = harness.pixel(x: 0, y: 0)
        let middle = harness.height / 2
        var boxes: [ClosedRange<Int>] = []
        var start: Int?
        for x in 0...harness.width {
            let isPage = x < harness.width && harness.pixel(x: x, y: middle) != background
            if isPage, start == nil { start = x }
            if !isPage, let first = start {
                if x - first > 40 { boxes.append(first...(x - 1)) }
                start = nil
            }
        }
        return boxes
    }

    func testDShowsTheCoverAloneThenPairsAndOneFlickTurnsOneSpread() throws {
        let (harness, pdf, _) = try pagedPDF(pageCount: 8)
        XCTAssertEqual(harness.frames.last!.traced.pageControl.numberOfPages, 8)
        XCTAssertEqual(drawnPageBoxes(harness).count, 1, "one page")

        harness.send(.key("d", modifiers: []))
        harness.deliverBackgroundWork { pdf.isSharp }
        XCTAssertTrue(harness.viewer.state.showsSpreads)
        XCTAssertEqual(harness.viewer.pageModes.spreads, true, "remembered for this document")
        XCTAssertEqual(harness.frames.last!.traced.pageControl.numberOfPages, 5, "the cover, 2–3, 4–5, 6–7, 8")
        let cover = drawnPageBoxes(harness)
        XCTAssertEqual(cover.count, 1, "the cover alone: \(cover)")
        XCTAssertGreaterThanOrEqual(cover.first?.lowerBound ?? 0, 400 - 1, "on the right, as a book's first page")
        XCTAssertEqual(label(harness), "1 / 8")

        // One flick turns one spread.
        harness.drag(from: LogicalPoint(x: 600, y: 300), to: LogicalPoint(x: 300, y: 300), steps: 4)
        harness.runUntilIdle()
        harness.deliverBackgroundWork { pdf.isSharp }
        XCTAssertEqual(harness.frames.last!.traced.pageControl.currentPage, 1)
        XCTAssertEqual(harness.frames.last!.traced.contentOffset.x, 800, "one spread on")
        let pair = drawnPageBoxes(harness)
        XCTAssertEqual(pair.count, 2, "two page boxes side by side: \(pair)")
        if pair.count == 2 {
            XCTAssertLessThan(pair[0].upperBound, 400)
            XCTAssertGreaterThan(pair[1].lowerBound, 400)
            XCTAssertLessThanOrEqual(pair[1].lowerBound - pair[0].upperBound, 16, "a narrow gutter")
        }
        XCTAssertEqual(label(harness), "2–3 / 8")
        XCTAssertEqual(pdf.readingAnchor.section, 1, "the reading position is the spread's first page")

        harness.send(.key("Next", modifiers: []))
        harness.runUntilIdle()
        XCTAssertEqual(harness.frames.last!.traced.pageControl.currentPage, 2)
        XCTAssertEqual(label(harness), "4–5 / 8")
        XCTAssertEqual(harness.viewer.navigation.pageCount, 8, "go to page counts the document's pages")
    }

    func testShiftDPairsTheFirstPageAndTheLinksOfAPairLandOnTheirPage() throws {
        let (harness, pdf, fixture) = try pagedPDF(pageCount: 35)
        harness.send(.key("d", modifiers: []))
        harness.send(.key("D", modifiers: .shift))
        harness.deliverBackgroundWork { pdf.isSharp }
        XCTAssertEqual(harness.viewer.pageModes.spreadsHaveCover, false)
        XCTAssertEqual(harness.frames.last!.traced.pageControl.numberOfPages, 18)
        XCTAssertEqual(drawnPageBoxes(harness).count, 2, "pages 1 and 2 side by side")
        XCTAssertEqual(label(harness), "1–2 / 35")

        // The table of contents' link to chapter 2, on the left page of the pair.
        let entry = fixture.tableOfContentsEntry(2)
        let link = pdf.pageBox(0).contentRect(ofPointsX: entry.x + 30, y: entry.y - 4, width: 0, height: 0)
        XCTAssertLessThan(link.x, 400)
        harness.tap(link.x, link.y)
        harness.runUntilIdle()
        XCTAssertEqual(pdf.readingAnchor.section, 20, "the link on the spread's left page was followed")
        XCTAssertEqual(harness.frames.last!.traced.pageControl.currentPage, 10, "the spread of pages 21–22")
        XCTAssertEqual(label(harness), "21–22 / 35")
    }

    func testTurningSpreadsOnAndOffKeepsThePageShown() throws {
        let (harness, pdf, _) = try pagedPDF(pageCount: 12, position: ReadingAnchor(section: 5, block: 0, fraction: 0))
        XCTAssertEqual(harness.frames.last!.traced.pageControl.currentPage, 5)
        harness.send(.key("d", modifiers: []))
        harness.runUntilIdle()
        XCTAssertEqual(pdf.readingAnchor.section, 5, "page 6 is still the reader's page")
        XCTAssertEqual(harness.frames.last!.traced.pageControl.currentPage, 3, "the spread of pages 6–7")
        XCTAssertEqual(label(harness), "6–7 / 12")
        harness.send(.key("d", modifiers: []))
        harness.runUntilIdle()
        XCTAssertEqual(harness.frames.last!.traced.pageControl.currentPage, 5, "page 6 alone again")
        XCTAssertEqual(harness.viewer.pageModes.spreads, false)
    }

    func testThePageUnderThePointerIsKeptWhenSpreadsTurnOff() throws {
        let (harness, pdf, _) = try pagedPDF(pageCount: 12, position: ReadingAnchor(section: 5, block: 0, fraction: 0))
        harness.send(.key("d", modifiers: []))
        harness.runUntilIdle()
        // The pointer over the right page of the spread of pages 6–7.
        harness.send(.pointerMotion(LogicalPoint(x: 600, y: 300)))
        harness.send(.key("d", modifiers: []))
        harness.runUntilIdle()
        XCTAssertEqual(pdf.readingAnchor.section, 6, "page 7, under the pointer")
        XCTAssertEqual(harness.frames.last!.traced.pageControl.currentPage, 6)
    }

    func testAPinchOnTheRightPageZoomsIntoItAndMakesItTheReadingPosition() throws {
        let (harness, pdf, _) = try pagedPDF(pageCount: 12, position: ReadingAnchor(section: 5, block: 0, fraction: 0))
        harness.send(.key("d", modifiers: []))
        harness.runUntilIdle()
        XCTAssertEqual(pdf.readingAnchor.section, 5, "the spread of pages 6–7 at zoom 1 reads from page 6")
        let right = pdf.pageRect(6)
        let under = LogicalPoint(x: right.x + right.width / 2 - harness.frames.last!.traced.contentOffset.x, y: 300)
        harness.send(.pointerMotion(under), .pinchBegin(nil))
        for scale in [1.2, 1.5, 2.0] { harness.send(.pinchUpdate(scale: scale)) }
        harness.send(.pinchEnd(isCancelled: false))
        harness.runUntilIdle()
        let frame = harness.frames.last!.traced
        XCTAssertGreaterThan(frame.zoomScale, 1.5)
        let point = ContentPoint(x: (under.x + frame.contentOffset.x) / frame.zoomScale, y: (under.y + frame.contentOffset.y) / frame.zoomScale)
        XCTAssertTrue(right.contains(point), "page 7 stays under the fingers: \(point) in \(right)")
        XCTAssertEqual(pdf.readingAnchor.section, 6, "and is the reader's page, remembered")
        XCTAssertEqual(frame.pageControl.currentPage, 3, "still the spread of pages 6–7")
    }

    func testRightToLeftSpreadsRestoredFromTheRecordStartAtTheRight() throws {
        var options = ViewerOptions()
        options.readsRightToLeft = true
        options.pageModes = PageModes(spreads: true, spreadsHaveCover: false)
        let (harness, pdf, _) = try pagedPDF(pageCount: 6, options: options)
        XCTAssertTrue(pdf.showsSpreads)
        XCTAssertFalse(pdf.hasCover)
        let frame = harness.frames.last!.traced
        XCTAssertEqual(frame.pageControl.numberOfPages, 3)
        XCTAssertEqual(frame.pageControl.currentPage, 2, "the first spread at the right")
        XCTAssertEqual(label(harness), "1–2 / 6")
        XCTAssertGreaterThan(pdf.pageRect(0).x, pdf.pageRect(1).x, "the first page on the right of its spread")
        // The next spread of a manga is at the left: Page Up.
        harness.send(.key("Prior", modifiers: []))
        harness.runUntilIdle()
        XCTAssertEqual(label(harness), "3–4 / 6")
    }

    func testPicturesPairUpAndMeetInTheMiddle() throws {
        let (harness, layout) = try pagedPhotoHarness(count: 5)
        harness.send(.key("d", modifiers: []))
        harness.send(.key("Next", modifiers: []))
        harness.runUntilIdle()
        XCTAssertEqual(harness.frames.last!.traced.pageControl.numberOfPages, 3, "the first picture, 2–3, 4–5")
        XCTAssertEqual(label(harness), "2–3 / 5")
        // Each half shows its own picture once decoded (solid colours, reddening page by page).
        let background = harness.pixel(x: 2, y: 2)
        harness.deliverBackgroundWork {
            layout.images.waitForDecodes()
            let y = Int(layout.pageRect(1).y + layout.pageRect(1).height / 2)
            return harness.pixel(x: 200, y: y) != background && harness.pixel(x: 600, y: y) != background
                && harness.pixel(x: 200, y: y) != harness.pixel(x: 600, y: y)
        }
        let left = layout.pageRect(1), right = layout.pageRect(2)
        XCTAssertEqual(left.maxX, right.x, accuracy: 1, "the two pictures meet, as a double page")
        XCTAssertEqual(left.maxX, 800 + 400, accuracy: 1, "at the middle")
        XCTAssertEqual(left.height, right.height)
        let y = Int(left.y + left.height / 2)
        XCTAssertNotEqual(harness.pixel(x: 200, y: y), harness.pixel(x: 600, y: y), "two pictures side by side")
        XCTAssertNotEqual(harness.pixel(x: 600, y: y), background, "the right one drawn too")
        XCTAssertNotEqual(harness.pixel(x: 200, y: y), background, "and the left")
    }

    func testKeysTypedIntoTheGoToPageEntryDoNotTurnSpreadsOn() throws {
        let (harness, _, _) = try pagedPDF(pageCount: 6)
        harness.send(.key("l", modifiers: .control))
        XCTAssertNotNil(harness.viewer.pageEntry)
        harness.viewer.handle(ViewerInput(.key("d", modifiers: []), timeMilliseconds: harness.time, serial: 1, text: "d"))
        harness.drawFrame()
        XCTAssertFalse(harness.viewer.state.showsSpreads, "the d went to the entry")
    }

    func testARecordWrittenBeforeSpreadsDecodesWithNoChoice() throws {
        let old = try JSONDecoder().decode(PageModes.self, from: Data(#"{"nightPages":true}"#.utf8))
        XCTAssertEqual(old, PageModes(nightPages: true))
        XCTAssertNil(old.spreads)
        let chosen = PageModes(spreads: true, spreadsHaveCover: false)
        XCTAssertEqual(try JSONDecoder().decode(PageModes.self, from: JSONEncoder().encode(chosen)), chosen)
    }
}
