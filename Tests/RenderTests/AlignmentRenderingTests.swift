import CCairo
import DocumentKit
import Foundation
import ImageDecoding
import TestSupport
@testable import TextKind
import XCTest

/// HTML's `align` and image `width`/`height`: where lines and images sit in the column, and
/// that selection, carets and taps follow the lines where they are drawn.
final class AlignmentRenderingTests: XCTestCase {
    /// The column of `RenderedBlocks` at 800 px: from x = 40, 720 px wide.
    private let columnLeft = 40.0, columnWidth = 720.0

    /// A directory holding a solid red 100×50 PNG named `red.png`.
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
        return directory
    }

    func testACentredParagraphsInkIsCentredInTheColumnAndSelectionFollowsIt() {
        let text = "A short centred line"
        let rendered = RenderedBlocks([Block(kind: .paragraph, text: text, alignment: .center)], height: 60)
        rendered.save("centred-paragraph")
        let ink = columns(of: rendered.frame, where: isDarkPixel)
        guard let first = ink.first, let last = ink.last else { return XCTFail("no ink") }
        XCTAssertEqual(Double(first + last) / 2, columnLeft + columnWidth / 2, accuracy: 3)
        // Selection, caret and tap all meet the drawn text.
        let item = rendered.section.blocks[0]
        let whole = item.rects(of: 0..<text.utf8.count)
        XCTAssertEqual(whole.count, 1)
        XCTAssertEqual(whole[0].x, Double(first), accuracy: 3)
        XCTAssertEqual(whole[0].maxX, Double(last), accuracy: 3)
        XCTAssertEqual(item.caretRect(at: 0).x, Double(first), accuracy: 3)
        XCTAssertEqual(item.caretRect(at: text.utf8.count).x, Double(last), accuracy: 3)
        let middle = whole[0].y + whole[0].height / 2
        XCTAssertEqual(item.utf8Offset(nearX: Double(first) + 1, y: middle), 0)
        XCTAssertEqual(item.utf8Offset(nearX: Double(last) - 1, y: middle), text.utf8.count)
    }

    func testATrailingParagraphEndsAtTheColumnsRightEdge() {
        let rendered = RenderedBlocks([Block(kind: .paragraph, text: "To the right", alignment: .trailing)], height: 60)
        let ink = columns(of: rendered.frame, where: isDarkPixel)
        XCTAssertEqual(Double(ink.last ?? 0), columnLeft + columnWidth, accuracy: 3)
        XCTAssertGreaterThan(Double(ink.first ?? 0), columnLeft + columnWidth / 2)
    }

    func testAnImageIsDrawnAtTheSizeItAsksForWithinTheColumn() throws {
        let directory = try imageDirectory()
        func redSize(_ requested: RequestedImageSize?, alignment: TextAlignment = .leading, name: String)
            -> (width: Int, height: Int, left: Int?) {
            let block = Block(kind: .image(source: "red.png"), text: "red", alignment: alignment, imageSize: requested)
            let rendered = RenderedBlocks([block], height: 600, baseDirectory: directory)
            rendered.save(name)
            let red = columns(of: rendered.frame, where: isRed)
            return (red.count, rows(of: rendered.frame, where: isRed).count, red.first)
        }
        let natural = redSize(nil, name: "image-natural")
        XCTAssertEqual([natural.width, natural.height], [100, 50])
        let wide = redSize(RequestedImageSize(width: 200), name: "image-width")
        XCTAssertEqual([wide.width, wide.height], [200, 100], "the height follows the aspect")
        let tall = redSize(RequestedImageSize(height: 25), name: "image-height")
        XCTAssertEqual([tall.width, tall.height], [50, 25], "the width follows the aspect")
        let both = redSize(RequestedImageSize(width: 300, height: 40), name: "image-both")
        XCTAssertEqual([both.width, both.height], [300, 40])
        let half = redSize(RequestedImageSize(width: 50, widthIsPercent: true), name: "image-percent")
        XCTAssertEqual([half.width, half.height], [360, 180], "half the column")
        let huge = redSize(RequestedImageSize(width: 2000), name: "image-huge")
        XCTAssertEqual([huge.width, huge.height], [720, 360], "never wider than the column")
        let right = redSize(RequestedImageSize(width: 200), alignment: .trailing, name: "image-trailing")
        XCTAssertEqual(right.left, Int(columnLeft + columnWidth) - 200, "at the column's right")
        let centred = redSize(RequestedImageSize(width: 200), alignment: .center, name: "image-centred")
        XCTAssertEqual(centred.left, Int(columnLeft + columnWidth / 2) - 100)
        let left = redSize(RequestedImageSize(width: 200), alignment: .leading, name: "image-leading")
        XCTAssertEqual(left.left, Int(columnLeft), "at the column's left")
    }
}
