import DocumentKit
import Glibc
import Machinery
import PDFFixtures
import PDFKind
import ScrollEngine
import Viewer
import XCTest

/// Night pages in the viewer (issue 26): Ctrl+I turns them on and off, the page renderers draw
/// the pages again inverted while the old pixels stay on screen, a red figure stays red, the
/// choice is the document's, and the desktop's dark style turns them on and off too.
final class NightPagesViewerTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
        super.tearDown()
    }

    private func layout() throws -> PDFLayout {
        let path = NightPagesPDF.write(pageCount: 2)
        paths.append(path)
        return PDFLayout(file: try PDFFile(path: path))
    }

    /// The mean HSL lightness (0…1) of the first page where the 800×600 window shows it, and
    /// how many of its pixels are strongly red.
    private func measure(_ harness: ViewerHarness, page: ContentRect) -> (lightness: Double, red: Int) {
        var total = 0.0, count = 0, red = 0
        for y in Int(page.y.rounded(.up))..<min(Int(page.maxY), harness.height) {
            for x in Int(page.x.rounded(.up))..<Int(page.maxX) {
                let pixel = harness.pixel(x: x, y: y)
                let r = Int((pixel >> 16) & 0xff), g = Int((pixel >> 8) & 0xff), b = Int(pixel & 0xff)
                total += Double(max(r, g, b) + min(r, g, b)) / 510
                count += 1
                if r > 150, g < 90, b < 90 { red += 1 }
            }
        }
        return (total / Double(max(count, 1)), red)
    }

    private func ctrlI(_ harness: ViewerHarness) {
        harness.send(.key("i", modifiers: .control))
    }

    func testCtrlITurnsNightPagesOnWithTheOldPixelsShownUntilTheNewArriveAndTheRedStaysRed() throws {
        let pdf = try layout()
        let harness = ViewerHarness(layout: pdf)
        harness.deliverBackgroundWork { pdf.isSharp }
        XCTAssertTrue(pdf.isSharp)
        let page = pdf.pageRect(0)
        let day = measure(harness, page: page)
        XCTAssertGreaterThan(day.lightness, 0.8, "black text on white paper")
        XCTAssertGreaterThan(day.red, 5000, "the red figure is on screen")

        ctrlI(harness)
        XCTAssertTrue(harness.viewer.showsNightPages)
        XCTAssertEqual(harness.viewer.document.palette, .dark, "the window darkens with the pages")
        let meanwhile = measure(harness, page: page)
        XCTAssertGreaterThan(meanwhile.lightness, 0.8, "the day pixels stay until the night ones arrive, no placeholder")
        XCTAssertFalse(pdf.isSharp, "the pages are asked for again")

        harness.deliverBackgroundWork { pdf.isSharp }
        XCTAssertTrue(pdf.isSharp)
        let night = measure(harness, page: page)
        XCTAssertLessThan(night.lightness, 0.3, "light text on dark paper")
        XCTAssertGreaterThan(night.red, day.red * 8 / 10, "the figure stays red")
        XCTAssertEqual(harness.viewer.pageModes.nightPages, true, "the reader's choice, for this document")

        ctrlI(harness)
        harness.deliverBackgroundWork { pdf.isSharp }
        XCTAssertGreaterThan(measure(harness, page: page).lightness, 0.8, "and back to day")
        XCTAssertEqual(harness.viewer.pageModes.nightPages, false)
    }

    func testTheDesktopsDarkStyleTurnsNightPagesOnAndTheDocumentFollowsItAgain() throws {
        let pdf = try layout()
        var options = ViewerOptions()
        options.pageModes = PageModes(nightPages: false)
        let harness = ViewerHarness(layout: pdf, options: options)
        harness.deliverBackgroundWork { pdf.isSharp }
        harness.viewer.desktopDarkStyleChanged(prefersDark: true)
        XCTAssertTrue(harness.viewer.showsNightPages)
        XCTAssertNil(harness.viewer.pageModes.nightPages, "the newer word is the desktop's: no choice of the document's is kept")
        // The next frame asks for the pages again in the night style.
        _ = harness.drawFrame()
        XCTAssertFalse(pdf.isSharp, "the pages are asked for again")
        harness.deliverBackgroundWork { pdf.isSharp }
        XCTAssertLessThan(measure(harness, page: pdf.pageRect(0)).lightness, 0.3)
        harness.viewer.desktopDarkStyleChanged(prefersDark: false)
        XCTAssertFalse(harness.viewer.showsNightPages)
        XCTAssertEqual(harness.viewer.document.palette, .light)
    }
}
