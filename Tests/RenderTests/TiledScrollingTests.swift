import DocumentKit
@testable import Render
import ScrollEngine
import TextKind
import XCTest

/// Tiles, reuse of a buffer's previous pixels, damage and zoom.
final class TiledScrollingTests: XCTestCase {
    private let text = String(repeating: "Scrolling should feel like moving paper under a finger. ", count: 3_000)

    private func layout() -> DocumentLayout {
        DocumentLayout(document: TextDocument(text: "# Title\n\n" + text, isMarkdown: true, title: "t"))
    }

    /// A view over `layout` at `offsetY`, its content size as laid out so far.
    private func view(_ layout: DocumentLayout, offsetY: Double, flashing: Bool = true) -> ScrollView {
        var view = scrollView(for: layout, width: 500, height: 400)
        _ = layout.prepare(ContentRect(x: 0, y: offsetY, width: 500, height: 400), margin: 400)
        view.setContentSize(LogicalSize(width: 500, height: layout.contentSize.height), timeMilliseconds: 0)
        view.scroll(to: LogicalPoint(x: 0, y: offsetY), animated: false, timeMilliseconds: 0)
        if flashing { view.flashScrollIndicators(timeMilliseconds: 0) }
        return view
    }

    func testMovingAPreviousBuffersPixelsGivesTheSameFrameAsDrawingItAll() {
        for scale in [1.0, 2.0, 1.25] {
            let content = layout()
            let renderer = FrameRenderer()
            let buffers = [OffscreenFrame(width: 500, height: 400, scale: scale), OffscreenFrame(width: 500, height: 400, scale: scale)]
            var contents: [BufferContents?] = [nil, nil]
            // Two buffers in turn, as a Wayland client keeps them, scrolling down then up.
            for (step, offset) in [0.0, 37, 90, 400, 333, 1_000, 1_010, 950].enumerated() {
                let index = step % 2
                let rendered = renderer.render(content, frame: view(content, offsetY: offset).frame,
                                               into: buffers[index].buffer, showing: contents[index])
                contents[index] = rendered.contents
                let fresh = OffscreenFrame(width: 500, height: 400, scale: scale)
                _ = FrameRenderer().render(content, frame: view(content, offsetY: offset).frame, into: fresh.buffer, showing: nil)
                XCTAssertEqual(buffers[index].pixels(), fresh.pixels(), "scale \(scale), offset \(offset)")
            }
        }
    }

