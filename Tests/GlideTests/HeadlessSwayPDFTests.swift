import Foundation
import PDFFixtures
import TestSupport
import XCTest

/// A real PDF in a real compositor: shown, then scrolled with the touchpad, read back with grim.
final class HeadlessSwayPDFTests: XCTestCase {

    /// How many dark pixels (text) the screenshot has, of every other row and column.
    private func inkCount(_ image: RGBImage) -> Int { image.inkCount(step: 2) }

    /// How many pixels are paper white.
    private func paperCount(_ image: RGBImage) -> Int {
        var count = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) where image.rgb(x: x, y: y) & 0xFFFFFF == 0xFFFFFF { count += 1 }
        }
        return count
    }

    /// Whether the screenshot shows rendered PDF pages: mostly paper, with text on it (not the
    /// black screen before the window, nor grey placeholders).
    private func showsPages(_ image: RGBImage, ink: Int) -> Bool {
        paperCount(image) > image.width * image.height / 4 / 3 && inkCount(image) > ink
    }

    /// Takes screenshots until `condition` holds for one (or 15 s pass) and returns the last.
    private func screenshot(of sway: HeadlessSway, until condition: (RGBImage) -> Bool) throws -> RGBImage {
        let deadline = Date().addingTimeInterval(15)
        var image = try sway.screenshot()
        while !condition(image), Date() < deadline {
            usleep(200_000)
            image = try sway.screenshot()
        }
        return image
    }

    func testAPDFIsShownAndScrolledWithTheTouchpad() throws {
        let sway = try HeadlessSway()
        let path = PDFFixture(pageCount: 30).write()
        defer { unlink(path) }
        let tracePath = FileManager.default.temporaryDirectory.appendingPathComponent("glide-pdf-\(UUID().uuidString).jsonl").path
        let glide = ChildProcess(BuiltProducts.path(of: "glide"), ["--trace", tracePath, path], environment: sway.clientEnvironment)
        try glide.start()
        defer {
            glide.process.terminate()
            glide.waitForExit(seconds: 5)
        }
        try sway.waitForWindow(of: glide)
        // The first page's table of contents arrives from the render worker.
        let first = try screenshot(of: sway) { showsPages($0, ink: 300) }
        XCTAssertTrue(showsPages(first, ink: 300), "the PDF's first page is drawn")

        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        try pointer.flick(step: 40, frames: 10)
        var rest = -1.0, frames = 0
        let until = Date().addingTimeInterval(10)
        while Date() < until {
            usleep(400_000)
            let trace = try TraceFile(path: tracePath).frames
            if trace.count == frames, let last = trace.last, last.phase == "idle" {
                rest = last.y
                break
            }
            frames = trace.count
        }
        XCTAssertGreaterThan(rest, 400, "the fingers moved 400 px and the fling carried on")
        // The pages now in view are drawn too (body text, denser than the contents page).
        let scrolled = try screenshot(of: sway) { showsPages($0, ink: inkCount(first)) }
        XCTAssertGreaterThan(OffscreenFrame.meanDifference(first, scrolled), 1, "the view moved")
        XCTAssertTrue(showsPages(scrolled, ink: inkCount(first)), "text pages, denser than the contents, are drawn where the view rests")
    }
}
