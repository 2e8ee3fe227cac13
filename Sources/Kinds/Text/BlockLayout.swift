import CCairo
import CPangoCairo
import DocumentKit
import ImageDecoding

/// One block shaped for a column width: its pango layout (or image), and where its lines are,
/// so it can be drawn a line at a time and split between pages.
final class BlockLayout {
    enum Content {
        case text(OpaquePointer)
        /// An image drawn `width`×`height` logical px.
        case image(DecodedImage, width: Double, height: Double)
        /// An image still being decoded: a tinted frame of the size it will take.
        case pendingImage(width: Double, height: Double)
        case rule
        /// A chapter's start: room, and an ornament in its middle.
        case chapterBreak
        /// An image that cannot be shown: the reason, set as text in a framed box.
        case placeholder(OpaquePointer)
        /// A table row: its cells' text, drawn in a grid; moves between pages whole.
        case tableRow([TableCell], isHeader: Bool)
        /// A block inside a closed disclosure: not shaped, no room, nothing drawn.
        case hidden
    }

    /// A cell of a table row: its text, and its column's left edge and width in logical px
    /// from the row's left.
    struct TableCell {
        let layout: OpaquePointer
        let left: Double
        let width: Double
    }

    /// A line of a text layout, in logical px from the top of the block's text.
    struct Line {
        var top: Double
        var bottom: Double
        var baseline: Double
        var x: Double
        /// Whether the line carries on the one before it, wrapped because it was too long (it
        /// does not start after a line break).
        var isContinuation: Bool
    }

    let content: Content
    let lines: [Line]
    /// Where the text starts inside the block (code and placeholders are padded), logical px.
    let inset: Double
    /// The block's height without page gaps, logical px.
    let height: Double
    /// Key caps and images drawn in the text's lines, by line.
    let inlineObjects: [InlineObject]
    /// The worker's font map the block was shaped in, if it was shaped off the loop: held
    /// until `deinit` has released the block's pango layouts, so the map is not shaped with
    /// again while anything made in it is left (`ShapingFontMaps`).
    var fontMapLease: FontMapLease?

    init(content: Content, inset: Double, fixedHeight: Double? = nil, inlineObjects: [InlineObject] = []) {
        self.content = content
        self.inset = inset
        self.inlineObjects = inlineObjects
        switch content {
        case .text(let layout), .placeholder(let layout):
            lines = BlockLayout.lines(of: layout)
            height = (lines.last?.bottom ?? 0).rounded(.up) + 2 * inset
        case .image, .pendingImage, .rule, .chapterBreak, .tableRow, .hidden:
            lines = []
            height = fixedHeight ?? 0
        }
    }

    deinit {
        switch content {
        case .text(let layout), .placeholder(let layout): g_object_unref(UnsafeMutableRawPointer(layout))
        case .tableRow(let cells, _): for cell in cells { g_object_unref(UnsafeMutableRawPointer(cell.layout)) }
        case .image, .pendingImage, .rule, .chapterBreak, .hidden: break
        }
    }

    private static func lines(of layout: OpaquePointer) -> [Line] {
        var lines: [Line] = []
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        let scale = Double(PANGO_SCALE)
        let text = pango_layout_get_text(layout)
        repeat {
            var top: Int32 = 0, bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let start = Int(pango_layout_iter_get_line_readonly(iterator)?.pointee.start_index ?? 0)
            let isContinuation = start > 0 && text.map { $0[start - 1] != 0x0A } ?? false
            lines.append(Line(top: Double(top) / scale, bottom: Double(bottom) / scale,
                              baseline: Double(pango_layout_iter_get_baseline(iterator)) / scale,
                              x: Double(logical.x) / scale, isContinuation: isContinuation))
        } while pango_layout_iter_next_line(iterator) != 0
        return lines
    }

    /// Whether the block is inside a closed disclosure (see `Content.hidden`).
    var isHidden: Bool {
        if case .hidden = content { return true }
        return false
    }

    /// Draws line `index` with its baseline at `baselineY`, left edge at `x`.
    func drawLine(_ index: Int, x: Double, baselineY: Double, on cairo: OpaquePointer) {
        let layout: OpaquePointer
        switch content {
        case .text(let text), .placeholder(let text): layout = text
        case .image, .pendingImage, .rule, .chapterBreak, .tableRow, .hidden: return
        }
        guard let line = pango_layout_get_line_readonly(layout, Int32(index)) else { return }
        let objects = inlineObjects.lazy.filter { $0.line == index }
        for object in objects where object.isBehindText { object.draw(layoutX: x, baselineY: baselineY, on: cairo) }
        cairo_move_to(cairo, x + lines[index].x, baselineY)
        pango_cairo_show_layout_line(cairo, line)
        for object in objects where !object.isBehindText { object.draw(layoutX: x, baselineY: baselineY, on: cairo) }
    }

    /// The decoded images drawn in the text's lines.
    var inlineImages: [(image: DecodedImage, width: Double, height: Double)] {
        inlineObjects.compactMap { object in
            guard case .image(let image) = object.content else { return nil }
            return (image, object.width, object.height)
        }
    }
}
