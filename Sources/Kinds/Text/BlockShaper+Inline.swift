import CPangoCairo
import DocumentKit
import ImageDecoding

/// Key caps and images inside a line: the room pango keeps for them (letter spacing, a shape
/// in place of U+FFFC), and where they are drawn once the text is laid out.
extension BlockShaper {
    /// An inline object before layout: what it is, the UTF-8 range it stands on, and its
    /// extent from the baseline, logical px.
    struct PendingInlineObject {
        let content: InlineObject.Content
        let utf8Range: Range<Int>
        let top: Double
        let height: Double
        /// The image's width; nil for a key cap, which is as wide as its text.
        let width: Double?
        /// A key cap's padding on each side, logical px.
        var padding = 0.0
        /// Whether the room for the padding is kept inside the key's text, on the left and on
        /// the right (rather than in the characters beside it).
        var isRoomInside = (left: false, right: false)
    }

    /// A key cap's padding on each side of its text, in ems of the key's font: about GitHub's
    /// `<kbd>` (5 px at 11 px, 0.45 em, with its border) made smaller, since our key caps sit
    /// in body text rather than in their own small type.
    static let keyCapPaddingEms = 0.25

    /// How far a key cap's frame stays inside the room kept for it, logical px: two caps
    /// side by side keep 2 px apart.
    static let keyCapClearancePixels = 1.0

    /// A `<kbd>` over `range` of `text` in a block set at `sizePixels`, where the block's keys
    /// start and end at `keys`: its attributes (monospace at the code size) and its frame,
    /// placed after layout.
    ///
    /// Room for the frame's padding comes from letter spacing, which pango shares half before
    /// and half after each character it spaces. It goes on the characters just outside the
    /// key (the space or `+` beside it), so the key's own letters keep their spacing; where
    /// the neighbour is another key or a letter (`<kbd>Tab</kbd>s`), on the key's own first
    /// or last character instead. The
    /// frame reaches past its text by the padding wherever the room is outside it, and at the
    /// start and end of a line (where pango keeps no letter spacing, and the margin has room).
    func keyCap(over range: Range<Int>, of text: String, sizePixels: Double, keys: (starts: Set<Int>, ends: Set<Int>))
        -> (attributes: [(UnsafeMutablePointer<PangoAttribute>?, Range<Int>)], object: PendingInlineObject) {
        let scale = typography.codeSizePixels / typography.bodySizePixels
        let keySize = sizePixels * scale
        let padding = BlockShaper.keyCapPaddingEms * keySize
        let spacing = Int32(2 * padding * Double(PANGO_SCALE))
        var attributes: [(UnsafeMutablePointer<PangoAttribute>?, Range<Int>)] = [
            (pango_attr_family_new("Monospace"), range), (pango_attr_scale_new(scale), range),
        ]
        let (first, last) = BlockShaper.firstAndLastCharacters(of: range, in: text)
        let (before, after) = BlockShaper.neighbouringCharacters(of: range, in: text)
        var isRoomInside = (left: false, right: false)
        if let before, keys.ends.contains(range.lowerBound) || !before.isSeparator {
            attributes.append((pango_attr_letter_spacing_new(spacing), first))
            isRoomInside.left = true
        } else if let before {
            attributes.append((pango_attr_letter_spacing_new(spacing), before.range))
        }
        if let after, keys.starts.contains(range.upperBound) || !after.isSeparator {
            if !(isRoomInside.left && last == first) { attributes.append((pango_attr_letter_spacing_new(spacing), last)) }
            isRoomInside.right = true
        } else if let after {
            attributes.append((pango_attr_letter_spacing_new(spacing), after.range))
        }
        let metrics = fontMetrics(family: "Monospace", sizePixels: keySize)
        // The key font's ascent and descent (not the line's, which line spacing makes
        // taller), with a pixel of room above and below.
        let object = PendingInlineObject(content: .keyCap(fill: palette.codeBackground, border: palette.rule), utf8Range: range,
                                         top: -metrics.ascent - 1, height: metrics.ascent + metrics.descent + 2, width: nil,
                                         padding: padding, isRoomInside: isRoomInside)
        return (attributes, object)
    }

