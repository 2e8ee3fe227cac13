import CCairo
import CPangoCairo

/// A few words in place of content that cannot be shown (an image that cannot be decoded, a
/// PDF page poppler cannot render): plain text (never pango markup), secondary colour,
/// wrapped and centred in its box.
public enum CentredNotice {
    /// Draws `text` in the box from `left` to `left + width`, `inset` px in from each side,
    /// centred on `centreY`.
    public static func draw(_ text: String, left: Double, width: Double, inset: Double, centreY: Double,
                     palette: Palette, on cairo: OpaquePointer) {
        let layout = pango_cairo_create_layout(cairo)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_from_string("Sans 13")
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_width(layout, Int32(max(width - 2 * inset, 40) * Double(PANGO_SCALE)))
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let height = Double(logical.height) / Double(PANGO_SCALE)
        let colour = palette.secondaryText
        cairo_set_source_rgba(cairo, colour.red, colour.green, colour.blue, colour.alpha)
        cairo_move_to(cairo, left + inset, (centreY - height / 2).rounded())
        pango_cairo_show_layout(cairo, layout)
    }
}
