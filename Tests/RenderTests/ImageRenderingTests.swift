import CCairo
import DocumentKit
import Foundation
import ImageDecoding
import ImageKind
import KindRegistry
import Render
import TextKind
import XCTest

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

    /// Renders once (which asks for the images), waits for their decoders, renders again.
    private func renderDecoded(_ layout: any ContentLayout, images: ImageStore, width: Int, height: Int,
                               scale: Double = 1) -> OffscreenFrame {
        _ = renderOnce(layout, width: width, height: height, scale: scale)
        images.waitForDecodes()
        return renderOnce(layout, width: width, height: height, scale: scale)
    }

    private func redCount(_ frame: OffscreenFrame) -> Int {
        frame.pixels().filter { $0 & 0xffffff == 0xff0000 }.count
    }

    func testAnImageInMarkdownIsDrawnFromItsRelativePath() throws {
        let directory = try imageDirectory()
        let layout = DocumentLayout(document: TextDocument(text: "Before\n\n![red](red.png)\n\nAfter", isMarkdown: true,
                                                       title: "t", baseDirectory: directory))
        XCTAssertEqual(redCount(renderDecoded(layout, images: layout.images, width: 400, height: 300)), 100 * 50)
    }

    func testABrokenImageInMarkdownShowsAPlaceholderWithTheReason() throws {
        let directory = try imageDirectory()
        let broken = DocumentLayout(document: TextDocument(text: "![bad](bad.png)", isMarkdown: true, title: "t",
                                                       baseDirectory: directory))
        let frame = renderDecoded(broken, images: broken.images, width: 400, height: 300)
        XCTAssertEqual(redCount(frame), 0)
        XCTAssertGreaterThan(frame.inkCount(), 500, "the reason, in words")
    }

    func testACollectionShowsOneImagePerPageOrWhyNot() throws {
        let directory = try imageDirectory()
        let document = try XCTUnwrap(KindRegistry.open(directory) as? ImageCollection)
        let layout = ImageCollectionLayout(collection: document)
        XCTAssertEqual(layout.pageCount, 2)
        // The page label names each image by its file (a text document's pages have no names).
        let content: any ContentLayout = layout
        XCTAssertEqual([content.title(ofPage: 0), content.title(ofPage: 1), content.title(ofPage: 2)], ["bad.png", "red.png", nil])
        let badPage = renderDecoded(layout, images: layout.images, width: 400, height: 300)
        XCTAssertEqual(redCount(badPage), 0, "bad.png comes first")
        XCTAssertGreaterThan(badPage.inkCount(), 500)
        XCTAssertEqual(layout.contentSize, ContentSize(width: 800, height: 300))
        let frame = OffscreenFrame(width: 400, height: 300)
        var view = scrollView(for: layout, width: 400, height: 300)
        view.isPagingEnabled = true
        view.scrollToPage(1, animated: false, timeMilliseconds: 0)
        layout.images.waitForDecodes()
        _ = FrameRenderer().render(layout, frame: view.frame, into: frame.buffer, showing: nil)
        // Fitted: 100×50 grows to 400×200.
        XCTAssertEqual(Double(redCount(frame)), 400 * 200, accuracy: 400 * 4)
    }

    /// Before its pixels arrive an image holds its place with a tinted frame, and the frame
    /// loop never waits for the decoder.
    func testAnImageBeingDecodedHoldsATintedFrame() throws {
        let directory = try imageDirectory()
        let layout = DocumentLayout(document: TextDocument(text: "![red](red.png)\n\nAfter", isMarkdown: true, title: "t",
                                                       baseDirectory: directory))
        let tint = layout.palette.codeBackground
        func tintedCount(_ frame: OffscreenFrame) -> Int {
            frame.pixels().filter { pixel in
                abs(Double((pixel >> 16) & 0xff) / 255 - tint.red) < 0.01 && abs(Double((pixel >> 8) & 0xff) / 255 - tint.green) < 0.01
                    && abs(Double(pixel & 0xff) / 255 - tint.blue) < 0.01
            }.count
        }
        // Nothing is delivered until the mailbox is read, as between two frames of the loop.
        let first = renderOnce(layout, width: 400, height: 300)
        XCTAssertEqual(redCount(first), 0, "not decoded yet")
        XCTAssertGreaterThan(tintedCount(first), 100 * 50, "a frame holds the place")
        let settled = renderDecoded(layout, images: layout.images, width: 400, height: 300)
        XCTAssertEqual(redCount(settled), 100 * 50)
        XCTAssertLessThan(tintedCount(settled), 100, "the frame is gone (text antialiasing may match a few pixels)")
    }

    func testAnImagePastTheBudgetShowsANoticeInItsPlace() throws {
        let directory = try imageDirectory()
        let circles = (0..<40).map { "<circle cx='\($0 * 50)' cy='\($0 * 50)' r='400' fill='red' filter='url(#b)'/>" }
        try ("<svg xmlns='http://www.w3.org/2000/svg' width='4000' height='4000'><filter id='b'>"
            + "<feGaussianBlur stdDeviation='300'/></filter>" + circles.joined() + "</svg>")
            .write(toFile: directory + "/blur.svg", atomically: true, encoding: .utf8)
        let images = ImageStore()
        images.decodeBudgetSeconds = 0.5
        let layout = DocumentLayout(document: TextDocument(text: "![blur](blur.svg)", isMarkdown: true, title: "t",
                                                       baseDirectory: directory), images: images)
        let frame = renderDecoded(layout, images: images, width: 600, height: 300)
        XCTAssertEqual(redCount(frame), 0)
        XCTAssertGreaterThan(frame.inkCount(), 500, "the notice, in words")
    }

    /// Zoomed 3× (or on a 3× screen), an SVG is drawn from pixels rendered at 3×: its edge
    /// is as crisp as the device allows.
    func testAnSVGInMarkdownIsSharpAtTheScaleItIsShown() throws {
        let directory = try imageDirectory()
        try "<svg xmlns='http://www.w3.org/2000/svg' width='40' height='20'><rect x='0' y='0' width='20' height='20' fill='red'/></svg>"
            .write(toFile: directory + "/half.svg", atomically: true, encoding: .utf8)
        let layout = DocumentLayout(document: TextDocument(text: "![half](half.svg)", isMarkdown: true, title: "t",
                                                       baseDirectory: directory))
        _ = renderDecoded(layout, images: layout.images, width: 300, height: 200, scale: 3)
        // The first rendering (40×20 px) drawn at 120×60 device px asked for a sharper one.
        let frame = renderDecoded(layout, images: layout.images, width: 300, height: 200, scale: 3)
        guard case .image(let image) = layout.images.image(atPath: directory + "/half.svg") else { return XCTFail() }
        XCTAssertEqual([image.width, image.height], [120, 60])
        // 60×60 device px of pure red: no blurred half-red columns at the edge.
        XCTAssertEqual(redCount(frame), 60 * 60)
    }
}
