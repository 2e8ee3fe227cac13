import CCairo
import CPangoCairo
import ScrollEngine

/// A one-line notice over the bottom of the viewport (a file that can no longer be read is
/// still shown from memory, and says so).
extension OverlayRenderer {
    /// Draws `text` on one line, ellipsised to the viewport, on a rounded backdrop of the
    /// overlay ink, centred above the page control's band; returns the rectangle it covered.
    func drawNotice(_ text: String, viewportWidth: Double, viewportHeight: Double, on cairo: OpaquePointer) -> LogicalRect {
        let layout = pango_cairo_create_layout(cairo)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_new()
        pango_font_description_set_family(font, "Sans")
        pango_font_description_set_absolute_size(font, style.noticeSizePixels * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        let padding = style.noticeSizePixels * 0.75
        let maximumWidth = max(viewportWidth - 2 * style.pageControlSideMarginPixels - 2 * padding, 1)
        pango_layout_set_width(layout, Int32(maximumWidth * Double(PANGO_SCALE)))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let textWidth = Double(logical.width) / Double(PANGO_SCALE), textHeight = Double(logical.height) / Double(PANGO_SCALE)
        let width = textWidth + 2 * padding, height = textHeight + padding
        let x = ((viewportWidth - width) / 2).rounded()
        let y = (viewportHeight - style.pageControlClearancePixels - height - padding).rounded()
        let (level, alpha) = style.ink
        // Twice the indicators' strength: text on it must read.
        cairo_set_source_rgba(cairo, level, level, level, min(1, alpha * 2.2))
        let covered = roundedBar(x: x, y: y, width: width, height: height, on: cairo)
        let textLevel = style.isOnDarkContent ? 0.0 : 1.0
        cairo_set_source_rgba(cairo, textLevel, textLevel, textLevel, 1)
        cairo_move_to(cairo, x + padding - Double(logical.x) / Double(PANGO_SCALE), y + padding / 2)
        pango_cairo_show_layout(cairo, layout)
        return covered
    }
}
