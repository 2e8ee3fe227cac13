import CCairo
import CPangoCairo
import Localization

/// Drawing the outline's rows: single lines of heading text, cut with an ellipsis when too
/// long, in the document's column so the list lines up with the pages below.
extension OutlineListLayout {
    /// Extra indentation per level below 1, in logical px.
    static let indentPerLevelPixels = 20.0
    /// How far the tint reaches past the text column on each side, and its corner radius,
    /// in logical px.
    static let highlightOutsetPixels = 12.0
    static let highlightCornerRadiusPixels = 8.0
    /// The tint's opacity: the link colour at this strength reads as selected on both
    /// palettes without hiding the text (iOS tints a selected row about as lightly).
    static let highlightOpacity = 0.16
    /// The hover tint's opacity: half the highlight's, so the page's row stays the stronger.
    static let hoverOpacity = 0.08
    /// The keyboard focus ring's width in logical px (GTK's focus outline is 2 px).
    static let focusRingWidthPixels = 2.0
    /// The space between a row's title and its page label, in logical px: an em of the body
    /// text, as a table of contents' leader leaves at least.
    static let labelGapPixels = 16.0

    public func draw(_ rect: ContentRect, on cairo: OpaquePointer) {
        guard viewportWidth > 0 else { return }
        let measure = typography.measure(forWindowWidth: viewportWidth)
        let left = ((viewportWidth - measure) / 2).rounded()
        let painter = OutlineRowPainter(palette: palette, typography: typography, viewportWidth: viewportWidth)
        let entries = self.entries
        guard !entries.isEmpty else {
            let note = source.entries == nil ? localized("Reading the outline…") : source.emptyNote
            painter.drawRow(text: note, level: 1, color: palette.secondaryText, in: rowRect(ofHeading: 0), left: left,
                            width: measure, on: cairo)
            return
        }
        let rowHeight = OutlineListLayout.rowHeightPixels, padding = OutlineListLayout.listPaddingPixels
        let first = max(0, Int(((rect.y - padding) / rowHeight).rounded(.down)))
        let last = min(entries.count - 1, Int(((rect.maxY - padding) / rowHeight).rounded(.down)))
        guard first <= last else { return }
        for index in first...last {
            let entry = entries[index]
            let row = rowRect(ofHeading: index)
            if index == highlightedHeading {
                painter.drawHighlight(row, left: left, width: measure, on: cairo)
            } else if index == hoveredHeading {
                painter.drawTint(row, left: left, width: measure, opacity: OutlineListLayout.hoverOpacity, on: cairo)
            }
            if index == focusedHeading { painter.drawFocusRing(row, left: left, width: measure, on: cairo) }
            let level = min(max(entry.level, 1), 6)
            let indent = Double(level - 1) * OutlineListLayout.indentPerLevelPixels
            // The page's label at the row's end, as a printed table of contents gives it.
            let labelWidth = pageLabel(ofHeading: index).map {
                painter.drawTrailing(text: $0, in: row, right: left + measure, maximumWidth: measure / 3, on: cairo) + OutlineListLayout.labelGapPixels
            } ?? 0
            painter.drawRow(text: entry.title, level: level, color: level >= 3 ? palette.secondaryText : palette.text,
                            in: row, left: left + indent, width: measure - indent - labelWidth, on: cairo)
        }
    }
}

/// Draws outline rows, for every outline list: a heading's text on one line, cut with an
/// ellipsis, and the tint of the highlighted row.
struct OutlineRowPainter {
    let palette: Palette
    let typography: Typography
    let viewportWidth: Double

    /// The tint of the row of the page shown.
    func drawHighlight(_ row: ContentRect, left: Double, width: Double, on cairo: OpaquePointer) {
        drawTint(row, left: left, width: width, opacity: OutlineListLayout.highlightOpacity, on: cairo)
    }

    /// A rounded tint of the link colour at `opacity`, a little wider than the column.
    func drawTint(_ row: ContentRect, left: Double, width: Double, opacity: Double, on cairo: OpaquePointer) {
        rowShape(row, left: left, width: width, inset: 2, on: cairo)
        let tint = palette.link
        cairo_set_source_rgba(cairo, tint.red, tint.green, tint.blue, opacity)
        cairo_fill(cairo)
    }

    /// A ring of the link colour just inside the row's rounded shape.
    func drawFocusRing(_ row: ContentRect, left: Double, width: Double, on cairo: OpaquePointer) {
        let ring = OutlineListLayout.focusRingWidthPixels
        rowShape(row, left: left, width: width, inset: 2 + ring / 2, on: cairo)
        let tint = palette.link
        cairo_set_source_rgba(cairo, tint.red, tint.green, tint.blue, 1)
        cairo_set_line_width(cairo, ring)
        cairo_stroke(cairo)
    }

    /// The path of a row's rounded shape, a little wider than the column, `inset` px in from
    /// the row's top and bottom (and from the outset's sides).
    private func rowShape(_ row: ContentRect, left: Double, width: Double, inset: Double, on cairo: OpaquePointer) {
        let outset = OutlineListLayout.highlightOutsetPixels - (inset - 2), radius = OutlineListLayout.highlightCornerRadiusPixels
        let x = max(left - outset, inset - 2), right = min(left + width + outset, viewportWidth - (inset - 2))
        let top = row.y + inset, bottom = row.maxY - inset
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, right - radius, top + radius, radius, -.pi / 2, 0)
        cairo_arc(cairo, right - radius, bottom - radius, radius, 0, .pi / 2)
        cairo_arc(cairo, x + radius, bottom - radius, radius, .pi / 2, .pi)
        cairo_arc(cairo, x + radius, top + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(cairo)
    }

    /// A page label in the secondary colour, its end at `right`, centred in the row; returns
    /// its width in logical px.
    func drawTrailing(text: String, in row: ContentRect, right: Double, maximumWidth: Double, on cairo: OpaquePointer) -> Double {
        let layout = pango_cairo_create_layout(cairo)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_new()
        pango_font_description_set_family(font, "Sans")
        pango_font_description_set_absolute_size(font, typography.bodySizePixels * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        // A label is short; a hostile one is cut.
        pango_layout_set_width(layout, Int32(max(maximumWidth, 1) * Double(PANGO_SCALE)))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let width = Double(logical.width) / Double(PANGO_SCALE), height = Double(logical.height) / Double(PANGO_SCALE)
        let color = palette.secondaryText
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
        cairo_move_to(cairo, right - width, (row.y + (row.height - height) / 2).rounded())
        pango_cairo_show_layout(cairo, layout)
        return width
    }

    /// One line of text at the body size centred in the row; level 1 bold.
    func drawRow(text: String, level: Int, color: Palette.Color, in row: ContentRect, left: Double, width: Double,
                         on cairo: OpaquePointer) {
        let layout = pango_cairo_create_layout(cairo)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_new()
        pango_font_description_set_family(font, "Sans")
        pango_font_description_set_absolute_size(font, typography.bodySizePixels * Double(PANGO_SCALE))
        if level <= 1 { pango_font_description_set_weight(font, PANGO_WEIGHT_BOLD) }
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_width(layout, Int32(max(width, 1) * Double(PANGO_SCALE)))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        // One line even if the heading's text has line breaks (a setext heading's soft breaks).
        pango_layout_set_single_paragraph_mode(layout, 1)
        // Plain text, never markup.
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let height = Double(logical.height) / Double(PANGO_SCALE)
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
        cairo_move_to(cairo, left, (row.y + (row.height - height) / 2).rounded())
        pango_cairo_show_layout(cairo, layout)
    }
}
