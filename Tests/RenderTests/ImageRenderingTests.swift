import CCairo
import Foundation
import XCTest
import Document
import Render

/// Images in Markdown and in collections, and placeholders for those that cannot be shown.
final class ImageRenderingTests: XCTestCase {
    /// A directory holding a solid red 100×50 PNG named `red.png` and a corrupt `bad.png`.
    private func imageDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 100, 50)!
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, 1, 0, 0)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        XCTAssertEqual(cairo_surface_write_to_png(surface, directory + "/red.png"), CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(surface)
        try Data(repeating: 0x42, count: 300).write(to: URL(fileURLWithPath: directory + "/bad.png"))
        return directory
    }

    private func redCount(_ frame: OffscreenFrame) -> Int {
        frame.pixels().filter { $0 & 0xffffff == 0xff0000 }.count
    }

    func testAnImageInMarkdownIsDrawnFromItsRelativePath() throws {
        let directory = try imageDirectory()
        let layout = DocumentLayout(document: Document(text: "Before\n\n![red](red.png)\n\nAfter", isMarkdown: true,
                                                       title: "t", baseDirectory: directory))
        XCTAssertEqual(redCount(renderOnce(layout, width: 400, height: 300)), 100 * 50)
    }

    func testABrokenImageInMarkdownShowsAPlaceholderWithTheReason() throws {
        let directory = try imageDirectory()
        let broken = DocumentLayout(document: Document(text: "![bad](bad.png)", isMarkdown: true, title: "t",
                                                       baseDirectory: directory))
        let frame = renderOnce(broken, width: 400, height: 300)
        XCTAssertEqual(redCount(frame), 0)
        XCTAssertGreaterThan(frame.inkCount(), 500, "the reason, in words")
    }

    func testACollectionShowsOneImagePerPageOrWhyNot() throws {
        let directory = try imageDirectory()
        let document = try Document(contentsOfFile: directory)
        let layout = ImageCollectionLayout(document: document)
        XCTAssertEqual(layout.pageCount, 2)
        let badPage = renderOnce(layout, width: 400, height: 300)
        XCTAssertEqual(redCount(badPage), 0, "bad.png comes first")
        XCTAssertGreaterThan(badPage.inkCount(), 500)
        XCTAssertEqual(layout.contentSize, ContentSize(width: 800, height: 300))
        let frame = OffscreenFrame(width: 400, height: 300)
        var view = scrollView(for: layout, width: 400, height: 300)
        view.isPagingEnabled = true
        view.scrollToPage(1, animated: false, timeMilliseconds: 0)
        _ = FrameRenderer().render(layout, frame: view.frame, into: frame.buffer, showing: nil)
        // Fitted: 100×50 grows to 400×200.
        XCTAssertEqual(Double(redCount(frame)), 400 * 200, accuracy: 400 * 4)
    }
}
