import ArchiveFixtures
import DocumentKit
import EPUBFixtures
import Foundation
import KindRegistry
import ScrollEngine
import Viewer
import XCTest

/// Page modes on the paged kinds besides PDF (issue 26), in the viewer offscreen: the overview
/// of an image folder and of a fixed-layout book (at least 12 thumbnails drawn, a tap lands on
/// its page), and a fixed-layout book's pages turned by Ctrl+Right and Ctrl+Left.
final class PagedKindsModesViewerTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        super.tearDown()
    }

    /// A fixed-layout book of `pageCount` pages of 600×800 CSS px: the even pages (from 0) a
    /// red picture filling the page, the odd ones a heading and lines of text.
    private func fixedLayoutBook(pageCount: Int) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-fixed-\(UUID().uuidString).epub").path
        paths.append(path)
        let pages = (0..<pageCount).map { index in
            index % 2 == 0
                ? "<div><img src=\"red.png\" alt=\"Page \(index + 1)\" style=\"width:600px;height:800px\"/></div>"
                : "<h1>Page \(index + 1)</h1>" + String(repeating: "<p>A line of dark text set on a fixed page.</p>", count: 12)
        }
        try ArchiveWriter.write(GeneratedBook.fixedLayoutEntries(
            title: "Fixed Pages", pages: pages, width: 600, height: 800,
            manifest: "<item id=\"red\" href=\"red.png\" media-type=\"image/png\"/>",
            extra: [ArchiveEntry("OEBPS/red.png", bytes: TestImages.redPNG(width: 60, height: 80))]), to: path)
        return path
    }

    /// The document at `path` as the app shows it (paged where its kind pages), in a
    /// 1280×800 window.
    private func harness(_ path: String) throws -> ViewerHarness {
        let document = try KindRegistry.open(path)
        var options = ViewerOptions()
        options.isPaged = document.isPagedByDefault
        let harness = ViewerHarness(layout: document.makeLayout(palette: .light, paged: options.isPaged), options: options,
                                    width: 1280, height: 800)
        harness.deliverBackgroundWork { harness.frames.last!.isAtRest && !harness.frames.last!.isAnimating }
        return harness
    }

    /// Page `page`'s thumbnail in the window, as the last frame drew the grid.
    private func thumbnail(_ page: Int, of overview: any PageOverviewContent, _ harness: ViewerHarness) -> ContentRect {
        let rect = overview.thumbnailRect(ofPage: page), offset = harness.frames.last!.traced.contentOffset
        return ContentRect(x: rect.x - offset.x, y: rect.y - offset.y, width: rect.width, height: rect.height)
    }

    /// The pages whose thumbnails are whole in the window and for which `isDrawn` holds of its
    /// pixels (sampled every other px, a few px inside its edge).
    private func drawnThumbnails(of overview: any PageOverviewContent, _ harness: ViewerHarness,
                                 isDrawn: (_ page: Int, _ pixels: [(red: Int, green: Int, blue: Int)]) -> Bool) -> [Int] {
        (0..<overview.pageCount).filter { page in
            let box = thumbnail(page, of: overview, harness)
            guard box.width > 8, box.x >= 0, box.y >= 0, box.maxX <= Double(harness.width), box.maxY <= Double(harness.height)
            else { return false }
            var pixels: [(red: Int, green: Int, blue: Int)] = []
            for y in stride(from: Int(box.y) + 3, to: Int(box.maxY) - 3, by: 2) {
                for x in stride(from: Int(box.x) + 3, to: Int(box.maxX) - 3, by: 2) {
                    let pixel = harness.pixel(x: x, y: y)
                    pixels.append((Int((pixel >> 16) & 0xff), Int((pixel >> 8) & 0xff), Int(pixel & 0xff)))
                }
            }
            return isDrawn(page, pixels)
        }
    }

    /// F9 shows the grid with at least 12 thumbnails drawn, and a tap on page 8's opens that
    /// page, as a jump the history records.
    private func checkOverview(of harness: ViewerHarness, tapping page: Int,
                               isDrawn: @escaping (_ page: Int, _ pixels: [(red: Int, green: Int, blue: Int)]) -> Bool) throws {
        harness.send(.key("F9", modifiers: []))
        XCTAssertTrue(harness.viewer.isOverviewShown, "F9 shows the overview")
        let overview = try XCTUnwrap(harness.viewer.document as? any PageOverviewContent, "the pane shows the grid")
        harness.deliverBackgroundWork { drawnThumbnails(of: overview, harness, isDrawn: isDrawn).count >= 12 }
        let drawn = drawnThumbnails(of: overview, harness, isDrawn: isDrawn)
        XCTAssertGreaterThanOrEqual(drawn.count, 12, "at least 12 thumbnails with their pages drawn: \(drawn)")
        XCTAssertTrue(drawn.contains(page), "page \(page + 1)'s thumbnail is drawn: \(drawn)")

        let target = thumbnail(page, of: overview, harness)
        harness.tap(target.x + target.width / 2, target.y + target.height / 2)
        harness.deliverBackgroundWork { !harness.viewer.isOverviewShown }
        harness.runUntilIdle()
        XCTAssertFalse(harness.viewer.isOverviewShown, "the tap opened its page")
        XCTAssertEqual(harness.viewer.document.readingAnchor.section, page, "the page tapped is shown")
        XCTAssertEqual(harness.viewer.navigation.historyDepth.back, 1, "a jump the history records")
    }

    func testAnImageFolderHasAnOverviewOfItsPicturesAndATapOpensOne() throws {
        let photos = try solidPhotos(count: 30)
        paths.append((photos[0] as NSString).deletingLastPathComponent)
        let harness = try harness((photos[0] as NSString).deletingLastPathComponent)
        // Each picture's own colour (`solidPhotos`: red rising page by page, green 0.5, blue 0.2).
        try checkOverview(of: harness, tapping: 8) { page, pixels in
            let red = Int(Double(page) / 30 * 255)
            return !pixels.isEmpty && pixels.allSatisfy { abs($0.red - red) < 12 && abs($0.green - 128) < 12 && abs($0.blue - 51) < 12 }
        }
    }

    func testAFixedLayoutBookHasAnOverviewOfItsPagesAndATapOpensOne() throws {
        let harness = try harness(try fixedLayoutBook(pageCount: 24))
        // A picture page is red all over; a text page shows dark ink on a light page.
        try checkOverview(of: harness, tapping: 9) { page, pixels in
            guard !pixels.isEmpty else { return false }
            if page % 2 == 0 { return pixels.allSatisfy { $0.red > 200 && $0.green < 60 && $0.blue < 60 } }
            let dark = pixels.filter { $0.red + $0.green + $0.blue < 600 }.count
            let light = pixels.filter { $0.red + $0.green + $0.blue > 690 }.count
            return dark > 10 && light > dark
        }
    }

    /// Two fingers from 600 px apart to 24 px about the window's middle, then lifted.
    private func pinchOut(_ harness: ViewerHarness) {
        harness.pinchFingersTogether(steps: 12, pixelsPerStep: 24)
        harness.liftTwoFingers()
    }

    func testAPinchOutPastTheWholePictureOpensTheOverviewOfAnImageFolderAndAFixedLayoutBook() throws {
        let photos = try solidPhotos(count: 6)
        paths.append((photos[0] as NSString).deletingLastPathComponent)
        for path in [(photos[0] as NSString).deletingLastPathComponent, try fixedLayoutBook(pageCount: 6)] {
            let harness = try harness(path)
            pinchOut(harness)
            XCTAssertTrue(harness.viewer.isOverviewShown, "the pinch went past the whole page: \(path)")
        }
    }

    /// The red picture page's box as drawn: the extent of red along the window's middle row
    /// and column.
    private func redBox(_ harness: ViewerHarness) -> (width: Int, height: Int) {
        func isRed(_ pixel: UInt32) -> Bool { (pixel >> 16) & 0xff > 200 && (pixel >> 8) & 0xff < 60 && pixel & 0xff < 60 }
        let middleY = (harness.height - 40) / 2, middleX = harness.width / 2
        let width = (0..<harness.width).filter { isRed(harness.pixel(x: $0, y: middleY)) }.count
        let height = (0..<harness.height).filter { isRed(harness.pixel(x: middleX, y: $0)) }.count
        return (width, height)
    }

    func testCtrlRightTurnsAFixedLayoutBooksPagesAndCtrlLeftTurnsThemBack() throws {
        let harness = try harness(try fixedLayoutBook(pageCount: 4))
        harness.deliverBackgroundWork { redBox(harness).width > 100 }
        let upright = redBox(harness)
        XCTAssertLessThan(upright.width, upright.height, "a 600×800 page stands upright: \(upright)")

        harness.send(.key("Right", modifiers: .control))
        XCTAssertEqual(harness.viewer.quarterTurns, 1, "the pages turned a quarter, remembered with the position")
        harness.deliverBackgroundWork { let box = redBox(harness); return box.width > box.height }
        let turned = redBox(harness)
        XCTAssertGreaterThan(turned.width, turned.height, "the page lies on its side: \(turned)")
        XCTAssertEqual(Double(turned.width) / Double(turned.height), 800.0 / 600, accuracy: 0.05)
        XCTAssertEqual(harness.viewer.document.readingAnchor.section, 0, "the page shown stays shown")

        harness.send(.key("Left", modifiers: .control))
        XCTAssertEqual(harness.viewer.quarterTurns, 0)
        harness.deliverBackgroundWork { let box = redBox(harness); return box.width < box.height }
        let back = redBox(harness)
        XCTAssertLessThan(back.width, back.height, "upright again: \(back)")
    }

    func testTwoFingersTurningAQuarterTurnAFixedLayoutBooksPages() throws {
        let harness = try harness(try fixedLayoutBook(pageCount: 4))
        harness.deliverBackgroundWork { redBox(harness).width > 100 }
        harness.turnFingers(by: 90)
        harness.liftFingers()
        XCTAssertEqual(harness.viewer.quarterTurns, 1, "landed on the quarter turn, remembered with the position")
        harness.runUntilIdle()
        harness.deliverBackgroundWork { let box = redBox(harness); return box.width > box.height }
        let turned = redBox(harness)
        XCTAssertGreaterThan(turned.width, turned.height, "the page lies on its side: \(turned)")
    }

    func testAFixedLayoutBookOpensAtItsRememberedTurn() throws {
        let path = try fixedLayoutBook(pageCount: 4)
        let document = try KindRegistry.open(path)
        var options = ViewerOptions()
        options.isPaged = true
        let harness = ViewerHarness(layout: document.makeLayout(palette: .light, paged: true), options: options,
                                    width: 1280, height: 800, quarterTurns: 3)
        XCTAssertEqual(harness.viewer.quarterTurns, 3)
        harness.deliverBackgroundWork { redBox(harness).width > 100 }
        let turned = redBox(harness)
        XCTAssertGreaterThan(turned.width, turned.height, "the page lies on its side: \(turned)")
    }
}
