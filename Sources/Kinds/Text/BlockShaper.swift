import CCairo
import CPangoCairo
import DocumentKit
import ImageDecoding
import Localization

/// Shapes blocks with pango into `BlockLayout`s: fonts by block kind, inline styles as pango
/// attributes (never markup), images decoded and fitted.
struct BlockShaper {
    let context: OpaquePointer
    let typography: Typography
    let palette: Palette
    let images: ImageStore
    let baseDirectory: String
    /// The last table's plan, which the rows after it reuse.
    let tablePlans = TablePlanCache()

    /// `block` shaped for a column `width` logical px wide; images are at most
    /// `maximumImageHeight` logical px tall.
    func shape(_ block: Block, width: Double, maximumImageHeight: Double) -> BlockLayout {
        switch block.kind {
        case .rule:
            return BlockLayout(content: .rule, inset: 0, fixedHeight: typography.bodySizePixels)
        case .code:
            let padding = typography.codePaddingPixels
            return BlockLayout(content: .text(makeText(block, width: width - 2 * padding)), inset: padding)
        case .heading, .paragraph, .plainText:
            return BlockLayout(content: .text(makeText(block, width: width)), inset: 0)
        case .tableRow(let row):
            return shapeTableRow(row, width: width)
        case .image(let source):
            guard let path = BlockShaper.imagePath(of: source, in: baseDirectory) else {
                return placeholder(for: source, reason: localized("remote images are not loaded"), width: width)
            }
            switch images.image(atPath: path) {
            case .image(let image):
                let size = fitted(image.naturalSize, width: width, maximumImageHeight: maximumImageHeight)
                return BlockLayout(content: .image(image, width: size.width, height: size.height), inset: 0,
                                   fixedHeight: size.height)
            case .pending(let imageSize):
                // The right size once the decoder has read the header; until then a 16:9
                // frame, the shape of most screenshots and photos.
                let size = imageSize.map { fitted($0, width: width, maximumImageHeight: maximumImageHeight) }
                    ?? (width: width, height: min(maximumImageHeight, (width * 9 / 16).rounded()))
                return BlockLayout(content: .pendingImage(width: size.width, height: size.height), inset: 0,
                                   fixedHeight: size.height)
            case .failure(let reason):
                return placeholder(for: source, reason: reason, width: width)
            }
        }
    }

    /// The file an image source names, relative to the document's directory; nil for a URL.
    static func imagePath(of source: String, in baseDirectory: String) -> String? {
        guard !source.contains("://") else { return nil }
        return source.hasPrefix("/") ? source : baseDirectory + "/" + source
    }

    /// One image px per logical px, shrunk to fit the column (and a page).
    private func fitted(_ size: ImageSize, width: Double, maximumImageHeight: Double) -> (width: Double, height: Double) {
        let fit = min(1, width / Double(max(size.width, 1)), maximumImageHeight / Double(max(size.height, 1)))
        return (Double(size.width) * fit, (Double(size.height) * fit).rounded())
    }

    /// A framed one-line notice in the image's place.
    private func placeholder(for source: String, reason: String, width: Double) -> BlockLayout {
        let padding = typography.codePaddingPixels
        let message = Block(kind: .paragraph, text: localized("⚠ '%1$s' cannot be shown: %2$s", source, reason))
        return BlockLayout(content: .placeholder(makeText(message, width: width - 2 * padding)), inset: padding)
    }

    private func makeText(_ block: Block, width: Double) -> OpaquePointer {
        let layout = makeText(block.text, styles: block.styles, family: typography.fontFamily(for: block.kind),
                              sizePixels: typography.fontSize(for: block.kind), isBold: typography.isBold(block.kind),
                              width: width)
        if block.kind == .plainText { setTabStops(of: layout) }
        ListMarkerIndent.hang(layout, for: block)
        return layout
    }

