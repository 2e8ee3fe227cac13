import CCairo
import CPangoCairo
import DocumentKit
import Localization
import ScrollEngine

/// Draws a `ReadingOverlay`: highlights and the selection over the content, then the find
/// field, a link's target and the help card over the window. Returns the logical rectangles
/// it covered, so the next frame repairs the content under them.
struct ReadingOverlayRenderer {
    let overlay: ReadingOverlay
    let isOnDarkContent: Bool

    /// A covered rectangle, logical px.
    typealias Rect = (x: Double, y: Double, width: Double, height: Double)

    /// Find highlights after GTK's and browsers' yellow, the current match orange; the
    /// selection a light tint of GNOME's accent blue (#3584e4). On a light page they multiply
    /// the drawn text, as a highlighter pen does, so black text stays black; on a dark page
    /// they are laid over it at the alpha given (screen blending would wash light text out).
    static let matchColor = (red: 1.0, green: 0.9, blue: 0.3, alpha: 0.4)
    static let currentMatchColor = (red: 1.0, green: 0.6, blue: 0.15, alpha: 0.55)
    static let selectionColor = (red: 0.7, green: 0.82, blue: 1.0, alpha: 0.35)
    static let accent = (red: 0.208, green: 0.518, blue: 0.894)

    /// The colour of a field's error: libadwaita's error red, #c01c28 on a light background
    /// and #ff7b63 on a dark one (`@error_color` of its light and dark styles).
    static func errorInk(isOnDarkContent: Bool) -> (red: Double, green: Double, blue: Double) {
        // The card is the page's opposite: dark over a light page, light over a dark one.
        isOnDarkContent ? (0.753, 0.110, 0.157) : (1.0, 0.482, 0.388)
    }

    /// Draws what sits on the content, which shows at `zoom` from logical offset `offset`.
    func drawOnContent(offsetX: Double, offsetY: Double, zoom: Double, viewportWidth: Double, viewportHeight: Double,
                       on cairo: OpaquePointer) -> [LogicalRect] {
        drawContentLayers(offsetX: offsetX, offsetY: offsetY, zoom: zoom, viewportHeight: viewportHeight, on: cairo)
            .map(LogicalRect.init)
    }

