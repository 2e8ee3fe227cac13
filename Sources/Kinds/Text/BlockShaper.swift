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
    /// The blocks' images: the store on the loop's thread, what the loop looked up on a worker.
    let images: BlockImages
    /// The font map `context` belongs to when it is a worker's (`ShapingFontMaps`): every
    /// block shaped here holds it, so the map is not shaped with again while one is drawn.
    let fontMapLease: FontMapLease?
    /// The last table's plan, which the rows after it reuse.
    let tablePlans = TablePlanCache()
    /// Fonts measured for key caps and inline images while this shaper works.
    let fontMetricsCache = FontMetricsCache()

    /// A shaper on the loop's thread, with its store of images.
    init(context: OpaquePointer, typography: Typography, palette: Palette, images: ImageStore, baseDirectory: String) {
        self.init(context: context, typography: typography, palette: palette,
                  images: .store(images, baseDirectory: baseDirectory), fontMapLease: nil)
    }

    /// A shaper with images as `images` gives them, shaping in `context`, whose font map is
    /// `fontMapLease`'s when it is a worker's.
    init(context: OpaquePointer, typography: Typography, palette: Palette, images: BlockImages, fontMapLease: FontMapLease?) {
        self.context = context
        self.typography = typography
        self.palette = palette
        self.images = images
        self.fontMapLease = fontMapLease
    }

    /// `block` shaped for a column `width` logical px wide; images are at most
    /// `maximumImageHeight` logical px tall.
    func shape(_ block: Block, width: Double, maximumImageHeight: Double) -> BlockLayout {
        switch block.kind {
        case .rule, .noteRule:
            return BlockLayout(content: .rule, inset: 0, fixedHeight: typography.bodySizePixels)
        case .chapterBreak:
            return BlockLayout(content: .chapterBreak, inset: 0, fixedHeight: typography.chapterBreakHeightPixels)
        case .code:
            let padding = typography.codePaddingPixels
            let text = makeText(block, width: width - 2 * padding)
            return BlockLayout(content: .text(text.layout), inset: padding, inlineObjects: text.inlineObjects)
        case .heading, .paragraph, .plainText, .note, .caption:
            let text = makeText(block, width: width)
            return BlockLayout(content: .text(text.layout), inset: 0, inlineObjects: text.inlineObjects)
        case .tableRow(let row):
            return shapeTableRow(row, width: width)
        case .image(let lightSource, let darkSource):
            let source = palette.isDark ? darkSource ?? lightSource : lightSource
            guard let state = images.state(ofSource: source) else {
                return placeholder(for: source, reason: localized("remote images are not loaded"), width: width)
            }
            switch state {
            case .image(let image, let naturalSize):
                let size = fitted(naturalSize, asking: block.imageSize, width: width,
                                  maximumImageHeight: maximumImageHeight)
                return BlockLayout(content: .image(image, width: size.width, height: size.height), inset: 0,
                                   fixedHeight: size.height)
            case .pending(let imageSize):
                // The right size once the decoder has read the header; until then a 16:9
                // frame, the shape of most screenshots and photos.
                let size = fitted(imageSize, asking: block.imageSize, width: width, maximumImageHeight: maximumImageHeight)
                return BlockLayout(content: .pendingImage(width: size.width, height: size.height), inset: 0,
                                   fixedHeight: size.height)
            case .failure(let reason):
                return placeholder(for: source, reason: reason, width: width)
            }
        }
    }

    /// The disclosure triangle before a summary: ▾ open, ▸ closed, as GitHub marks
    /// `<summary>`, in DejaVu Sans (whose triangles are drawn at text size; a fallback font
    /// may draw emoji) at the summary's size.
    func shapeMarker(isOpen: Bool, for block: Block) -> BlockLayout {
        let marker = isOpen ? "▾" : "▸", size = typography.fontSize(for: block.kind)
        // Four ems: room for the one glyph, so it never wraps.
        return BlockLayout(content: .text(makeText(marker, styles: [], family: "DejaVu Sans", sizePixels: size,
                                                   isBold: false, width: 4 * size)), inset: 0)
    }

    /// What `images` is asked for to show an image `source`: the source itself, a key, in a
    /// store that reads from a bytes source (a book's entries); else the file it names,
    /// relative to the document's directory, or nil for a URL.
    static func imagePath(of source: String, in baseDirectory: String, readingFrom images: ImageStore) -> String? {
        if images.bytesSource != nil { return source }
        guard !source.contains("://") else { return nil }
        return source.hasPrefix("/") ? source : baseDirectory + "/" + source
    }

    /// The size `requested` (HTML's `width` and `height`, the missing one from the image's
    /// aspect), else one image px per logical px; shrunk, aspect kept, to fit the column
    /// `width` (and a page). An image whose size is not known yet (`natural` nil) is taken
    /// as 16:9, the shape of most screenshots and photos.
    private func fitted(_ natural: ImageSize?, asking requested: RequestedImageSize?, width column: Double,
                        maximumImageHeight: Double) -> (width: Double, height: Double) {
        let aspect = natural.map { Double(max($0.width, 1)) / Double(max($0.height, 1)) } ?? 16 / 9
        func usable(_ value: Double?) -> Double? { value.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } }
        let requestedWidth = usable(requested?.width).map { requested?.widthIsPercent == true ? column * $0 / 100 : $0 }
        let requestedHeight = usable(requested?.height)
        var size: (width: Double, height: Double)
        switch (requestedWidth, requestedHeight) {
        case let (width?, height?): size = (width, height)
        case let (width?, nil): size = (width, width / aspect)
        case let (nil, height?): size = (height * aspect, height)
        case (nil, nil):
            size = natural.map { (Double(max($0.width, 1)), Double(max($0.height, 1))) } ?? (column, column / aspect)
        }
        let fit = min(1, column / size.width, maximumImageHeight / size.height)
        return (size.width * fit, max((size.height * fit).rounded(), 1))
    }

    /// A framed one-line notice in the image's place.
    private func placeholder(for source: String, reason: String, width: Double) -> BlockLayout {
        let padding = typography.codePaddingPixels
        let message = Block(kind: .paragraph, text: localized("⚠ '%1$s' cannot be shown: %2$s", source, reason))
        return BlockLayout(content: .placeholder(makeText(message, width: width - 2 * padding).layout), inset: padding)
    }

    private func makeText(_ block: Block, width: Double) -> (layout: OpaquePointer, inlineObjects: [InlineObject]) {
        let sizePixels = typography.fontSize(for: block.kind)
        let text = makeShapedText(block.text, styles: block.styles, family: typography.fontFamily(for: block.kind),
                                  sizePixels: sizePixels, isBold: typography.isBold(block.kind),
                                  width: width, alignment: block.alignment)
        if block.kind == .plainText { setTabStops(of: text.layout) }
        if block.style.isJustified { pango_layout_set_justify(text.layout, 1) }
        if block.style.textIndentEms != 0, !block.continuesPrevious {
            // A book's `text-indent`; a list item's hanging marker (below) takes its place.
            pango_layout_set_indent(text.layout, Int32(block.style.textIndentEms * sizePixels * Double(PANGO_SCALE)))
        }
        ListMarkerIndent.hang(text.layout, for: block)
        return text
    }

    /// A pango layout of `text` (plain, never markup) wrapped at `width` logical px, drawn
    /// whole (a table cell): a key cap is a tint behind its text, an inline image takes no room.
    func makeText(_ text: String, styles: [InlineStyle], family: String, sizePixels: Double, isBold: Bool,
                  width: Double) -> OpaquePointer {
        makeShapedText(text, styles: styles, family: family, sizePixels: sizePixels, isBold: isBold, width: width,
                       drawsInlineObjects: false).layout
    }

    /// A pango layout of `text` (plain, never markup) wrapped at `width` logical px, its
    /// lines set as `alignment` says, with the key caps and images drawn in its lines (when
    /// `drawsInlineObjects`: the layout is drawn a line at a time, `BlockLayout.drawLine`).
    func makeShapedText(_ text: String, styles: [InlineStyle], family: String, sizePixels: Double, isBold: Bool,
                        width: Double, alignment: TextAlignment = .leading, drawsInlineObjects: Bool = true)
        -> (layout: OpaquePointer, inlineObjects: [InlineObject]) {
        ApplicationFonts.refresh(fontMapOf: context)
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
        switch alignment {
        case .leading: break
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        // Plain text, never markup: a document containing `<span>` shows those characters.
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        var pending: [PendingInlineObject] = []
        let styles = BlockShaper.clamped(styles, toLength: text.utf8.count)
        if !styles.isEmpty {
            let attributes = pango_attr_list_new()
            let keyRanges = styles.compactMap { style in style.kind == .keyboard ? style.utf8Range : nil }
            let keys = (starts: Set(keyRanges.map(\.lowerBound)), ends: Set(keyRanges.map(\.upperBound)))
            for style in BlockShaper.labelsLast(BlockShaper.widestSizesFirst(styles)) {
                pending += add(style, of: text, family: family, sizePixels: sizePixels, width: width, keys: keys,
                               drawsInlineObjects: drawsInlineObjects, to: attributes)
            }
            insert(BlockShaper.labelGapAttributes(BlockShaper.gapsBetweenLabels(in: styles, of: text)), into: attributes)
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }
        return (layout, place(pending, in: layout))
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

    /// Adds the attributes of `style` over `text` (set in `family` at `sizePixels`, `width`
    /// logical px wide, with `<kbd>` over `keys`) to `list`; returns what is to be drawn in
    /// the lines for it, if `drawsInlineObjects`.
    private func add(_ style: InlineStyle, of text: String, family: String, sizePixels: Double, width: Double,
                     keys: (starts: Set<Int>, ends: Set<Int>), drawsInlineObjects: Bool,
                     to list: OpaquePointer?) -> [PendingInlineObject] {
        var attributes: [UnsafeMutablePointer<PangoAttribute>?] = []
        var ranged: [(UnsafeMutablePointer<PangoAttribute>?, Range<Int>)] = []
        var pending: [PendingInlineObject] = []
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
            // A footnote's number is a link to its note as well, which colours it.
            attributes.append(pango_attr_rise_new(Int32(typography.bodySizePixels / 3 * Double(PANGO_SCALE))))
            attributes.append(pango_attr_scale_new(0.7))
        case .subscript:
            // Lowered by a fifth of the body size at 70 %, as browsers set `<sub>`.
            attributes.append(pango_attr_rise_new(-Int32(typography.bodySizePixels / 5 * Double(PANGO_SCALE))))
            attributes.append(pango_attr_scale_new(0.7))
        case .smallCaps:
            // Pango 1.50 draws the font's own small capitals (OpenType `smcp`), or makes
            // them from its capitals where it has none.
            attributes.append(pango_attr_variant_new(PANGO_VARIANT_SMALL_CAPS))
        case .upright:
            attributes.append(pango_attr_style_new(PANGO_STYLE_NORMAL))
        case .regularWeight:
            attributes.append(pango_attr_weight_new(PANGO_WEIGHT_NORMAL))
        case .normalCaps:
            attributes.append(pango_attr_variant_new(PANGO_VARIANT_NORMAL))
        case .fontScale(let scale):
            // An absolute size rather than a scale, so a superscript's or code's scale inside
            // multiplies it (pango takes only the innermost scale).
            attributes.append(pango_attr_size_new_absolute(Int32(sizePixels * scale * Double(PANGO_SCALE))))
        case .fontFamily(let name):
            attributes.append(pango_attr_family_new(name))
        case .keyboard where !drawsInlineObjects:
            attributes.append(pango_attr_family_new("Monospace"))
            attributes.append(pango_attr_scale_new(typography.codeSizePixels / typography.bodySizePixels))
            attributes.append(color(palette.codeBackground, pango_attr_background_new))
        case .inlineImage where !drawsInlineObjects:
            var empty = PangoRectangle()
            ranged.append((pango_attr_shape_new(&empty, &empty), BlockShaper.widened(style.utf8Range, overSpacesIn: text)))
        case .keyboard:
            let cap = keyCap(over: style.utf8Range, of: text, sizePixels: sizePixels, keys: keys)
            ranged = cap.attributes
            pending.append(cap.object)
        case .imageLabel:
            // Small and muted, as a browser with images off shows an image's alt text.
            attributes.append(pango_attr_scale_new(BlockShaper.imageLabelScale))
            attributes.append(color(palette.secondaryText, pango_attr_foreground_new))
        case .inlineImage(let source):
            let (attribute, range, object) = inlineImage(source: source, over: style.utf8Range, of: text, family: family,
                                                         sizePixels: sizePixels, maximumWidth: width)
            ranged.append((attribute, range))
            if let object { pending.append(object) }
        }
        ranged += attributes.map { ($0, style.utf8Range) }
        insert(ranged, into: list)
        return pending
    }

    /// `styles` held to the text's `length` bytes, empty ones left out: a mapping's mistake
    /// draws less, never past the text.
    static func clamped(_ styles: [InlineStyle], toLength length: Int) -> [InlineStyle] {
        styles.compactMap { style in
            let lower = min(max(style.utf8Range.lowerBound, 0), length)
            let upper = min(max(style.utf8Range.upperBound, lower), length)
            return lower < upper ? InlineStyle(style.kind, utf8Range: lower..<upper) : nil
        }
    }

    private func insert(_ attributes: [(UnsafeMutablePointer<PangoAttribute>?, Range<Int>)], into list: OpaquePointer?) {
        for (attribute, range) in attributes {
            guard let attribute else { continue }
            attribute.pointee.start_index = UInt32(clamping: range.lowerBound)
            attribute.pointee.end_index = UInt32(clamping: range.upperBound)
            pango_attr_list_insert(list, attribute)
        }
    }

    private func color(_ color: Palette.Color,
                       _ make: (UInt16, UInt16, UInt16) -> UnsafeMutablePointer<PangoAttribute>?)
        -> UnsafeMutablePointer<PangoAttribute>? {
        make(UInt16(color.red * 65535), UInt16(color.green * 65535), UInt16(color.blue * 65535))
    }
}