    func testSlidingABufferOverItsRoomGivesTheSameFramesAsDrawingThemAll() {
        for scale in [1.0, 1.25] {
            let content = layout()
            let renderer = FrameRenderer()
            let buffers = [OffscreenFrame(width: 500, height: 400, scale: scale, roomHeights: 1),
                           OffscreenFrame(width: 500, height: 400, scale: scale, roomHeights: 1)]
            var contents: [BufferContents?] = [nil, nil]
            var slides = 0, copies = 0
            // Down past the room's end, then back up past its start: both buffers slide, and
            // copy to the far end of their room when it runs out.
            let offsets = Array(stride(from: 0.0, through: 1_500, by: 110)) + Array(stride(from: 1_450.0, through: 0, by: -130))
            for (step, offset) in offsets.enumerated() {
                let index = step % 2
                let before = buffers[index].buffer.pixels
                let rendered = renderer.render(content, frame: view(content, offsetY: offset).frame,
                                               into: buffers[index].buffer, showing: contents[index])
                contents[index] = buffers[index].keep(rendered)
                if rendered.slideBytes != 0 {
                    // A slide moves the start by exactly the scroll; a copy to the room's end does not.
                    let scrolled = rendered.slideBytes % buffers[index].buffer.stride == 0
                        && abs(rendered.slideBytes) < buffers[index].buffer.height * buffers[index].buffer.stride
                    if scrolled && buffers[index].buffer.roomBeforeBytes > 0 && buffers[index].buffer.roomAfterBytes > 0 {
                        slides += 1
                    } else {
                        copies += 1
                    }
                }
                XCTAssertEqual(buffers[index].buffer.pixels, before + rendered.slideBytes)
                XCTAssertGreaterThanOrEqual(buffers[index].buffer.roomBeforeBytes, 0)
                XCTAssertGreaterThanOrEqual(buffers[index].buffer.roomAfterBytes, 0)
                let fresh = OffscreenFrame(width: 500, height: 400, scale: scale)
                _ = FrameRenderer().render(content, frame: view(content, offsetY: offset).frame, into: fresh.buffer, showing: nil)
                let differing = zip(buffers[index].pixels(), fresh.pixels()).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "scale \(scale), offset \(offset)")
            }
            XCTAssertGreaterThan(slides, 4, "scale \(scale): most frames slide")
            XCTAssertGreaterThan(copies, 1, "scale \(scale): the room ran out going down and going up")
        }
    }

    func testSlidingABufferAcrossPagesSideBySideGivesTheSameFramesAsDrawingThemAll() {
        let pages = HorizontalPagesLayout(document: TextDocument(text: text, isMarkdown: true, title: "t"))
        pages.setViewportSize(width: 500, height: 400)
        _ = pages.prepare(ContentRect(x: 0, y: 0, width: 500, height: 400), margin: 1_000_000)
        let renderer = FrameRenderer()
        let buffers = [OffscreenFrame(width: 500, height: 400, roomHeights: 1), OffscreenFrame(width: 500, height: 400, roomHeights: 1)]
        var contents: [BufferContents?] = [nil, nil]
        var slidAcross = 0
        for (step, offsetX) in [0.0, 30, 110, 170, 260, 240, 1_200, 1_150, 1_000, 1_020].enumerated() {
            let index = step % 2
            var view = scrollView(for: pages, width: 500, height: 400)
            view.scroll(to: LogicalPoint(x: offsetX, y: 0), animated: false, timeMilliseconds: 0)
            let rendered = renderer.render(pages, frame: view.frame, into: buffers[index].buffer, showing: contents[index])
            contents[index] = buffers[index].keep(rendered)
            if rendered.slideBytes != 0, rendered.slideBytes % buffers[index].buffer.stride != 0 { slidAcross += 1 }
            let fresh = renderOnce(pages, width: 500, height: 400, offsetX: offsetX)
            let differing = zip(buffers[index].pixels(), fresh.pixels()).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "offset \(offsetX)")
        }
        XCTAssertGreaterThan(slidAcross, 2, "frames moved across slide too")
    }

    func testAScrollingFrameDrawsOnlyTheTilesComingIntoView() {
        let content = layout()
        let renderer = FrameRenderer()
        let buffer = OffscreenFrame(width: 500, height: 400)
        var contents = renderer.render(content, frame: view(content, offsetY: 0).frame, into: buffer.buffer, showing: nil).contents
        let first = renderer.tiles.drawnTileCount
        XCTAssertEqual(first, 2, "500×400 is two rows of one 512×256 px tile")
        for offset in stride(from: 10.0, through: 600, by: 10) {
            contents = renderer.render(content, frame: view(content, offsetY: offset).frame, into: buffer.buffer,
                                       showing: contents).contents
        }
        // Rows 0–1023 have now been in view: two more rows, each drawn once.
        XCTAssertEqual(renderer.tiles.drawnTileCount, first + 2)
    }

    func testDamageIsTheWholeBufferWhenScrollingAndOnlyTheOverlaysWhenTheyFade() {
        let content = layout()
        let renderer = FrameRenderer()
        let buffer = OffscreenFrame(width: 500, height: 400)
        let whole = [DeviceRect(x: 0, y: 0, width: 500, height: 400)]
        var scrolled = view(content, offsetY: 100)
        XCTAssertEqual(renderer.render(content, frame: scrolled.frame, into: buffer.buffer, showing: nil).damage, whole)
        scrolled.advance(to: 1_300)
        let fading = renderer.render(content, frame: scrolled.frame, into: buffer.buffer, showing: nil).damage
        XCTAssertEqual(fading.count, 1, "the indicator only")
        XCTAssertLessThan(fading[0].width * fading[0].height, 10 * 400)
        scrolled.advance(to: 5_000)
        let gone = renderer.render(content, frame: scrolled.frame, into: buffer.buffer, showing: nil).damage
        XCTAssertEqual(gone, fading, "where the faded indicator was")
        XCTAssertEqual(renderer.render(content, frame: scrolled.frame, into: buffer.buffer, showing: nil).damage, [],
                       "nothing changed")
    }

    func testTheTileCacheStaysUnderItsCap() {
        let content = layout()
        let renderer = FrameRenderer(tileCacheCapacityBytes: 8 * 512 * 256 * 4)
        let buffer = OffscreenFrame(width: 500, height: 400)
        var contents: BufferContents?
        for offset in stride(from: 0.0, through: 20_000, by: 150) {
            contents = renderer.render(content, frame: view(content, offsetY: offset).frame, into: buffer.buffer,
                                       showing: contents).contents
            XCTAssertLessThanOrEqual(renderer.tiles.byteCount, renderer.tiles.capacityBytes)
        }
        XCTAssertGreaterThan(renderer.tiles.drawnTileCount, 8, "it had to evict")
    }

    /// The share of non-page pixels that are in between (antialiasing or blur) rather than ink.
    private func softness(_ frame: OffscreenFrame) -> Double {
        let levels = frame.pixels().map { Int(($0 >> 8) & 0xff) }.filter { $0 < 0xF0 }
        return Double(levels.filter { $0 > 0x60 }.count) / Double(levels.count)
    }

    func testAPinchStretchesTheTilesAndASettledZoomDrawsThemSharpAgain() {
        let content = layout()
        let renderer = FrameRenderer()
        let buffer = OffscreenFrame(width: 500, height: 400)
        var frame = view(content, offsetY: 0, flashing: false).frame
        _ = renderer.render(content, frame: frame, into: buffer.buffer, showing: nil)
        let tilesAtOne = renderer.tiles.drawnTileCount
        // The frames of a pinch to zoom 2, then of the settled zoom.
        frame.zoomScale = 2
        frame.phase = .zooming
        _ = renderer.render(content, frame: frame, into: buffer.buffer, showing: nil)
        XCTAssertEqual(renderer.tiles.drawnTileCount, tilesAtOne, "the pinch reuses the tiles at zoom 1")
        let stretched = softness(buffer)
        frame.phase = .idle
        _ = renderer.render(content, frame: frame, into: buffer.buffer, showing: nil)
        XCTAssertGreaterThan(renderer.tiles.drawnTileCount, tilesAtOne, "settled: drawn again at zoom 2")
        XCTAssertLessThan(softness(buffer), stretched * 0.8, "vector text is sharper than stretched pixels")
    }
}