    private func drawContentLayers(offsetX: Double, offsetY: Double, zoom: Double, viewportHeight: Double,
                                   on cairo: OpaquePointer) -> [Rect] {
        func window(_ rect: ContentRect) -> ContentRect {
            ContentRect(x: rect.x * zoom - offsetX, y: rect.y * zoom - offsetY, width: rect.width * zoom,
                        height: rect.height * zoom)
        }
        var covered: [Rect] = []
        // The current match in its own colour only, not tinted twice.
        let others = overlay.matchRects.filter { !overlay.currentMatchRects.contains($0) }
        let layers = [(others, ReadingOverlayRenderer.matchColor),
                      (overlay.currentMatchRects, ReadingOverlayRenderer.currentMatchColor),
                      (overlay.selectionRects, ReadingOverlayRenderer.selectionColor)]
        cairo_save(cairo)
        if !isOnDarkContent { cairo_set_operator(cairo, CAIRO_OPERATOR_MULTIPLY) }
        for (rects, color) in layers {
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, isOnDarkContent ? color.alpha : 1)
            for rect in rects.map(window) where rect.maxY > 0 && rect.y < viewportHeight {
                cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
                covered.append((rect.x, rect.y, rect.width, rect.height))
            }
            cairo_fill(cairo)
        }
        cairo_restore(cairo)
        if let handles = overlay.selectionHandles {
            covered += drawHandle(caret: window(handles.start), isStart: true, on: cairo)
            covered += drawHandle(caret: window(handles.end), isStart: false, on: cairo)
        }
        return covered
    }

    /// A caret bar with a round knob, which a finger drags to move that end of the selection.
    private func drawHandle(caret: ContentRect, isStart: Bool, on cairo: OpaquePointer) -> [Rect] {
        let accent = ReadingOverlayRenderer.accent
        cairo_set_source_rgb(cairo, accent.red, accent.green, accent.blue)
        cairo_rectangle(cairo, caret.x - 1, caret.y, 2, caret.height)
        cairo_fill(cairo)
        let knob = ReadingOverlayGeometry.handleKnob(caret: caret, isStart: isStart)
        let radius = ReadingOverlayGeometry.handleKnobRadiusPixels
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, knob.x, knob.y, radius, 0, 2 * Double.pi)
        cairo_fill(cairo)
        return [(caret.x - radius, min(caret.y, knob.y - radius), 2 * radius, caret.height + 2 * radius + 1)]
    }

    /// Draws what sits on the window: the touch find button, the find field, a tooltip, help.
    func drawOnWindow(viewportWidth: Double, viewportHeight: Double, on cairo: OpaquePointer) -> [LogicalRect] {
        var covered: [Rect] = []
        if overlay.findButtonOpacity > 0 { covered.append(drawFindButton(viewportWidth: viewportWidth, on: cairo)) }
        if let field = overlay.findField {
            covered.append(drawField(text: field.query, preedit: field.preedit, placeholder: localized("Find in document"),
                                     status: field.status, viewportWidth: viewportWidth, on: cairo))
        }
        if let entry = overlay.pageEntry {
            covered.append(drawField(text: entry.text, preedit: entry.preedit, placeholder: localized("Page number or label"),
                                     status: entry.status, isError: entry.isError, viewportWidth: viewportWidth, on: cairo))
        }
        if let tooltip = overlay.tooltip {
            covered.append(drawTooltip(tooltip, viewportWidth: viewportWidth, viewportHeight: viewportHeight, on: cairo))
        }
        if overlay.isHelpShown { covered.append(drawHelp(viewportWidth: viewportWidth, viewportHeight: viewportHeight, on: cairo)) }
        return covered.map(LogicalRect.init)
    }

    /// The card colours: the page's opposite at high opacity, as GNOME's OSD bubbles.
    private var card: (level: Double, alpha: Double, ink: Double) {
        isOnDarkContent ? (0.92, 0.96, 0.1) : (0.16, 0.94, 0.96)
    }

    private func drawFindButton(viewportWidth: Double, on cairo: OpaquePointer) -> Rect {
        let center = ReadingOverlayGeometry.findButtonCenter(windowWidth: viewportWidth)
        let opacity = overlay.findButtonOpacity
        // The close button's look (13 px disc in the overlay ink), with a magnifier drawn in.
        let radius = WindowControls().closeRadiusPixels
        let ink = isOnDarkContent ? (1.0, 0.5) : (0.0, 0.35)
        cairo_set_source_rgba(cairo, ink.0, ink.0, ink.0, ink.1 * opacity)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, center.x, center.y, radius, 0, 2 * Double.pi)
        cairo_fill(cairo)
        let background = isOnDarkContent ? 0.0 : 1.0
        cairo_set_source_rgba(cairo, background, background, background, opacity)
        cairo_set_line_width(cairo, 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, center.x - 1.5, center.y - 1.5, 4.5, 0, 2 * Double.pi)
        cairo_move_to(cairo, center.x + 1.8, center.y + 1.8)
        cairo_line_to(cairo, center.x + 5.5, center.y + 5.5)
        cairo_stroke(cairo)
        return (center.x - radius, center.y - radius, 2 * radius, 2 * radius)
    }

    /// A one-line entry on a card at the find field's place: the text typed (or `placeholder`)
    /// with a caret, and `status` at its end (in red when it says what is wrong).
    private func drawField(text typed: String, preedit: String, placeholder: String, status statusText: String,
                           isError: Bool = false, viewportWidth: Double, on cairo: OpaquePointer) -> Rect {
        let rect = ReadingOverlayGeometry.findFieldRect(windowWidth: viewportWidth)
        let card = self.card
        cairo_set_source_rgba(cairo, card.level, card.level, card.level, card.alpha)
        roundedRectangle(rect, radius: 10, on: cairo)
        cairo_fill(cairo)
        let padding = 14.0
        let text = TextLine(cairo: cairo, sizePixels: 16)
        let status = TextLine(cairo: cairo, sizePixels: 14)
        // The status keeps at most two thirds of the field, room for a one-line error beside a
        // short page number; a longer one is cut.
        status.setText(statusText, maximumWidth: (rect.width - 2 * padding) * 2 / 3)
        let statusWidth = status.width
        if isError {
            let error = ReadingOverlayRenderer.errorInk(isOnDarkContent: isOnDarkContent)
            cairo_set_source_rgb(cairo, error.red, error.green, error.blue)
        } else {
            cairo_set_source_rgba(cairo, card.ink, card.ink, card.ink, 0.6)
        }
        status.show(x: rect.maxX - padding - statusWidth, centerY: rect.y + rect.height / 2)
        // The query, its end kept in view, with a caret after it.
        let shown = typed + preedit
        text.setText(shown.isEmpty ? placeholder : shown)
        let available = rect.width - 3 * padding - statusWidth
        cairo_save(cairo)
        cairo_rectangle(cairo, rect.x + padding, rect.y, available, rect.height)
        cairo_clip(cairo)
        let x = rect.x + padding - max(0, text.width - available)
        cairo_set_source_rgba(cairo, card.ink, card.ink, card.ink, shown.isEmpty ? 0.45 : 1)
        text.show(x: x, centerY: rect.y + rect.height / 2)
        if !preedit.isEmpty {
            text.setText(typed)
            let start = x + text.width
            text.setText(shown)
            cairo_rectangle(cairo, start, rect.y + rect.height / 2 + 9, x + text.width - start, 1)
            cairo_fill(cairo)
        }
        text.setText(shown)
        let caretX = shown.isEmpty ? rect.x + padding : x + text.width + 1
        let accent = ReadingOverlayRenderer.accent
        cairo_set_source_rgb(cairo, accent.red, accent.green, accent.blue)
        cairo_rectangle(cairo, caretX, rect.y + rect.height / 2 - 10, 2, 20)
        cairo_fill(cairo)
        cairo_restore(cairo)
        return (rect.x, rect.y, rect.width, rect.height)
    }

    private func drawTooltip(_ tooltip: ReadingOverlay.Tooltip, viewportWidth: Double, viewportHeight: Double,
                             on cairo: OpaquePointer) -> Rect {
        let line = TextLine(cairo: cairo, sizePixels: 13)
        line.setText(tooltip.text, maximumWidth: viewportWidth - 4 * ReadingOverlayGeometry.marginPixels)
        let padding = 8.0
        let width = line.width + 2 * padding, height = 30.0
        // Below the point, clear of a fingertip (22 px: half the touch target), kept inside the window.
        let x = min(max(tooltip.x - width / 2, ReadingOverlayGeometry.marginPixels),
                    viewportWidth - width - ReadingOverlayGeometry.marginPixels)
        var y = tooltip.y + 22
        if y + height > viewportHeight - ReadingOverlayGeometry.marginPixels { y = tooltip.y - 22 - height }
        let rect = ContentRect(x: x, y: y, width: width, height: height)
        let card = self.card
        cairo_set_source_rgba(cairo, card.level, card.level, card.level, card.alpha)
        roundedRectangle(rect, radius: 6, on: cairo)
        cairo_fill(cairo)
        cairo_set_source_rgb(cairo, card.ink, card.ink, card.ink)
        line.show(x: x + padding, centerY: y + height / 2)
        return (rect.x, rect.y, rect.width, rect.height)
    }

    private func drawHelp(viewportWidth: Double, viewportHeight: Double, on cairo: OpaquePointer) -> Rect {
        let margin = 24.0
        let width = min(720, viewportWidth - 2 * margin)
        let layout = pango_cairo_create_layout(cairo)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_width(layout, Int32((width - 2 * margin) * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        // Topics in bold through attributes, never markup (the text has backquotes and plus signs).
        let title = localized("How to move")
        var text = title + "\n"
        let attributes = pango_attr_list_new()
        func bold(_ range: Range<Int>, scale: Double = 1) {
            let weight = pango_attr_weight_new(PANGO_WEIGHT_BOLD)!
            weight.pointee.start_index = UInt32(range.lowerBound)
            weight.pointee.end_index = UInt32(range.upperBound)
            pango_attr_list_insert(attributes, weight)
            if scale != 1, let size = pango_attr_scale_new(scale) {
                size.pointee.start_index = UInt32(range.lowerBound)
                size.pointee.end_index = UInt32(range.upperBound)
                pango_attr_list_insert(attributes, size)
            }
        }
        bold(0..<title.utf8.count, scale: 1.3)
        for item in HelpText.localizedItems {
            text += "\n"
            let start = text.utf8.count
            text += item.topic
            bold(start..<text.utf8.count)
            text += ": " + item.text.replacingBackquotes + "\n"
        }
        text += "\n" + localized("F1, ? or Escape closes this card.")
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        // The body's 15 px, smaller in a small window until the whole card fits (11 px is
        // still legible on a phone-sized window).
        var textHeight = 0.0
        for size in [15.0, 13.0, 11.0] {
            let font = pango_font_description_from_string("Sans")
            pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
            pango_layout_set_font_description(layout, font)
            pango_font_description_free(font)
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            textHeight = Double(logical.height) / Double(PANGO_SCALE)
            if textHeight + 4 * margin <= viewportHeight { break }
        }
        let height = min(textHeight + 2 * margin, viewportHeight - 2 * margin)
        let rect = ContentRect(x: ((viewportWidth - width) / 2).rounded(), y: max(margin, ((viewportHeight - height) / 2).rounded()),
                               width: width, height: height)
        // A dimmed window behind the card, so the card reads as on top of the document.
        cairo_set_source_rgba(cairo, 0, 0, 0, 0.25)
        cairo_rectangle(cairo, 0, 0, viewportWidth, viewportHeight)
        cairo_fill(cairo)
        let card = self.card
        cairo_set_source_rgb(cairo, card.level, card.level, card.level)
        roundedRectangle(rect, radius: 14, on: cairo)
        cairo_fill(cairo)
        cairo_save(cairo)
        roundedRectangle(rect, radius: 14, on: cairo)
        cairo_clip(cairo)
        cairo_set_source_rgb(cairo, card.ink, card.ink, card.ink)
        cairo_move_to(cairo, rect.x + margin, rect.y + margin)
        pango_cairo_show_layout(cairo, layout)
        cairo_restore(cairo)
        return (0, 0, viewportWidth, viewportHeight)
    }

    private func roundedRectangle(_ rect: ContentRect, radius: Double, on cairo: OpaquePointer) {
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, rect.maxX - radius, rect.y + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cairo, rect.maxX - radius, rect.maxY - radius, radius, 0, Double.pi / 2)
        cairo_arc(cairo, rect.x + radius, rect.maxY - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cairo, rect.x + radius, rect.y + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
    }
}

/// One line of plain text (never markup) laid out with pango for an overlay.
private final class TextLine {
    private let cairo: OpaquePointer
    private let layout: OpaquePointer

    init(cairo: OpaquePointer, sizePixels: Double) {
        self.cairo = cairo
        layout = pango_cairo_create_layout(cairo)!
        let font = pango_font_description_from_string("Sans")
        pango_font_description_set_absolute_size(font, sizePixels * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_single_paragraph_mode(layout, 1)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    func setText(_ text: String, maximumWidth: Double? = nil) {
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        if let maximumWidth {
            pango_layout_set_width(layout, Int32(maximumWidth * Double(PANGO_SCALE)))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
        }
    }

    var width: Double {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }

    func show(x: Double, centerY: Double) {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        cairo_move_to(cairo, x, centerY - Double(logical.height) / Double(PANGO_SCALE) / 2)
        pango_cairo_show_layout(cairo, layout)
    }
}

extension String {
    /// The help text with its code marks (`q`) shown as quotes, as a card has no code font.
    var replacingBackquotes: String {
        String(map { $0 == "`" ? "‘" : $0 }).replacingFirstQuotes
    }

    /// Alternate opening and closing quotes for the marks that came in pairs.
    private var replacingFirstQuotes: String {
        var isOpen = false
        return String(map { character in
            guard character == "‘" else { return character }
            defer { isOpen.toggle() }
            return isOpen ? "’" : "‘"
        })
    }
}

extension LogicalRect {
    init(_ rect: ReadingOverlayRenderer.Rect) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }
}
