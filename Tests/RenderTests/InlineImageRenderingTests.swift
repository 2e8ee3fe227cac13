import CCairo
import DocumentKit
import Foundation
import ImageDecoding
import Render
import TestSupport
import TextKind
import XCTest

/// A local image inside a heading (a logo) drawn in the heading's line, before its text.
final class InlineImageRenderingTests: XCTestCase {
    /// A directory holding a solid red 200×100 PNG `logo.png` and a corrupt `bad.png`.
    private func imageDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 200, 100)!
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, 1, 0, 0)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        XCTAssertEqual(cairo_surface_write_to_png(surface, directory + "/logo.png"), CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(surface)
        try Data(repeating: 0x42, count: 300).write(to: URL(fileURLWithPath: directory + "/bad.png"))
        return directory
    }

    private func layout(_ markdown: String, in directory: String) -> DocumentLayout {
        DocumentLayout(document: TextDocument(text: markdown, isMarkdown: true, title: "t", baseDirectory: directory))
    }

    /// Renders once (which asks for the images), waits for their decoders, renders again.
    private func renderDecoded(_ layout: DocumentLayout, name: String) -> OffscreenFrame {
        _ = renderOnce(layout, width: 800, height: 300)
        layout.images.waitForDecodes()
        let frame = renderOnce(layout, width: 800, height: 300)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(name).png").path
        cairo_surface_write_to_png(frame.surface, path)
        return frame
    }

    func testALogoInAHeadingIsDrawnInItsLineJustBeforeTheHeadingsText() throws {
        let directory = try imageDirectory()
        let frame = renderDecoded(layout("# ![logo](logo.png) Glide\n\nBody text.", in: directory), name: "heading-logo")
        let redColumns = columns(of: frame, where: isRed), redRows = rows(of: frame, where: isRed)
        // 200×100 fitted to the line height of a 32 px heading (1.5 × 32 = 48 px).
        XCTAssertEqual(redColumns.count, 96)
        XCTAssertEqual(redRows.count, 48)
        guard let logoRight = redColumns.last, let logoTop = redRows.first, let logoBottom = redRows.last else { return }
        // The heading's text is ink to the right of the logo, in the logo's rows: one line.
        let headingRows = logoTop..<(logoBottom + 1)
        let textColumns = columns(of: frame, rows: headingRows) { isDarkPixel($0) && !isRed($0) }
        let textRows = rows(of: frame, columns: (logoRight + 1)..<800) { isDarkPixel($0) && !isRed($0) }.filter { $0 < logoBottom + 20 }
        XCTAssertGreaterThan(textColumns.count, 60, "Glide, beside the logo")
        XCTAssertGreaterThan(textColumns.first ?? 0, logoRight, "no text left of the logo")
        // A word space of the heading's font between them, not more (no stray space).
        XCTAssertLessThan((textColumns.first ?? 0) - logoRight, 16)
        XCTAssertGreaterThanOrEqual(textRows.first ?? 0, logoTop, "the text sits within the logo's rows")
        XCTAssertLessThanOrEqual(textRows.last ?? .max, logoBottom)
    }

    func testALogoBeingDecodedHoldsALineHighSlotAndOneThatFailsTakesNoRoom() throws {
        let directory = try imageDirectory()
        let pending = layout("# ![logo](logo.png) Glide", in: directory)
        let first = renderOnce(pending, width: 800, height: 300)
        let tint = pending.palette.codeBackground
        // A square slot the line's height (a few antialiased pixels of text may match too).
        let tinted = first.pixels().filter { isNear($0, tint, tolerance: 0.005) }.count
        XCTAssertEqual(Double(tinted), 48 * 48, accuracy: 48)
        pending.images.waitForDecodes()

        let plain = renderOnce(layout("# Glide", in: directory), width: 800, height: 300)
        let broken = renderDecoded(layout("# ![logo](bad.png) Glide", in: directory), name: "heading-broken-logo")
        let plainInk = columns(of: plain, where: isDarkPixel), brokenInk = columns(of: broken, where: isDarkPixel)
        XCTAssertEqual(brokenInk.first, plainInk.first, "the text starts where it would with no image")
        XCTAssertEqual(brokenInk.count, plainInk.count, "and nothing else is drawn")
    }

    /// On a 3× screen an SVG logo is rendered again at 3×, as block images are.
    func testAnSVGLogoIsSharpAtTheScaleItIsShown() throws {
        let directory = try imageDirectory()
        try "<svg xmlns='http://www.w3.org/2000/svg' width='40' height='20'><rect width='20' height='20' fill='red'/></svg>"
            .write(toFile: directory + "/half.svg", atomically: true, encoding: .utf8)
        let heading = layout("# ![logo](half.svg) Glide", in: directory)
        for _ in 0..<2 {
            _ = renderOnce(heading, width: 300, height: 200, scale: 3)
            heading.images.waitForDecodes()
        }
        guard case .image(let image) = heading.images.image(atPath: directory + "/half.svg") else { return XCTFail() }
        XCTAssertEqual([image.width, image.height], [120, 60])
        let frame = renderOnce(heading, width: 300, height: 200, scale: 3)
        XCTAssertEqual(frame.pixels().filter(isRed).count, 60 * 60, "no blurred half-red edge")
    }
}
