import CCairo
import DocumentKit
import Foundation
import ImageKind
import Render
import ScrollEngine
import TextKind
import XCTest

/// The page control: at most ten dots in UIPageControl's proportions, a run that follows the
/// current page with shrinking edges, a 44 px touch target, scrubbing, the transient page
/// label, and the band a paged view keeps clear for it.
final class PageControlTests: XCTestCase {
    private let style = OverlayStyle()

    private func control(pages: Int, current: Int, width: Double = 1280, height: Double = 800) -> PageControlLayout {
        var view = ScrollView(viewportSize: LogicalSize(width: width, height: height),
                              contentSize: LogicalSize(width: width * Double(pages), height: height))
        view.isPagingEnabled = true
        view.showsPageControl = true
        view.scrollToPage(current, animated: false, timeMilliseconds: 0)
        return PageControlLayout(view.frame.pageControl, viewportWidth: width, viewportHeight: height, style: style)
    }

    func testAtMostTenDotsShowHoweverManyPagesAndHoweverWideTheWindow() {
        for pages in [1, 5, 10, 11, 55, 245, 500] {
            let shown = control(pages: pages, current: pages / 2)
            XCTAssertEqual(shown.dots.count, min(pages, 10), "\(pages) pages")
            XCTAssertEqual(shown.dots.filter(\.isCurrent).map(\.page), [pages / 2])
        }
        XCTAssertLessThanOrEqual(control(pages: 245, current: 0, width: 120).backdropWidth, 120 - 2 * 16,
                                 "fewer still where ten do not fit")
    }

    func testDotsHaveUIPageControlsProportionsAndTheCurrentDiffersOnlyByColour() {
        let shown = control(pages: 5, current: 2)
        XCTAssertEqual(shown.dots.map(\.radius), Array(repeating: 3.5, count: 5), "7 px dots, current included")
        XCTAssertEqual(zip(shown.dots.dropFirst(), shown.dots).map { $0.centerX - $1.centerX }, Array(repeating: 16, count: 4),
                       "on a 16 px pitch")
        XCTAssertEqual(shown.backdropHeight, 26)
        XCTAssertEqual(shown.dots[2].centerX, 640, "centred")
    }

    func testTheRunOfDotsFollowsTheCurrentPageAndShrinksTowardsPagesBeyondAnEdge() {
        let middle = control(pages: 245, current: 120)
        XCTAssertTrue(middle.dots.map(\.page).contains(120))
        XCTAssertEqual(middle.dots.map(\.radius), [1.75, 2.625, 3.5, 3.5, 3.5, 3.5, 3.5, 3.5, 2.625, 1.75],
                       "pages lie beyond both edges")
        let next = control(pages: 245, current: 121)
        XCTAssertEqual(next.dots.first!.page, middle.dots.first!.page + 1, "the run moved with the page")
        let first = control(pages: 245, current: 0)
        XCTAssertEqual(first.dots.map(\.page), Array(0..<10))
        XCTAssertEqual(first.dots.prefix(8).map(\.radius), Array(repeating: 3.5, count: 8), "nothing before page 1")
        XCTAssertLessThan(first.dots.last!.radius, 3.5)
        let last = control(pages: 245, current: 244)
        XCTAssertEqual(last.dots.last!.page, 244)
        XCTAssertTrue(last.dots.last!.isCurrent)
        XCTAssertEqual(last.dots.suffix(8).map(\.radius), Array(repeating: 3.5, count: 8), "nothing after the last")
    }

    func testTheTouchTargetIsAtLeast44PxTallAndWide() {
        let shown = control(pages: 2, current: 0)
        let centre = shown.backdropX + shown.backdropWidth / 2
        XCTAssertTrue(shown.contains(x: centre, y: shown.centerY - 21.5))
        XCTAssertTrue(shown.contains(x: centre, y: shown.centerY + 21.5))
        XCTAssertFalse(shown.contains(x: centre, y: shown.centerY - 23))
        XCTAssertTrue(shown.contains(x: centre - 21.5, y: shown.centerY), "two dots still make a 44 px wide target")
        XCTAssertLessThanOrEqual(shown.centerY + 22, 800, "and it lies inside the window")
    }

