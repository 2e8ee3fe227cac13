import Foundation
import PDFFixtures
import TestSupport
import XCTest

/// The page overview in a real compositor: F9 shows a grid of thumbnails (counted in grim's
/// pixels, each read back as its page by the bar its page draws), and a click on one lands on
/// that page.
final class HeadlessSwayOverviewTests: XCTestCase {
    /// A page found in a screenshot: its paper's bounds in px, and the number its bar reads.
    struct FoundPage {
        var minX: Int, minY: Int, maxX: Int, maxY: Int
        var number: Int
        var width: Int { maxX - minX + 1 }
        var height: Int { maxY - minY + 1 }
    }

    /// Paper: poppler's white (the grid's ground is #EDECE8 and the document's #FBFAF7).
    private static func isPaper(_ rgb: UInt32) -> Bool {
        (rgb >> 16) & 0xff >= 0xfc && (rgb >> 8) & 0xff >= 0xfc && rgb & 0xff >= 0xfc
    }

    /// The pages in `image` at least `minimumWidth` px wide: regions of paper (found on every
    /// other pixel), each read by its bar (see `NumberedPagesPDF`), the bar's row found from
    /// the page's width, as a page's height follows from it.
    static func pages(in image: RGBImage, minimumWidth: Int) -> [FoundPage] {
        let columns = image.width / 2, rows = image.height / 2
        var seen = [Bool](repeating: false, count: columns * rows)
        var found: [FoundPage] = []
        for start in 0..<(columns * rows) where !seen[start] {
            seen[start] = true
            guard isPaper(image.rgb(x: (start % columns) * 2, y: (start / columns) * 2)) else { continue }
            var stack = [start]
            var minX = Int.max, minY = Int.max, maxX = 0, maxY = 0
            while let cell = stack.popLast() {
                let x = cell % columns, y = cell / columns
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let nx = x + dx, ny = y + dy
                    guard nx >= 0, ny >= 0, nx < columns, ny < rows else { continue }
                    let next = ny * columns + nx
                    guard !seen[next], isPaper(image.rgb(x: nx * 2, y: ny * 2)) else { continue }
                    seen[next] = true
                    stack.append(next)
                }
            }
            var page = FoundPage(minX: minX * 2, minY: minY * 2, maxX: maxX * 2 + 1, maxY: maxY * 2 + 1, number: 0)
            guard page.width >= minimumWidth else { continue }
            let barMiddle = NumberedPagesPDF.barTopPoints + NumberedPagesPDF.barHeightPoints / 2
            let barY = page.minY + Int(Double(page.width) * barMiddle / NumberedPagesPDF.pageWidthPoints)
            guard barY < image.height else { continue }
            var black = 0
            while page.minX + black < image.width, image.luminance(x: page.minX + black, y: barY) < 128 { black += 1 }
            page.number = Int((Double(black) / Double(page.width) * Double(NumberedPagesPDF.barUnits)).rounded())
            found.append(page)
        }
        return found
    }

    private func screenshot(of sway: HeadlessSway, until condition: (RGBImage) -> Bool) throws -> RGBImage {
        let deadline = Date().addingTimeInterval(20)
        var image = try sway.screenshot()
        while !condition(image), Date() < deadline {
            usleep(200_000)
            image = try sway.screenshot()
        }
        return image
    }

    /// The thumbnails in `image`: pages no wider than a quarter of it, whose bars read 1…30.
    private func thumbnails(in image: RGBImage) -> [FoundPage] {
        HeadlessSwayOverviewTests.pages(in: image, minimumWidth: 60)
            .filter { $0.width < image.width / 4 && (1...30).contains($0.number) }
    }

    func testF9ShowsAtLeast12ThumbnailsAndAClickOnOneLandsOnThatPage() throws {
        let path = NumberedPagesPDF.write(pageCount: 30)
        defer { unlink(path) }
        try checkOverview(of: path, pageMinimumWidth: 600, tapping: 17, screenshotName: "overview.png")
    }

    /// The overview of another paged kind (issue 26): the same pages as a folder of pictures,
    /// their thumbnails drawn from the image decoders' previews.
    func testAnImageFolderHasTheSameOverview() throws {
        let directory = NumberedPagesPDF.writeImages(pageCount: 30)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A picture is fitted whole in the window's height: narrower than a PDF page's width.
        // Pictures page, and so does their grid: page 9 is on its first screen.
        try checkOverview(of: directory, pageMinimumWidth: 400, tapping: 9, screenshotName: "overview-images.png")
    }

    /// Opens `path` in Glide, then: F9 shows at least 12 thumbnails, each read back as a page
    /// of its own, and a click on page `number`'s shows that page, the grid gone. A page shown
    /// whole is at least `pageMinimumWidth` px wide.
    private func checkOverview(of path: String, pageMinimumWidth: Int, tapping number: Int, screenshotName: String) throws {
        let sway = try HeadlessSway()
        let glide = try sway.startGlide([path])
        defer {
            glide.process.terminate()
            glide.waitForExit(seconds: 5)
        }
        let first = try screenshot(of: sway) { image in
            HeadlessSwayOverviewTests.pages(in: image, minimumWidth: pageMinimumWidth).contains { $0.number == 1 }
        }
        XCTAssertTrue(HeadlessSwayOverviewTests.pages(in: first, minimumWidth: pageMinimumWidth).contains { $0.number == 1 },
                      "page 1 is drawn, its bar read back")

        // A Shift first takes the place of a key lost to wtype's new keymap.
        let typed = try ChildProcess.run("/usr/bin/wtype", ["-k", "Shift_L", "-k", "F9"], environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
        // Thumbnails arrive as the renderers draw them, nearest first: the grid is read once the
        // one to click has arrived too, not at the first dozen.
        let grid = try screenshot(of: sway) { image in
            let found = thumbnails(in: image)
            return found.count >= 12 && found.contains { $0.number == number }
        }
        let shown = thumbnails(in: grid)
        XCTAssertGreaterThanOrEqual(shown.count, 12, "thumbnails read back: \(shown.map(\.number))")
        XCTAssertEqual(Set(shown.map(\.number)).count, shown.count, "each a page of its own: \(shown.map(\.number))")
        if let directory = ProcessInfo.processInfo.environment["GLIDE_SCREENSHOT_DIR"] {
            _ = try ChildProcess.run("/usr/bin/grim", ["-o", "HEADLESS-1", directory + "/" + screenshotName],
                                     environment: sway.clientEnvironment)
        }

        let target = try XCTUnwrap(shown.first { $0.number == number }, "page \(number)'s thumbnail is in view")
        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        try pointer.click(x: (target.minX + target.maxX) / 2, y: (target.minY + target.maxY) / 2)
        let landed = try screenshot(of: sway) { image in
            HeadlessSwayOverviewTests.pages(in: image, minimumWidth: pageMinimumWidth).contains { $0.number == number && $0.minY < 40 }
        }
        let top = HeadlessSwayOverviewTests.pages(in: landed, minimumWidth: pageMinimumWidth).max { $0.height < $1.height }
        XCTAssertEqual(top?.number, number, "the click landed on page \(number): \(String(describing: top))")
        XCTAssertLessThan(top?.minY ?? 800, 40, "at the top of the window")
        XCTAssertTrue(thumbnails(in: landed).isEmpty, "the grid is gone")
    }
}
