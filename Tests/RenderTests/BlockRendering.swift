import CCairo
import CPangoCairo
import DocumentKit
import Foundation
import ImageDecoding
@testable import TextKind

/// Blocks laid out as one section and drawn offscreen, for what Markdown cannot say yet (HTML's
/// alignment, image sizes, `<kbd>`): a column `width` − 80 px wide from x = 40, y = 0.
final class RenderedBlocks {
    let frame: OffscreenFrame
    let section: SectionLayout
    private let context: OpaquePointer

    init(_ blocks: [Block], width: Int = 800, height: Int = 400, palette: Palette = .light, images: ImageStore = ImageStore(),
         baseDirectory: String = ".", waitingForImages: Bool = true, scale: Double = 1) {
        context = pango_font_map_create_context(pango_cairo_font_map_get_default())
        // As DocumentLayout sets its context: unhinted metrics, grey antialiasing.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        let shaper = BlockShaper(context: context, typography: Typography(), palette: palette, images: images,
                                 baseDirectory: baseDirectory)
        let column = ColumnGeometry(left: 40, width: Double(width - 80), pageHeight: nil, pageMargin: 0, pageBottomMargin: 0)
        var section = SectionLayout(blocks: blocks, isFirstSection: true, shaper: shaper, column: column,
                                    disclosures: SectionDisclosures(state: DisclosureState(showsEverything: true), scope: 0))
        if waitingForImages, images.isDecoding {
            images.waitForDecodes()
            section = SectionLayout(blocks: blocks, isFirstSection: true, shaper: shaper, column: column,
                                    disclosures: SectionDisclosures(state: DisclosureState(showsEverything: true), scope: 0))
        }
        self.section = section
        frame = OffscreenFrame(width: width, height: height, scale: scale)
        let cairo = cairo_create(frame.surface)!
        cairo_scale(cairo, scale, scale)
        cairo_set_source_rgb(cairo, palette.page.red, palette.page.green, palette.page.blue)
        cairo_paint(cairo)
        section.draw(top: 0, bottom: Double(height), palette: palette, typography: Typography(), on: cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(frame.surface)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(context)) }

    /// Saves the frame as `glide-<name>.png` in the temporary directory, to look at.
    @discardableResult
    func save(_ name: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(name).png").path
        cairo_surface_write_to_png(frame.surface, path)
        return path
    }
}

/// Columns of `frame` (between `rows`) that hold a pixel for which `matches` is true.
func columns(of frame: OffscreenFrame, rows: Range<Int>? = nil, where matches: (UInt32) -> Bool) -> [Int] {
    let rows = rows ?? 0..<frame.height
    return (0..<frame.width).filter { x in rows.contains { matches(frame.pixel(x: x, y: $0)) } }
}

/// Rows of `frame` (between `columns`) that hold a pixel for which `matches` is true.
func rows(of frame: OffscreenFrame, columns: Range<Int>? = nil, where matches: (UInt32) -> Bool) -> [Int] {
    let columns = columns ?? 0..<frame.width
    return (0..<frame.height).filter { y in columns.contains { matches(frame.pixel(x: $0, y: y)) } }
}

/// Whether `pixel` (0xAARRGGBB) is within `tolerance` of `color` in every channel.
func isNear(_ pixel: UInt32, _ color: Palette.Color, tolerance: Double = 0.02) -> Bool {
    abs(Double((pixel >> 16) & 0xff) / 255 - color.red) <= tolerance
        && abs(Double((pixel >> 8) & 0xff) / 255 - color.green) <= tolerance
        && abs(Double(pixel & 0xff) / 255 - color.blue) <= tolerance
}

/// Whether `pixel` is pure red, as the test images are painted.
func isRed(_ pixel: UInt32) -> Bool { pixel & 0xffffff == 0xff0000 }