    /// A pango layout of `text` (plain, never markup) wrapped at `width` logical px.
    func makeText(_ text: String, styles: [InlineStyle], family: String, sizePixels: Double, isBold: Bool,
                  width: Double) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        let font = pango_font_description_new()
        pango_font_description_set_family(font, family)
        pango_font_description_set_absolute_size(font, sizePixels * Double(PANGO_SCALE))
        if isBold {
            pango_font_description_set_weight(font, PANGO_WEIGHT_BOLD)
        }
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_width(layout, Int32(max(width, 1) * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_line_spacing(layout, Float(typography.lineSpacing))
        // Plain text, never markup: a document containing `<span>` shows those characters.
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        if !styles.isEmpty {
            let attributes = pango_attr_list_new()
            for style in styles { add(style, to: attributes) }
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }
        return layout
    }

    /// Tab stops every `typography.tabStopColumns` columns of the layout's monospace font, so
    /// logs and aligned columns keep their columns. Pango repeats the last stop's interval.
    private func setTabStops(of layout: OpaquePointer) {
        let probe = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(probe)) }
        pango_layout_set_font_description(probe, pango_layout_get_font_description(layout))
        let spaces = String(repeating: " ", count: typography.tabStopColumns)
        pango_layout_set_text(probe, spaces, Int32(spaces.utf8.count))
        var width: Int32 = 0
        pango_layout_get_size(probe, &width, nil)
        let tabs = pango_tab_array_new(1, 0)
        pango_tab_array_set_tab(tabs, 0, PANGO_TAB_LEFT, max(width, 1))
        pango_layout_set_tabs(layout, tabs)
        pango_tab_array_free(tabs)
    }

    private func add(_ style: InlineStyle, to list: OpaquePointer?) {
        var attributes: [UnsafeMutablePointer<PangoAttribute>?] = []
        switch style.kind {
        case .emphasis:
            attributes.append(pango_attr_style_new(PANGO_STYLE_ITALIC))
        case .strong:
            attributes.append(pango_attr_weight_new(PANGO_WEIGHT_BOLD))
        case .code:
            attributes.append(pango_attr_family_new("Monospace"))
            // The body's x-height in monospace (as code blocks: 15 px against 17).
            attributes.append(pango_attr_scale_new(typography.codeSizePixels / typography.bodySizePixels))
            attributes.append(color(palette.codeBackground, pango_attr_background_new))
        case .link:
            attributes.append(color(palette.link, pango_attr_foreground_new))
            attributes.append(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE))
        case .strikethrough:
            attributes.append(pango_attr_strikethrough_new(1))
        case .superscript:
            // Raised by a third of the body size at 70 %: the usual superscript of a footnote.
            attributes.append(pango_attr_rise_new(Int32(typography.bodySizePixels / 3 * Double(PANGO_SCALE))))
            attributes.append(pango_attr_scale_new(0.7))
            attributes.append(color(palette.link, pango_attr_foreground_new))
        case .subscript:
            // Lowered by a fifth of the body size at 70 %, as browsers set `<sub>`.
            attributes.append(pango_attr_rise_new(-Int32(typography.bodySizePixels / 5 * Double(PANGO_SCALE))))
            attributes.append(pango_attr_scale_new(0.7))
        case .keyboard:
            attributes.append(pango_attr_family_new("Monospace"))
            attributes.append(pango_attr_scale_new(typography.codeSizePixels / typography.bodySizePixels))
            attributes.append(color(palette.codeBackground, pango_attr_background_new))
        case .imageLabel:
            // Small and muted, as a browser with images off shows an image's alt text.
            attributes.append(pango_attr_scale_new(0.8))
            attributes.append(color(palette.secondaryText, pango_attr_foreground_new))
        case .inlineImage:
            break
        }
        for attribute in attributes {
            guard let attribute else { continue }
            attribute.pointee.start_index = UInt32(style.utf8Range.lowerBound)
            attribute.pointee.end_index = UInt32(style.utf8Range.upperBound)
            pango_attr_list_insert(list, attribute)
        }
    }

    private func color(_ color: Palette.Color,
                       _ make: (UInt16, UInt16, UInt16) -> UnsafeMutablePointer<PangoAttribute>?)
        -> UnsafeMutablePointer<PangoAttribute>? {
        make(UInt16(color.red * 65535), UInt16(color.green * 65535), UInt16(color.blue * 65535))
    }
}
