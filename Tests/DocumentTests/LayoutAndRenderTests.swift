import CCairo
import Foundation
import XCTest
@testable import Document
import Render
import ScrollEngine

/// Layout with pango and drawing with cairo into an offscreen image.
final class LayoutAndRenderTests: XCTestCase {
    private let longParagraph = String(repeating: "Scrolling should feel like moving paper. ", count: 30)

    /// Renders `layout` at `offsetY` into a new image of `width`×`height` logical px.
    private func render(_ layout: DocumentLayout, width: Int, height: Int, scale: Int = 1, offsetY: Double = 0)
        -> (surface: OpaquePointer, pixels: [UInt32]) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width * scale), Int32(height * scale))!
        let buffer = PixelBuffer(pixels: UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!),
                                 width: width * scale, height: height * scale,
                                 stride: Int(cairo_image_surface_get_stride(surface)), scale: Double(scale))
        var view = ScrollView(viewportSize: LogicalSize(width: Double(width), height: Double(height)),
                              contentSize: LogicalSize(width: Double(width), height: layout.contentHeight))
        view.scroll(to: LogicalPoint(x: 0, y: offsetY), animated: false, timeMilliseconds: 0)
        XCTAssertEqual(view.frame.contentOffset.y, offsetY, "the test asks for an offset inside the bounds")
        FrameRenderer().render(layout, frame: view.frame, into: buffer)
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self)
        let count = buffer.stride / 4 * buffer.height
        return (surface, Array(UnsafeBufferPointer(start: data, count: count)))
    }

    private func inkCount(_ pixels: [UInt32]) -> Int {
        pixels.filter { ($0 >> 8) & 0xff < 100 }.count
    }

    func testNarrowerWindowReflowsIntoATallerDocument() {
        let layout = DocumentLayout(document: Document(text: longParagraph, isMarkdown: false, title: "t"))
        layout.layout(width: 800)
        let wideHeight = layout.contentHeight
        layout.layout(width: 400)
        XCTAssertGreaterThan(layout.contentHeight, wideHeight * 1.6)
    }

    func testRenderedFrameHasDarkTextOnTheLightPage() {
        let layout = DocumentLayout(document: Document(text: "# Heading\n\n" + longParagraph, isMarkdown: true, title: "t"))
        layout.layout(width: 800)
        let frame = render(layout, width: 800, height: 600)
        defer { cairo_surface_destroy(frame.surface) }
        let ink = inkCount(frame.pixels)
        XCTAssertGreaterThan(ink, 2_000)
        XCTAssertLessThan(ink, frame.pixels.count / 4, "mostly page, not ink")
        // The page colour fills the corner.
        XCTAssertEqual(frame.pixels[0] & 0xffffff, 0xFBFAF7)
    }

    func testScrollingByWholePixelsMovesTheTextByExactlyThatManyRows() {
        let layout = DocumentLayout(document: Document(text: longParagraph, isMarkdown: false, title: "t"))
        layout.layout(width: 400)
        let top = render(layout, width: 400, height: 300)
        let scrolled = render(layout, width: 400, height: 300, offsetY: 37)
        defer {
            cairo_surface_destroy(top.surface)
            cairo_surface_destroy(scrolled.surface)
        }
        let rowLength = 400
        let sourceRows = top.pixels[(60 + 37) * rowLength..<(260 + 37) * rowLength]
        let movedRows = scrolled.pixels[60 * rowLength..<260 * rowLength]
        // The indicator strip at the right edge differs; compare the text column only.
        func textColumns(_ rows: ArraySlice<UInt32>) -> [UInt32] {
            rows.enumerated().filter { $0.offset % rowLength < 380 }.map(\.element)
        }
        XCTAssertEqual(textColumns(sourceRows), textColumns(movedRows))
        XCTAssertGreaterThan(inkCount(Array(movedRows)), 1_000)
    }

    func testDoubleScaleDrawsTheSameLayoutWithMorePixels() {
        let layout = DocumentLayout(document: Document(text: longParagraph, isMarkdown: false, title: "t"))
        layout.layout(width: 600)
        let height = layout.contentHeight
        let single = render(layout, width: 600, height: 400)
        let double = render(layout, width: 600, height: 400, scale: 2)
        defer {
            cairo_surface_destroy(single.surface)
            cairo_surface_destroy(double.surface)
        }
        XCTAssertEqual(layout.contentHeight, height, "the layout does not depend on the scale")
        let ratio = Double(inkCount(double.pixels)) / Double(inkCount(single.pixels))
        XCTAssertEqual(ratio, 4, accuracy: 1.5, "about four times the ink pixels at 2x")
    }

    func testMarkupCharactersAreDrawnNotObeyed() {
        let layout = DocumentLayout(document: Document(
            text: String(repeating: "<span foreground=\"red\">not red</span> ", count: 20), isMarkdown: false, title: "t"))
        layout.layout(width: 800)
        let frame = render(layout, width: 800, height: 300)
        defer { cairo_surface_destroy(frame.surface) }
        let reddish = frame.pixels.filter { pixel in
            let red = Int((pixel >> 16) & 0xff), green = Int((pixel >> 8) & 0xff)
            return red - green > 60
        }
        XCTAssertEqual(reddish.count, 0)
        XCTAssertGreaterThan(inkCount(frame.pixels), 1_000)
    }
}
