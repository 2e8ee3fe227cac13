import CCairo
import CPangoCairo
import DocumentKit

/// One line of plain text (never pango markup: titles are the documents'), cut with an
/// ellipsis at `width`: what the home's and the folder view's labels are.
enum TextLine {
    /// Draws `text` from `x` with its top at `y`, in `font` (a pango description such as
    /// "Sans Bold 15px"), aligned in `width`; returns its height in logical px.
    @discardableResult
    static func draw(_ text: String, font: String, color: Palette.Color, x: Double, y: Double, width: Double,
                     alignment: PangoAlignment = PANGO_ALIGN_LEFT, on cairo: OpaquePointer) -> Double {
        let layout = pango_cairo_create_layout(cairo)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_from_string(font)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_width(layout, Int32(max(width, 1) * Double(PANGO_SCALE)))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_alignment(layout, alignment)
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
        cairo_move_to(cairo, x, y)
        pango_cairo_show_layout(cairo, layout)
        return Double(logical.height) / Double(PANGO_SCALE)
    }

    /// The height of a line in `font`, in logical px.
    static func height(font: String, on cairo: OpaquePointer) -> Double {
        let layout = pango_cairo_create_layout(cairo)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_from_string(font)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_text(layout, "Ag", 2)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.height) / Double(PANGO_SCALE)
    }
}

/// Shapes the home and the folder view share.
enum Shapes {
    static func roundedRect(_ rect: ContentRect, radius: Double, on cairo: OpaquePointer) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, rect.maxX - r, rect.y + r, r, -Double.pi / 2, 0)
        cairo_arc(cairo, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
        cairo_arc(cairo, rect.x + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cairo, rect.x + r, rect.y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
    }

    static func setColor(_ color: Palette.Color, alpha: Double = 1, on cairo: OpaquePointer) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * alpha)
    }

    /// A filled button with a centred label: the Open… and "Remove from recent" buttons.
    static func button(_ label: String, in rect: ContentRect, palette: Palette, on cairo: OpaquePointer) {
        roundedRect(rect, radius: 8, on: cairo)
        setColor(palette.link, on: cairo)
        cairo_fill(cairo)
        let font = "Sans Bold 15px"
        let height = TextLine.height(font: font, on: cairo)
        TextLine.draw(label, font: font, color: palette.page, x: rect.x + 8, y: (rect.y + (rect.height - height) / 2).rounded(),
                      width: rect.width - 16, alignment: PANGO_ALIGN_CENTER, on: cairo)
    }

    /// GTK's focus outline: 2 px of the accent colour around what has the keys.
    static func focusRing(around rect: ContentRect, palette: Palette, on cairo: OpaquePointer) {
        roundedRect(ContentRect(x: rect.x - 4, y: rect.y - 4, width: rect.width + 8, height: rect.height + 8), radius: 10, on: cairo)
        setColor(palette.link, on: cairo)
        cairo_set_line_width(cairo, 2)
        cairo_stroke(cairo)
    }
}