    /// How an image inside a line of a block set at `sizePixels` (in `family`) is shaped:
    /// the shape attribute that keeps its room and the object drawn there. An image at most
    /// `typography.lineSpacing` times the font size tall: the line height the typography sets
    /// text in (1.5 × 32 = 48 px in a first-level heading), so a logo is as tall as a line of
    /// its heading and no taller. It is centred on the middle of the font's ascent and
    /// descent, which is about the middle of the capitals beside it. One that cannot be shown
    /// takes no room, nor does the space after it (or before it at the end of the text), so
    /// the text that follows starts where the image would have.
    func inlineImage(source: String, over range: Range<Int>, of text: String, family: String, sizePixels: Double,
                     maximumWidth: Double) -> (UnsafeMutablePointer<PangoAttribute>?, Range<Int>, PendingInlineObject?) {
        let lineHeight = (sizePixels * typography.lineSpacing).rounded()
        let slot = inlineImageSlot(source: source, lineHeight: lineHeight, maximumWidth: maximumWidth)
        guard let slot else {
            var empty = PangoRectangle()
            return (pango_attr_shape_new(&empty, &empty), BlockShaper.widened(range, overSpacesIn: text), nil)
        }
        let metrics = fontMetrics(family: family, sizePixels: sizePixels)
        let top = -((metrics.ascent - metrics.descent) / 2 + slot.height / 2).rounded()
        let scale = Double(PANGO_SCALE)
        var rectangle = PangoRectangle(x: 0, y: Int32(top * scale), width: Int32(slot.width * scale),
                                       height: Int32(slot.height * scale))
        let object = PendingInlineObject(content: slot.content, utf8Range: range, top: top, height: slot.height,
                                         width: slot.width)
        return (pango_attr_shape_new(&rectangle, &rectangle), range, object)
    }

    /// What an inline image shows and its size: the image (or, while it decodes, a tinted
    /// slot) fitted to `lineHeight` and `maximumWidth` and never enlarged; a square slot
    /// `lineHeight` wide before its size is known; nil when it cannot be shown.
    private func inlineImageSlot(source: String, lineHeight: Double, maximumWidth: Double)
        -> (content: InlineObject.Content, width: Double, height: Double)? {
        guard let state = images.state(ofSource: source) else { return nil }
        func fitted(_ size: ImageSize) -> (width: Double, height: Double) {
            let width = Double(max(size.width, 1)), height = Double(max(size.height, 1))
            let fit = min(1, lineHeight / height, maximumWidth / width)
            return (max((width * fit).rounded(), 1), max((height * fit).rounded(), 1))
        }
        switch state {
        case .image(let image, let naturalSize):
            let size = fitted(naturalSize)
            return (.image(image), size.width, size.height)
        case .pending(let known):
            let size = known.map(fitted) ?? (width: lineHeight, height: lineHeight)
            return (.pendingImage(tint: palette.codeBackground), size.width, size.height)
        case .failure:
            return nil
        }
    }

    /// The objects of `pending` placed in `layout`: images at their character, key caps
    /// around their text in each line it spans.
    func place(_ pending: [PendingInlineObject], in layout: OpaquePointer) -> [InlineObject] {
        guard !pending.isEmpty else { return [] }
        let scale = Double(PANGO_SCALE)
        let text = pango_layout_get_text(layout)
        let length = text.map { strlen($0) } ?? 0
        var objects: [InlineObject] = []
        // A style past the text (a mapping's mistake) has nowhere to be drawn.
        for item in pending where item.utf8Range.lowerBound >= 0 && item.utf8Range.lowerBound < length {
            if let width = item.width {
                var position = PangoRectangle(), line: Int32 = 0, lineX: Int32 = 0
                pango_layout_index_to_pos(layout, Int32(item.utf8Range.lowerBound), &position)
                pango_layout_index_to_line_x(layout, Int32(item.utf8Range.lowerBound), 0, &line, &lineX)
                objects.append(InlineObject(content: item.content, line: Int(line), x: Double(position.x) / scale,
                                            top: item.top, width: width, height: item.height))
                continue
            }
            let clearance = BlockShaper.keyCapClearancePixels
            var firstLine: Int32 = 0, lastLine: Int32 = 0, x: Int32 = 0
            pango_layout_index_to_line_x(layout, Int32(item.utf8Range.lowerBound), 0, &firstLine, &x)
            pango_layout_index_to_line_x(layout, Int32(max(item.utf8Range.upperBound - 1, item.utf8Range.lowerBound)), 0,
                                         &lastLine, &x)
            for index in Int(firstLine)...Int(max(lastLine, firstLine)) {
                guard let line = pango_layout_get_line_readonly(layout, Int32(index)) else { continue }
                let start = Int(line.pointee.start_index), end = start + Int(line.pointee.length)
                let lower = max(start, item.utf8Range.lowerBound), upper = min(end, item.utf8Range.upperBound)
                guard lower < upper else { continue }
                var ranges: UnsafeMutablePointer<Int32>?
                var count: Int32 = 0
                pango_layout_line_get_x_ranges(line, Int32(lower), Int32(upper), &ranges, &count)
                // The key's text is several runs (its first and last characters are spaced):
                // one frame over the runs that touch.
                var spans: [(x0: Double, x1: Double)] = []
                for pair in 0..<Int(count) {
                    let x0 = Double(ranges![2 * pair]) / scale, x1 = Double(ranges![2 * pair + 1]) / scale
                    if let last = spans.last, abs(x0 - last.x1) < 0.5 { spans[spans.count - 1].x1 = x1 } else { spans.append((x0, x1)) }
                }
                g_free(ranges)
                // Pango drops letter spacing at a line's ends.
                let restIsBlank = (upper..<end).allSatisfy { offset in text.map { [0x20, 0x0A, 0x09].contains($0[offset]) } ?? true }
                if !spans.isEmpty, lower == start || !item.isRoomInside.left { spans[0].x0 -= item.padding }
                if !spans.isEmpty, restIsBlank || !item.isRoomInside.right { spans[spans.count - 1].x1 += item.padding }
                for span in spans where span.x1 - span.x0 > 2 * clearance {
                    objects.append(InlineObject(content: item.content, line: index, x: span.x0 + clearance, top: item.top,
                                                width: span.x1 - span.x0 - 2 * clearance, height: item.height))
                }
            }
        }
        return objects
    }

