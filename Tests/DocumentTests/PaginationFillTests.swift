import CCairo
@testable import DocumentKit
import Foundation
@testable import ImageDecoding
@testable import TextKind
import XCTest

/// Pagination never leaves a page mostly blank: a block too tall for the rest of a page is
/// split (text, line by line) or scaled into the room left (an image).
final class PaginationFillTests: XCTestCase {
    private let width = 500.0, height = 600.0

    /// A directory holding `tall.png`, `width`×`height` px of grey.
    private func directory(imageWidth: Int32, imageHeight: Int32) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, imageWidth, imageHeight)!
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, 0.5, 0.5, 0.5)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        XCTAssertEqual(cairo_surface_write_to_png(surface, directory + "/tall.png"), CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(surface)
        return directory
    }

    /// The paginated column of `markdown`, laid out whole; the image block's top and height.
    private func imagePlacement(_ markdown: String, in directory: String) -> (top: Double, height: Double, column: DocumentLayout) {
        // A first layout asks for the image; once decoded, a layout with the same store
        // places it at its size.
        let images = ImageStore()
        let document = TextDocument(text: markdown, isMarkdown: true, title: "t", baseDirectory: directory)
        let first = HorizontalPagesLayout(document: document, images: images)
        first.setViewportSize(width: width, height: height)
        _ = first.column.prepare(ContentRect(x: 0, y: 0, width: width, height: height), margin: 1_000_000)
        images.waitForDecodes()
        let layout = HorizontalPagesLayout(document: document, images: images)
        layout.setViewportSize(width: width, height: height)
        _ = layout.column.prepare(ContentRect(x: 0, y: 0, width: width, height: height), margin: 1_000_000)
        for (index, section) in layout.column.shapedSections {
            for item in section.blocks {
                if case .image = item.layout.content {
                    return (layout.column.top(ofSection: index) + item.top, item.height, layout.column)
                }
            }
        }
        XCTFail("no image laid out")
        return (0, 0, layout.column)
    }

    func testAnImageTooTallForTheRestOfAMostlyEmptyPageIsScaledIntoIt() throws {
        let directory = try directory(imageWidth: 300, imageHeight: 2_000)
        let placed = imagePlacement("# A title\n\nOne short paragraph.\n\n![tall](tall.png)\n\nAfter.", in: directory)
        XCTAssertLessThan(placed.top, height, "the image stays on the first page")
        XCTAssertLessThanOrEqual(placed.top + placed.height, height - 40 + 0.5, "within its text area")
        XCTAssertGreaterThan(placed.height, (height - 80) / 2, "at least half a page tall")
    }

    func testAnImageMovesOnWhenThePageIsAlreadyMostlyFull() throws {
        let directory = try directory(imageWidth: 300, imageHeight: 2_000)
        let paragraph = String(repeating: "Words that fill most of the first page before the picture. ", count: 12)
        let placed = imagePlacement("\(paragraph)\n\n![tall](tall.png)", in: directory)
        XCTAssertEqual(placed.top, height + 40, "on the next page, at its text top")
        XCTAssertEqual(placed.height, height - 80, "fitted to a whole page")
    }

    func testAParagraphLongerThanThePageRestIsSplitBetweenPages() {
        let paragraph = String(repeating: "A paragraph far longer than one page of this small window. ", count: 80)
        let layout = HorizontalPagesLayout(document: TextDocument(text: "# Title\n\n\(paragraph)", isMarkdown: true, title: "t"))
        layout.setViewportSize(width: width, height: height)
        _ = layout.column.prepare(ContentRect(x: 0, y: 0, width: width, height: height), margin: 1_000_000)
        let firstPage = layout.column.lineExtents().filter { $0.bottom <= height }
        XCTAssertGreaterThan(firstPage.last?.bottom ?? 0, height - 40 - 40, "text runs down to the page's last line")
    }
}
