import CCairo
import CPangoCairo

/// The document laid out in a column of a given width: where each block is and how tall the
/// whole is, in logical px. Text is shaped by pango and drawn by cairo.
public final class DocumentLayout {
    public let document: Document
    public let typography: Typography
    public var palette: Palette
    /// The width the document was last laid out for, in logical px.
    public private(set) var width = 0.0
    /// The height of the whole document in logical px.
    public private(set) var contentHeight = 0.0

    private let context: OpaquePointer
    private var placed: [PlacedBlock] = []

    private struct PlacedBlock {
        let layout: OpaquePointer?
        let block: Block
        /// Top of the block's box in content coordinates (logical px).
        let top: Double
        let height: Double
        let left: Double
        let width: Double
    }

    public init(document: Document, typography: Typography = Typography(), palette: Palette = .light) {
        self.document = document
        self.typography = typography
        self.palette = palette
        context = pango_font_map_create_context(pango_cairo_font_map_get_default())
        // Unhinted metrics keep the layout the same at every scale, so text does not reflow
        // when the window moves to a HiDPI output; glyphs are still rendered for the device.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        releaseLayouts()
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// Lays the document out for a window `width` logical px wide.
    public func layout(width: Double) {
        guard width != self.width || placed.isEmpty else { return }
        self.width = width
        releaseLayouts()
        let measure = min(typography.maximumMeasurePixels, max(width - 2 * typography.minimumSideMarginPixels, 40))
        let columnLeft = ((width - measure) / 2).rounded()
        var y = typography.pageMarginPixels
        for block in document.blocks {
            y += placed.isEmpty ? 0 : typography.spaceBefore(block.kind)
            let indent = Double(block.quoteDepth + block.listDepth) * typography.indentPixels
            let left = columnLeft + indent
            let blockWidth = max(measure - indent, 40)
            let layout: OpaquePointer?
            let height: Double
            switch block.kind {
            case .rule:
                layout = nil
                height = typography.bodySizePixels
            case .code:
                let padding = typography.codePaddingPixels
                let textLayout = makeLayout(for: block, width: blockWidth - 2 * padding)
                layout = textLayout
                height = pixelHeight(of: textLayout) + 2 * padding
            case .heading, .paragraph:
                let textLayout = makeLayout(for: block, width: blockWidth)
                layout = textLayout
                height = pixelHeight(of: textLayout)
            }
            placed.append(PlacedBlock(layout: layout, block: block, top: y, height: height, left: left, width: blockWidth))
            y += height + typography.spaceAfter(block.kind)
        }
        contentHeight = (y + typography.pageMarginPixels).rounded(.up)
    }

    /// Draws the blocks that meet the band from `top` to `bottom` (content coordinates, logical
    /// px) onto `cairo`, whose user space must map content coordinates.
    public func draw(on cairo: OpaquePointer, top: Double, bottom: Double) {
        var index = firstBlock(endingBelow: top)
        while index < placed.count, placed[index].top < bottom {
            draw(placed[index], on: cairo)
            index += 1
        }
    }

    private func draw(_ item: PlacedBlock, on cairo: OpaquePointer) {
        let quoteBarWidth = 3.0
        for depth in 0..<item.block.quoteDepth {
            set(palette.rule, on: cairo)
            let x = item.left - Double(item.block.quoteDepth - depth) * typography.indentPixels + 4
            cairo_rectangle(cairo, x, item.top, quoteBarWidth, item.height)
            cairo_fill(cairo)
        }
        switch item.block.kind {
        case .rule:
            set(palette.rule, on: cairo)
            cairo_rectangle(cairo, item.left, item.top + item.height / 2, item.width, 1)
            cairo_fill(cairo)
        case .code:
            set(palette.codeBackground, on: cairo)
            cairo_rectangle(cairo, item.left, item.top, item.width, item.height)
            cairo_fill(cairo)
            show(item.layout, at: item.left + typography.codePaddingPixels,
                 item.top + typography.codePaddingPixels, color: palette.text, on: cairo)
        case .heading, .paragraph:
            let color = item.block.quoteDepth > 0 ? palette.secondaryText : palette.text
            show(item.layout, at: item.left, item.top, color: color, on: cairo)
        }
    }

    private func show(_ layout: OpaquePointer?, at x: Double, _ y: Double, color: Palette.Color, on cairo: OpaquePointer) {
        guard let layout else { return }
        set(color, on: cairo)
        cairo_move_to(cairo, x, y)
        pango_cairo_show_layout(cairo, layout)
    }

    private func set(_ color: Palette.Color, on cairo: OpaquePointer) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }

    /// The index of the first block whose bottom is below `y`.
    private func firstBlock(endingBelow y: Double) -> Int {
        var low = 0
        var high = placed.count
        while low < high {
            let middle = (low + high) / 2
            if placed[middle].top + placed[middle].height <= y {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    private func makeLayout(for block: Block, width: Double) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        let font = pango_font_description_new()
        pango_font_description_set_family(font, typography.fontFamily(for: block.kind))
        pango_font_description_set_absolute_size(font, typography.fontSize(for: block.kind) * Double(PANGO_SCALE))
        if typography.isBold(block.kind) {
            pango_font_description_set_weight(font, PANGO_WEIGHT_BOLD)
        }
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_line_spacing(layout, Float(typography.lineSpacing))
        // Plain text, never markup: a document containing `<span>` shows those characters.
        pango_layout_set_text(layout, block.text, -1)
        return layout
    }

    private func pixelHeight(of layout: OpaquePointer) -> Double {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return (Double(logical.height) / Double(PANGO_SCALE)).rounded(.up)
    }

    private func releaseLayouts() {
        for item in placed {
            if let layout = item.layout { g_object_unref(UnsafeMutableRawPointer(layout)) }
        }
        placed.removeAll()
    }
}