    func testATapMovesTowardsItsSideAndAScrubMovesAPagePerPitchOrToAnEnd() {
        let shown = control(pages: 245, current: 120)
        let current = shown.dots.first(where: \.isCurrent)!.centerX
        XCTAssertEqual(shown.direction(ofTapAtX: current - 10), .previous)
        XCTAssertEqual(shown.direction(ofTapAtX: current + 10), .next)
        XCTAssertEqual(shown.page(scrubbingFrom: current, startPage: 120, to: current + 3 * 16), 123)
        XCTAssertEqual(shown.page(scrubbingFrom: current, startPage: 120, to: current - 2 * 16 - 3), 118)
        XCTAssertEqual(shown.page(scrubbingFrom: current, startPage: 120, to: shown.backdropX - 1), 0, "past the start")
        XCTAssertEqual(shown.page(scrubbingFrom: current, startPage: 120, to: shown.backdropX + shown.backdropWidth + 1), 244)
    }

    func testTheLabelSaysThePageOfThePagesAndTheFileWhenSeveralAreOpen() {
        let shown = control(pages: 245, current: 11)
        XCTAssertEqual(shown.label(title: nil), "12 / 245")
        XCTAssertEqual(shown.label(title: "notes.md"), "notes.md · 12 / 245")
        // A spread: the document's two pages, of the document's count, not the view's.
        let spread = control(pages: 123, current: 6)
        XCTAssertEqual(spread.label(title: nil, shownPages: ShownPages(pages: 11...12, pageCount: 245)), "12–13 / 245")
        XCTAssertEqual(spread.label(title: nil, pageLabel: "x–xi", shownPages: ShownPages(pages: 9...10, pageCount: 245)),
                       "x–xi (10–11 / 245)")
        XCTAssertEqual(spread.label(title: nil, shownPages: ShownPages(pages: 0...0, pageCount: 245)), "1 / 245", "the cover alone")
        let single = HorizontalPagesLayout(document: TextDocument(text: "# One", isMarkdown: true, title: "one.md"))
        XCTAssertNil(single.title(ofPage: 0), "one file needs no name")
        let several = ImageCollectionLayout(collection: ImageCollection(title: "t", imagePaths: ["/pictures/a.png", "/pictures/b.jpg"]))
        XCTAssertEqual(several.title(ofPage: 1), "b.jpg")
        let documents = DocumentCollectionLayout(documents: [TextDocument(text: "# One", isMarkdown: true, title: "one.md"),
                                                             TextDocument(text: "# Two", isMarkdown: true, title: "two.md")])
        documents.setViewportSize(width: 400, height: 300)
        XCTAssertEqual(documents.title(ofPage: 1), "two.md")
    }

    /// Dark pixels in the band above the control where the label shows.
    private func labelInk(pages: Int, current: Int, at time: Double) -> Int {
        let layout = ImageCollectionLayout(collection: ImageCollection(title: "t", imagePaths: []))
        var view = ScrollView(viewportSize: LogicalSize(width: 600, height: 400),
                              contentSize: LogicalSize(width: 600 * Double(pages), height: 400))
        view.isPagingEnabled = true
        view.showsPageControl = true
        view.scrollToPage(current, animated: false, timeMilliseconds: 0)
        view.flashScrollIndicators(timeMilliseconds: 0)
        view.advance(to: time)
        let frame = OffscreenFrame(width: 600, height: 400)
        _ = FrameRenderer().render(layout, frame: view.frame, into: frame.buffer, showing: nil)
        let shown = PageControlLayout(view.frame.pageControl, viewportWidth: 600, viewportHeight: 400, style: style)
        let top = Int(shown.labelCenterY) - 10
        return frame.inkCount(rows: top..<(top + 20), columns: 200..<400)
    }

