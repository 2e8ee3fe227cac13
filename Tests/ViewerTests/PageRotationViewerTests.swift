import DocumentKit
import Glibc
import PDFFixtures
import PDFKind
@testable import TextKind
import ScrollEngine
import Viewer
import XCTest

/// Ctrl+Right and Ctrl+Left turn a paged document's pages a quarter at a time: the page box
/// takes its turned shape, and the page's links and text turn with it.
final class PageRotationViewerTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
        super.tearDown()
    }

    /// Draws frames, delivering the renderers' results between them, until `condition` holds.
    private func frames(_ harness: ViewerHarness, until condition: () -> Bool) -> Bool {
        harness.deliverBackgroundWork(until: condition)
        return condition()
    }

    /// The page box as drawn, in px: its edge line's extent along the window's middle row, and
    /// its height from the edge line's top (a paged page is centred in the window's height).
    private func drawnPageBox(_ harness: ViewerHarness) -> (width: Int, height: Int)? {
        let background = harness.pixel(x: 0, y: 0)
        let middle = harness.height / 2
        let row = (0..<harness.width).filter { harness.pixel(x: $0, y: middle) != background }
        guard let left = row.first, let right = row.last else { return nil }
        guard let top = (0..<middle).first(where: { harness.pixel(x: left + 3, y: $0) != background }) else { return nil }
        return (right - left + 1, harness.height - 2 * top)
    }

    func testCtrlRightTurnsThePagesAQuarterAndTheirLinksAndTextTurnWithThem() throws {
        let fixture = PDFFixture(pageCount: 35)
        let path = fixture.write()
        paths.append(path)
        let pdf = PDFLayout(file: try PDFFile(path: path), paged: true)
        var options = ViewerOptions()
        options.isPaged = true
        let harness = ViewerHarness(layout: pdf, options: options)
        let text = pdf.textLayout
        XCTAssertTrue(frames(harness) { pdf.isSharp && text.pageText(0) != nil })
        let upright = try XCTUnwrap(drawnPageBox(harness))
        XCTAssertLessThan(upright.width, upright.height, "a Letter page stands upright")
        let word = try XCTUnwrap(text.wordRange(at: TextPosition(section: 0, block: 0, utf8Offset: 0)))
        /// The box around the word's rectangles, as a selection of it shows them.
        func wordBox() throws -> ContentRect {
            let rects = text.rects(of: word, within: 0...600)
            let first = try XCTUnwrap(rects.first)
            return rects.reduce(first) { box, rect in
                let left = min(box.x, rect.x), top = min(box.y, rect.y)
                return ContentRect(x: left, y: top, width: max(box.maxX, rect.maxX) - left, height: max(box.maxY, rect.maxY) - top)
            }
        }
        let uprightWord = try wordBox()
        XCTAssertGreaterThan(uprightWord.width, uprightWord.height)

        harness.send(.key("Right", modifiers: .control))
        XCTAssertEqual(pdf.quarterTurns, 1)
        XCTAssertEqual(harness.viewer.quarterTurns, 1, "what the app remembers with the reading position")
        XCTAssertTrue(frames(harness) { pdf.isSharp })
        let turned = try XCTUnwrap(drawnPageBox(harness))
        XCTAssertGreaterThan(turned.width, turned.height, "the page box lies on its side")
        XCTAssertEqual(Double(turned.width) / Double(turned.height), 792.0 / 612, accuracy: 0.03)
        let turnedWord = try wordBox()
        XCTAssertGreaterThan(turnedWord.height, turnedWord.width, "the word's box turned with the page")
        XCTAssertTrue(pdf.pageRect(0).contains(ContentPoint(x: turnedWord.x + 1, y: turnedWord.y + 1)))

        // The table of contents' link to chapter 2, where the turned page shows it.
        let entry = fixture.tableOfContentsEntry(2)
        let link = pdf.pageBox(0).contentRect(ofPointsX: entry.x + 30, y: entry.y - 4, width: 0, height: 0)
        harness.tap(link.x, link.y)
        harness.runUntilIdle()
        XCTAssertEqual(pdf.readingAnchor.section, 20, "the link turned with its page and was followed")

        harness.send(.key("Left", modifiers: .control))
        XCTAssertEqual(pdf.quarterTurns, 0)
        XCTAssertTrue(frames(harness) { pdf.isSharp })
        XCTAssertEqual(pdf.readingAnchor.section, 20, "the page shown stays shown")
        let back = try XCTUnwrap(drawnPageBox(harness))
        XCTAssertLessThan(back.width, back.height, "upright again")
    }

    func testADocumentReopenedAtItsRememberedTurnsShowsItsPagesOnTheirSideAtTheSamePage() throws {
        let path = PDFFixture(pageCount: 12).write()
        paths.append(path)
        let pdf = PDFLayout(file: try PDFFile(path: path), paged: true)
        var options = ViewerOptions()
        options.isPaged = true
        let harness = ViewerHarness(layout: pdf, options: options,
                                    position: (ReadingAnchor(section: 5, block: 0, fraction: 0), 1), quarterTurns: 3)
        XCTAssertEqual(pdf.quarterTurns, 3)
        XCTAssertTrue(frames(harness) { pdf.isSharp })
        XCTAssertEqual(pdf.readingAnchor.section, 5)
        let turned = try XCTUnwrap(drawnPageBox(harness))
        XCTAssertGreaterThan(turned.width, turned.height, "the page box lies on its side")
        harness.send(.key("Left", modifiers: .control))
        XCTAssertEqual(harness.viewer.quarterTurns, 2, "three quarters and one back: upside down")
        XCTAssertTrue(frames(harness) { pdf.isSharp })
        let upsideDown = try XCTUnwrap(drawnPageBox(harness))
        XCTAssertLessThan(upsideDown.width, upsideDown.height)
        XCTAssertEqual(pdf.readingAnchor.section, 5, "the page shown stays shown")
    }

    func testTextDoesNotTurn() {
        let harness = ViewerHarness(layout: DocumentLayout(document: TextDocument(text: "# Title\n\nSome words.", isMarkdown: true, title: "t")))
        harness.send(.key("Right", modifiers: .control))
        XCTAssertEqual(harness.viewer.quarterTurns, 0)
        harness.turnFingers(by: 90)
        harness.liftFingers()
        harness.runUntilIdle()
        XCTAssertEqual(harness.viewer.quarterTurns, 0, "nor do two fingers turn it")
        XCTAssertEqual(harness.pixel(x: 2, y: 2), harness.pixel(x: 797, y: 2), "nothing was drawn tilted")
    }

    // MARK: Two fingers

    /// A paged PDF of Letter pages, drawn sharp.
    private func pagedPDF(pageCount: Int = 12) throws -> (PDFLayout, ViewerHarness) {
        let path = PDFFixture(pageCount: pageCount).write()
        paths.append(path)
        let pdf = PDFLayout(file: try PDFFile(path: path), paged: true)
        var options = ViewerOptions()
        options.isPaged = true
        let harness = ViewerHarness(layout: pdf, options: options)
        XCTAssertTrue(frames(harness) { pdf.isSharp })
        return (pdf, harness)
    }

    func testTwoFingersTurningAQuarterTurnThePagesWithThemAndLandOnIt() throws {
        let (pdf, harness) = try pagedPDF()
        let upright = try XCTUnwrap(drawnPageBox(harness))
        XCTAssertLessThan(upright.width, upright.height)
        harness.turnFingers(by: 90)
        XCTAssertEqual(pdf.quarterTurns, 0, "nothing lands while the fingers are down")
        let turning = try XCTUnwrap(drawnPageBox(harness))
        XCTAssertGreaterThan(turning.width, turning.height, "the page is drawn turned with the fingers")
        XCTAssertEqual(turning.width, upright.height, accuracy: 3)
        harness.liftFingers()
        XCTAssertEqual(harness.viewer.quarterTurns, 1, "landed on the quarter turn, remembered with the position")
        harness.runUntilIdle()
        XCTAssertTrue(frames(harness) { pdf.isSharp })
        let turned = try XCTUnwrap(drawnPageBox(harness))
        XCTAssertGreaterThan(turned.width, turned.height, "the page box lies on its side")
        XCTAssertEqual(Double(turned.width) / Double(turned.height), 792.0 / 612, accuracy: 0.03)
        XCTAssertEqual(harness.frames.last?.traced.zoomScale ?? 0, 1, accuracy: 1e-9, "turned at its size, not zoomed")
    }

    func testAThirtyDegreeTurnLandsBackUprightAndAPinchThatWobblesStaysAZoom() throws {
        let (pdf, harness) = try pagedPDF()
        harness.turnFingers(by: -30)
        XCTAssertNotEqual(harness.pixel(x: 400, y: 2), harness.pixel(x: 2, y: 2), "tilted: the page's corner crosses the top row")
        harness.liftFingers()
        XCTAssertNotEqual(harness.pixel(x: 400, y: 2), harness.pixel(x: 2, y: 2), "the page eases back from where the fingers left it")
        for _ in 0..<3 { harness.drawFrame() }
        XCTAssertNotEqual(harness.pixel(x: 400, y: 2), harness.pixel(x: 2, y: 2), "still easing 50 ms on")
        harness.runUntilIdle()
        XCTAssertEqual(pdf.quarterTurns, 0)
        XCTAssertEqual(harness.frames.last?.traced.zoomScale ?? 0, 1, accuracy: 1e-9)
        let upright = try XCTUnwrap(drawnPageBox(harness))
        XCTAssertLessThan(upright.width, upright.height, "upright, drawn untilted again")

        harness.turnFingers(by: 10, spanRatio: 1.8)
        harness.liftFingers()
        harness.runUntilIdle()
        XCTAssertEqual(pdf.quarterTurns, 0, "a zoom with a wobble turns nothing")
        XCTAssertGreaterThan(harness.frames.last?.traced.zoomScale ?? 0, 1.4, "and zooms")
    }

    func testACancelledTurnTurnsNothingAndTheNextTouchScrolls() throws {
        let (pdf, harness) = try pagedPDF()
        harness.turnFingers(by: 90)
        harness.send(.touchCancel)
        XCTAssertEqual(pdf.quarterTurns, 0, "the compositor took the fingers: no turn")
        let upright = try XCTUnwrap(drawnPageBox(harness))
        XCTAssertLessThan(upright.width, upright.height, "drawn upright at once")
        // The next finger is the scroll view's again: a sideways flick turns one page.
        harness.drag(from: LogicalPoint(x: 600, y: 300), to: LogicalPoint(x: 200, y: 300), steps: 4)
        harness.runUntilIdle()
        XCTAssertEqual(pdf.readingAnchor.section, 1)
    }

    func testATouchpadPinchThatRotatesTurnsThePages() throws {
        let (pdf, harness) = try pagedPDF()
        harness.send(.pointerMotion(LogicalPoint(x: 400, y: 300)), .pinchBegin(nil))
        for _ in 1...12 { harness.send(.pinchUpdate(scale: 1.02, rotationDegrees: -8)) }
        XCTAssertEqual(pdf.quarterTurns, 0)
        harness.send(.pinchEnd(isCancelled: false))
        XCTAssertEqual(pdf.quarterTurns, 3, "96° counter-clockwise: three quarters clockwise")
        harness.runUntilIdle()
        XCTAssertEqual(harness.frames.last?.traced.zoomScale ?? 0, 1, accuracy: 1e-9)
    }
}