    /// The ascent and descent of `family` at `sizePixels`, logical px.
    private func fontMetrics(family: String, sizePixels: Double) -> (ascent: Double, descent: Double) {
        let key = "\(family) \(sizePixels)"
        if let known = fontMetricsCache.entries[key] { return known }
        let metrics = measuredFontMetrics(family: family, sizePixels: sizePixels)
        fontMetricsCache.entries[key] = metrics
        return metrics
    }

    private func measuredFontMetrics(family: String, sizePixels: Double) -> (ascent: Double, descent: Double) {
        let font = pango_font_description_new()
        defer { pango_font_description_free(font) }
        pango_font_description_set_family(font, family)
        pango_font_description_set_absolute_size(font, sizePixels * Double(PANGO_SCALE))
        let metrics = pango_context_get_metrics(context, font, nil)
        defer { pango_font_metrics_unref(metrics) }
        let scale = Double(PANGO_SCALE)
        return (Double(pango_font_metrics_get_ascent(metrics)) / scale, Double(pango_font_metrics_get_descent(metrics)) / scale)
    }

    /// The UTF-8 ranges of the first and last characters (grapheme clusters) in `range`.
    static func firstAndLastCharacters(of range: Range<Int>, in text: String) -> (Range<Int>, Range<Int>) {
        let utf8 = text.utf8
        guard let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound, limitedBy: utf8.endIndex),
              let upper = utf8.index(utf8.startIndex, offsetBy: range.upperBound, limitedBy: utf8.endIndex),
              let start = String.Index(lower, within: text), let end = String.Index(upper, within: text),
              start < end else { return (range, range) }
        let characters = text[start..<end]
        let firstLength = characters.first?.utf8.count ?? range.count
        let lastLength = characters.last?.utf8.count ?? range.count
        return (range.lowerBound..<min(range.lowerBound + firstLength, range.upperBound),
                max(range.upperBound - lastLength, range.lowerBound)..<range.upperBound)
    }

    /// A character beside a key: its UTF-8 range, and whether it is a space, punctuation or
    /// a symbol (`+`), which letter spacing leaves looking evenly set, as it would not a letter.
    typealias Neighbour = (range: Range<Int>, isSeparator: Bool)

    /// The characters just before and just after `range`; nil at the text's ends and for a
    /// line break, beside which a line ends.
    static func neighbouringCharacters(of range: Range<Int>, in text: String) -> (Neighbour?, Neighbour?) {
        let utf8 = text.utf8
        guard let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound, limitedBy: utf8.endIndex),
              let upper = utf8.index(utf8.startIndex, offsetBy: range.upperBound, limitedBy: utf8.endIndex),
              let start = String.Index(lower, within: text), let end = String.Index(upper, within: text) else { return (nil, nil) }
        func isSeparator(_ character: Character) -> Bool {
            character.isWhitespace || character.isPunctuation || character.isSymbol
        }
        var before: Neighbour?, after: Neighbour?
        if start > text.startIndex, let character = text[..<start].last, !character.isNewline {
            before = ((range.lowerBound - character.utf8.count)..<range.lowerBound, isSeparator(character))
        }
        if end < text.endIndex, let character = text[end...].first, !character.isNewline {
            after = (range.upperBound..<(range.upperBound + character.utf8.count), isSeparator(character))
        }
        return (before, after)
    }

    /// `range` with the spaces after it, or when none follow, the spaces before it.
    static func widened(_ range: Range<Int>, overSpacesIn text: String) -> Range<Int> {
        let utf8 = text.utf8
        func isSpace(_ offset: Int) -> Bool {
            let byte = utf8[utf8.index(utf8.startIndex, offsetBy: offset)]
            return byte == 0x20 || byte == 0x09
        }
        let start = min(max(range.lowerBound, 0), utf8.count), end = min(max(range.upperBound, start), utf8.count)
        var upper = end
        while upper < utf8.count, isSpace(upper) { upper += 1 }
        guard upper == end else { return start..<upper }
        var lower = start
        while lower > 0, isSpace(lower - 1) { lower -= 1 }
        return lower..<upper
    }
}

/// Font ascents and descents already measured, by family and size: pango finds a font set
/// for each question (about 0.2 ms), and a block of thousands of key caps asks the same one.
final class FontMetricsCache {
    var entries: [String: (ascent: Double, descent: Double)] = [:]
}
