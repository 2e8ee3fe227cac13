import CCairo
import DocumentKit
import Render
import ScrollEngine
import TestSupport

/// A cairo image surface to render frames into, with pixel reading for assertions. With
/// `roomHeights`, the surface is that many buffer heights taller, room the buffer may slide
/// over as glide's buffers do; `keep` follows the slides.
final class OffscreenFrame {
    let surface: OpaquePointer
    private(set) var buffer: PixelBuffer

    init(width: Int, height: Int, scale: Double = 1, roomHeights: Int = 0) {
        let pixelWidth = Int((Double(width) * scale).rounded()), pixelHeight = Int((Double(height) * scale).rounded())
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight * (1 + roomHeights)))!
        let stride = Int(cairo_image_surface_get_stride(surface))
        buffer = PixelBuffer(pixels: UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!),
                             width: pixelWidth, height: pixelHeight, stride: stride, scale: scale,
                             roomAfterBytes: pixelHeight * roomHeights * stride)
    }

    /// Keeps what a frame rendered into the buffer returned: where its pixels now start.
    func keep(_ rendered: RenderedFrame) -> BufferContents {
        buffer = buffer.sliding(by: rendered.slideBytes)
        return rendered.contents
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// The pixel at column `x`, row `y` (0xAARRGGBB).
    func pixel(x: Int, y: Int) -> UInt32 {
        buffer.pixels.load(fromByteOffset: y * buffer.stride + x * 4, as: UInt32.self)
    }

    /// All pixels of the rows `rows` and columns `columns`, row by row.
    func pixels(rows: Range<Int>? = nil, columns: Range<Int>? = nil) -> [UInt32] {
        let rows = rows ?? 0..<buffer.height, columns = columns ?? 0..<buffer.width
        return rows.flatMap { y in columns.map { x in pixel(x: x, y: y) } }
    }

}

extension OffscreenFrame: InkCounting {
    var width: Int { buffer.width }
    var height: Int { buffer.height }
    func isInk(x: Int, y: Int) -> Bool { isDarkPixel(pixel(x: x, y: y)) }
}

/// A scroll view over `layout` in a `width`×`height` viewport, scrolled to `offsetY`.
func scrollView(for layout: any ContentLayout, width: Double, height: Double, offsetY: Double = 0) -> ScrollView {
    layout.setViewportSize(width: width, height: height)
    var view = ScrollView(viewportSize: LogicalSize(width: width, height: height),
                          contentSize: LogicalSize(width: layout.contentSize.width, height: layout.contentSize.height))
    view.scroll(to: LogicalPoint(x: 0, y: offsetY), animated: false, timeMilliseconds: 0)
    return view
}

/// Renders `layout` once into a new offscreen frame; the engine learns the content size first,
/// as the app does after each frame.
func renderOnce(_ layout: any ContentLayout, width: Int, height: Int, scale: Double = 1, offsetX: Double = 0,
                offsetY: Double = 0, renderer: FrameRenderer = FrameRenderer()) -> OffscreenFrame {
    let frame = OffscreenFrame(width: width, height: height, scale: scale)
    var view = scrollView(for: layout, width: Double(width), height: Double(height))
    // Lay out the first screen so the content is large enough to scroll to the offset.
    _ = layout.prepare(ContentRect(x: offsetX, y: offsetY, width: Double(width), height: Double(height)), margin: 0)
    view.setContentSize(LogicalSize(width: layout.contentSize.width, height: layout.contentSize.height), timeMilliseconds: 0)
    view.scroll(to: LogicalPoint(x: offsetX, y: offsetY), animated: false, timeMilliseconds: 0)
    _ = renderer.render(layout, frame: view.frame, into: frame.buffer, showing: nil)
    return frame
}
