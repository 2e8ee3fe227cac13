import DocumentKit
import Glibc
import Machinery
import PDFFixtures
import PDFKind
@testable import Render
import ScrollEngine
import XCTest

/// PDF pages through the frame renderer: placeholders first, pixels as the worker delivers
/// them, and a crisp re-render after a zoom.
final class PDFRenderingTests: XCTestCase {
    /// Renders frames, running the worker's deliveries between them as the loop does, until
    /// `layout` has every visible piece sharp (or 20 s pass on a loaded machine).
    private func renderUntilSharp(_ layout: PDFLayout, renderer: FrameRenderer, frame: ScrollFrame, zoom: Double,
                                  into buffer: OffscreenFrame) -> Bool {
        var frame = frame
        frame.zoomScale = zoom
        frame.phase = .idle
        for _ in 0..<4000 {
            MainThreadMailbox.shared.deliverPending()
            _ = renderer.render(layout, frame: frame, into: buffer.buffer, showing: nil)
            if layout.isSharp { return true }
            usleep(5000)
        }
        return false
    }

    /// The share of non-white pixels in grey levels between ink and paper: the softer the
    /// text, the more of them.
    private func softness(_ frame: OffscreenFrame, rows: Range<Int>, columns: Range<Int>) -> Double {
        let levels = frame.pixels(rows: rows, columns: columns).map { Int(($0 >> 8) & 0xff) }.filter { $0 < 0xF0 }
        return Double(levels.filter { $0 > 0x60 }.count) / Double(max(levels.count, 1))
    }

    func testAPageShowsAPlaceholderFirstThenItsText() throws {
        let layout = PDFLayout(file: try PDFFile(path: PDFFixture(pageCount: 4).write()))
        let renderer = FrameRenderer()
        let buffer = OffscreenFrame(width: 700, height: 500)
        let frame = scrollView(for: layout, width: 700, height: 500, offsetY: 0).frame
        _ = renderer.render(layout, frame: frame, into: buffer.buffer, showing: nil)
        let page = layout.pageRect(0)
        let placeholder = buffer.pixel(x: Int(page.x) + 20, y: Int(page.y) + 300)
        XCTAssertNotEqual(placeholder & 0xffffff, 0xffffff, "no blank white page while it renders")
        XCTAssertTrue(renderUntilSharp(layout, renderer: renderer, frame: frame, zoom: 1, into: buffer))
        XCTAssertGreaterThan(buffer.inkCount(rows: 0..<500, columns: 0..<700), 400, "the table of contents is drawn")
        XCTAssertEqual(buffer.pixel(x: Int(page.x) + 20, y: Int(page.y) + 300) & 0xffffff, 0xffffff, "paper, not the placeholder")
    }

    func testAfterAZoomThePageIsRenderedAgainCrispAtTheNewScale() throws {
        let layout = PDFLayout(file: try PDFFile(path: PDFFixture(pageCount: 3).write()))
        let renderer = FrameRenderer()
        let buffer = OffscreenFrame(width: 600, height: 400)
        let frame = scrollView(for: layout, width: 600, height: 400, offsetY: 0).frame
        XCTAssertTrue(renderUntilSharp(layout, renderer: renderer, frame: frame, zoom: 1, into: buffer))
        // The pinch stretches the zoom-1 pixels; the settled zoom asks the worker for pixels at
        // three times the scale, and the frame shows them pixel for pixel.
        var pinching = frame
        pinching.zoomScale = 3
        pinching.phase = .zooming
        _ = renderer.render(layout, frame: pinching, into: buffer.buffer, showing: nil)
        let rows = 150..<400, columns = 150..<600
        let stretched = softness(buffer, rows: rows, columns: columns)
        XCTAssertTrue(renderUntilSharp(layout, renderer: renderer, frame: frame, zoom: 3, into: buffer))
        let crisp = softness(buffer, rows: rows, columns: columns)
        XCTAssertLessThan(crisp, stretched * 0.8, "crisp \(crisp) against stretched \(stretched)")
        XCTAssertGreaterThan(buffer.inkCount(rows: rows, columns: columns), 500)
    }

    func testAScrollingFrameDrawsPagesStraightIntoTheBufferAsAFullRedrawWould() throws {
        let layout = PDFLayout(file: try PDFFile(path: PDFFixture(pageCount: 4).write()))
        let renderer = FrameRenderer()
        let buffer = OffscreenFrame(width: 700, height: 500)
        // The rows that come into view hold the top of page 2 and its first lines.
        let top = scrollView(for: layout, width: 700, height: 500, offsetY: 400).frame
        let scrolled = scrollView(for: layout, width: 700, height: 500, offsetY: 530).frame
        XCTAssertTrue(renderUntilSharp(layout, renderer: renderer, frame: scrolled, zoom: 1, into: buffer))
        XCTAssertTrue(renderUntilSharp(layout, renderer: renderer, frame: top, zoom: 1, into: buffer))
        // No deliveries from here on: the pages' pixels stay as they are.
        let scrolling = FrameRenderer()
        let contents = scrolling.render(layout, frame: top, into: buffer.buffer, showing: nil).contents
        _ = scrolling.render(layout, frame: scrolled, into: buffer.buffer, showing: contents)
        XCTAssertEqual(scrolling.tiles.drawnTileCount, 0, "pages are drawn from their own pixels, never copied into tiles")
        let fresh = OffscreenFrame(width: 700, height: 500)
        _ = FrameRenderer().render(layout, frame: scrolled, into: fresh.buffer, showing: nil)
        XCTAssertGreaterThan(fresh.inkCount(rows: 370..<500, columns: 0..<700), 100, "text in the rows that came into view")
        XCTAssertEqual(buffer.pixels(), fresh.pixels(), "moved pixels and the new rows match a full redraw")
    }

    func testPagingShowsOnePageFittedPerViewport() throws {
        let layout = PDFLayout(file: try PDFFile(path: PDFFixture(pageCount: 5).write()), paged: true)
        layout.setViewportSize(width: 800, height: 600)
        XCTAssertEqual(layout.contentSize.width, 800 * 5)
        let second = layout.pageRect(1)
        XCTAssertEqual(second.height, 600 - 2 * 8)
        XCTAssertEqual(second.x + second.width / 2, 800 * 1.5, accuracy: 1)
        let renderer = FrameRenderer()
        let buffer = OffscreenFrame(width: 800, height: 600)
        var view = scrollView(for: layout, width: 800, height: 600)
        view.scroll(to: LogicalPoint(x: 800, y: 0), animated: false, timeMilliseconds: 0)
        XCTAssertTrue(renderUntilSharp(layout, renderer: renderer, frame: view.frame, zoom: 1, into: buffer))
        XCTAssertEqual(layout.readingAnchor.section, 1)
        XCTAssertGreaterThan(buffer.inkCount(rows: 0..<600, columns: Int(second.x - 800)..<Int(second.maxX - 800)), 1000)
        // Beside the page: the background, not ink.
        XCTAssertEqual(buffer.inkCount(rows: 0..<600, columns: 0..<Int(second.x - 800) - 2), 0)
    }
}
