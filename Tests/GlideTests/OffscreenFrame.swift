import CCairo
import DocumentKit
import Render
import ScrollEngine
import TextKind

/// What Glide draws for a document at rest (at the top, or scrolled to `offsetY` logical px
/// with every section above laid out), rendered offscreen with the same code, to compare a
/// screenshot with.
struct OffscreenFrame {
    let image: RGBImage
    /// The device-pixel size of the rendering (before any stretching to compare).
    let scale: Int

    init(markdown: String, logicalWidth: Int, logicalHeight: Int, scale: Int, offsetY: Double = 0) throws {
        let layout = TextDocument(text: markdown, isMarkdown: true, title: "t").makeLayout(palette: .light)
        layout.setViewportSize(width: Double(logicalWidth), height: Double(logicalHeight))
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: Double(logicalWidth), height: Double(logicalHeight)),
                           margin: offsetY == 0 ? 0 : offsetY + Double(logicalHeight))
        var view = ScrollView(viewportSize: LogicalSize(width: Double(logicalWidth), height: Double(logicalHeight)),
                              contentSize: LogicalSize(width: layout.contentSize.width, height: layout.contentSize.height))
        view.scroll(to: LogicalPoint(x: 0, y: offsetY), animated: false, timeMilliseconds: 0)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(logicalWidth * scale), Int32(logicalHeight * scale))!
        defer { cairo_surface_destroy(surface) }
        let buffer = PixelBuffer(pixels: UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!),
                                 width: logicalWidth * scale, height: logicalHeight * scale,
                                 stride: Int(cairo_image_surface_get_stride(surface)), scale: Double(scale))
        _ = FrameRenderer().render(layout, frame: view.frame, into: buffer, showing: nil)
        cairo_surface_mark_dirty(surface)
        image = try RGBImage(surface: surface)
        self.scale = scale
    }

    /// The mean absolute luminance difference from `screenshot`, comparing each screenshot
    /// pixel with the pixel of this rendering that covers it (nearest neighbour when this
    /// rendering has fewer pixels).
    func meanDifference(from screenshot: RGBImage) -> Double {
        var total = 0.0
        var count = 0
        for y in stride(from: 0, to: screenshot.height, by: 1) {
            for x in stride(from: 0, to: screenshot.width, by: 1) {
                let sourceX = x * image.width / screenshot.width
                let sourceY = y * image.height / screenshot.height
                total += abs(image.luminance(x: sourceX, y: sourceY) - screenshot.luminance(x: x, y: y))
                count += 1
            }
        }
        return total / Double(max(count, 1))
    }
}

extension OffscreenFrame {
    /// The mean absolute luminance difference of two screenshots of the same size.
    static func meanDifference(_ first: RGBImage, _ second: RGBImage) -> Double {
        var total = 0.0
        for y in 0..<min(first.height, second.height) {
            for x in 0..<min(first.width, second.width) {
                total += abs(first.luminance(x: x, y: y) - second.luminance(x: x, y: y))
            }
        }
        return total / Double(max(first.width * first.height, 1))
    }
}