    func testTheLabelShowsWhilePagesTurnAndFadesWithTheIndicators() {
        XCTAssertGreaterThan(labelInk(pages: 245, current: 11, at: 0), 20, "`12 / 245` is drawn while moving")
        XCTAssertEqual(labelInk(pages: 245, current: 11, at: 10_000), 0, "and gone at rest")
    }

    /// A directory with one 400×300 PNG, solid blue.
    private func blueImage(width: Int32 = 400, height: Int32 = 300) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)!
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, 0, 0, 1)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        XCTAssertEqual(cairo_surface_write_to_png(surface, directory + "/blue.png"), CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(surface)
        return directory + "/blue.png"
    }

    func testAPagedImageKeepsTheControlsBandClearSoAtRestItCoversNothing() throws {
        let path = try blueImage()
        let layout = ImageCollectionLayout(collection: ImageCollection(title: "t", imagePaths: [path, path]))
        layout.pageBottomInsetPixels = style.pageControlReservedHeightPixels
        layout.setViewportSize(width: 400, height: 300)
        let frame = OffscreenFrame(width: 400, height: 300)
        var view = ScrollView(viewportSize: LogicalSize(width: 400, height: 300), contentSize: LogicalSize(width: 800, height: 300))
        view.isPagingEnabled = true
        view.showsPageControl = true
        view.advance(to: 10_000)
        _ = FrameRenderer().render(layout, frame: view.frame, into: frame.buffer, showing: nil)
        layout.images.waitForDecodes()
        _ = FrameRenderer().render(layout, frame: view.frame, into: frame.buffer, showing: nil)
        let band = Int(300 - style.pageControlReservedHeightPixels)
        let blue = { (pixel: UInt32) in pixel & 0xffffff == 0x0000ff }
        XCTAssertEqual(frame.pixels(rows: band..<300).filter(blue).count, 0, "nothing of the image under the control")
        XCTAssertGreaterThan(frame.pixels(rows: (band - 5)..<band).filter(blue).count, 0, "the image fills the room above")
        let control = PageControlLayout(view.frame.pageControl, viewportWidth: 400, viewportHeight: 300, style: style)
        XCTAssertGreaterThanOrEqual(control.centerY - control.hitHeight / 2, Double(band), "the control sits in the band")
    }

    func testPagedTextKeepsTheControlsBandClear() {
        let text = (0..<60).map { "Line \($0) of a long paged text that fills every page to its bottom margin." }
            .joined(separator: "\n")
        let layout = HorizontalPagesLayout(document: TextDocument(text: text, isMarkdown: false, title: "t"))
        layout.pageBottomInsetPixels = 90
        let frame = renderOnce(layout, width: 400, height: 300)
        XCTAssertEqual(frame.inkCount(rows: 210..<300), 0, "no text in the 90 px band")
        XCTAssertGreaterThan(frame.inkCount(rows: 150..<210), 0, "text down to it")
    }
}

/// How far an image page may zoom.
final class ImageZoomLimitTests: XCTestCase {
    private func image(width: Int32, height: Int32) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString).png").path
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)!
        XCTAssertEqual(cairo_surface_write_to_png(surface, path), CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(surface)
        return path
    }

    func testALargePhotoZoomsToTwiceItsOwnPixelsAndASmallImageStillZooms() throws {
        let photo = try image(width: 1_600, height: 1_200), icon = try image(width: 64, height: 64)
        let layout = ImageCollectionLayout(collection: ImageCollection(title: "t", imagePaths: [photo, icon, "/nonexistent.png"]))
        layout.setViewportSize(width: 800, height: 600)
        // Asking starts the decoders; their results arrive through the mailbox.
        for page in 0..<3 { _ = layout.maximumZoomScale(ofPage: page) }
        layout.images.waitForDecodes()
        XCTAssertEqual(layout.maximumZoomScale(ofPage: 0), 4, accuracy: 1e-9, "fitted at 1/2, so 2× its pixels is 4")
        XCTAssertEqual(layout.maximumZoomScale(ofPage: 1), 2, "enlarged to fit, and 2× more")
        XCTAssertEqual(layout.maximumZoomScale(ofPage: 2), 1, "nothing to zoom")
    }
}
