import CPangoCairo
import DocumentKit

/// Reading a placed block's text back from its pango layout: which character a point falls
/// on, where a stretch of text is drawn, where its words begin and end.
extension SectionLayout.PlacedBlock {
    /// The block's pango layout when it shows text (not an image, rule or placeholder).
    var textLayout: OpaquePointer? {
        if case .text(let layout) = layout.content { return layout }
        return nil
    }

    /// The line drawn nearest `y` (logical px from the section's top).
    func lineIndex(nearY y: Double) -> Int {
        let lines = layout.lines.indices
        return lines.first { extent(ofLine: $0).bottom > y } ?? max(lines.count - 1, 0)
    }

    /// The UTF-8 offset in the block's text nearest `x`, `y` (logical px, section coordinates):
    /// the boundary between characters a click there means.
    func utf8Offset(nearX x: Double, y: Double) -> Int {
        guard let text = textLayout, !layout.lines.isEmpty else { return 0 }
        let index = lineIndex(nearY: y)
        guard let line = pango_layout_get_line_readonly(text, Int32(index)) else { return 0 }
        var byte: Int32 = 0, trailing: Int32 = 0
        // Pango takes the x from the line's own left, which a hanging indent or an
        // alignment moves.
        let localX = x - left - layout.inset - layout.lines[index].x
        pango_layout_line_x_to_index(line, Int32(localX * Double(PANGO_SCALE)), &byte, &trailing)
        // `trailing` counts characters past `byte`: the click was on the character's far half.
        guard let characters = pango_layout_get_text(text) else { return Int(byte) }
        let after = g_utf8_offset_to_pointer(characters + Int(byte), glong(trailing))!
        return characters.distance(to: after)
    }

    /// The rectangles where `utf8Range` of the text is drawn, in section coordinates, one per line.
    func rects(of utf8Range: Range<Int>) -> [ContentRect] {
        guard let text = textLayout else {
            // An image or rule is selected whole; a hidden block is nowhere.
            return utf8Range.isEmpty || isHidden ? [] : [ContentRect(x: left, y: top, width: width, height: height)]
        }
        var rects: [ContentRect] = []
        let scale = Double(PANGO_SCALE)
        for index in layout.lines.indices {
            guard let line = pango_layout_get_line_readonly(text, Int32(index)) else { continue }
            let start = Int(line.pointee.start_index), end = start + Int(line.pointee.length)
            let lower = max(start, utf8Range.lowerBound), upper = min(end, utf8Range.upperBound)
            // A line ending inside the range gets its trailing space too, as readers highlight it.
            guard lower < upper || (lower == upper && utf8Range.isEmpty && lower >= start && lower <= end)
            else { continue }
            var ranges: UnsafeMutablePointer<Int32>?
            var count: Int32 = 0
            pango_layout_line_get_x_ranges(line, Int32(lower), Int32(upper), &ranges, &count)
            let extent = extent(ofLine: index)
            for pair in 0..<Int(count) {
                let x0 = Double(ranges![2 * pair]) / scale, x1 = Double(ranges![2 * pair + 1]) / scale
                rects.append(ContentRect(x: left + layout.inset + x0, y: extent.top, width: max(x1 - x0, 0),
                                         height: extent.bottom - extent.top))
            }
            g_free(ranges)
        }
        return rects
    }

    /// The caret at `utf8Offset`: a zero-wide rectangle the height of its line, in section
    /// coordinates (a selection handle stands on it).
    func caretRect(at utf8Offset: Int) -> ContentRect {
        guard let text = textLayout, !layout.lines.isEmpty else {
            return ContentRect(x: left + (utf8Offset > 0 ? width : 0), y: top, width: 0, height: height)
        }
        var line: Int32 = 0, x: Int32 = 0
        let index = Int32(min(max(utf8Offset, 0), block.text.utf8.count))
        pango_layout_index_to_line_x(text, index, 0, &line, &x)
        let number = min(Int(line), layout.lines.count - 1)
        let extent = extent(ofLine: number)
        // The x is from the line's own left, as pango gives it.
        return ContentRect(x: left + layout.inset + layout.lines[number].x + Double(x) / Double(PANGO_SCALE),
                           y: extent.top, width: 0, height: extent.bottom - extent.top)
    }

    /// The word around `utf8Offset` (pango's word boundaries, so CJK and Thai split as their
    /// readers expect); a run of spaces when the offset falls between words.
    func wordRange(around utf8Offset: Int) -> Range<Int> {
        guard let text = textLayout else { return 0..<block.text.utf8.count }
        var count: Int32 = 0
        guard let attributes = pango_layout_get_log_attrs_readonly(text, &count), count > 1,
              let characters = pango_layout_get_text(text) else { return 0..<0 }
        let characterCount = Int(count) - 1
        let offset = min(max(utf8Offset, 0), block.text.utf8.count)
        var character = Int(g_utf8_pointer_to_offset(characters, characters + offset))
        character = min(character, characterCount - 1)
        var start = character, end = character + 1
        if attributes[character].is_white != 0 {
            while start > 0, attributes[start - 1].is_white != 0 { start -= 1 }
            while end < characterCount, attributes[end].is_white != 0 { end += 1 }
        } else {
            while start > 0, attributes[start].is_word_start == 0 { start -= 1 }
            while end < characterCount, attributes[end].is_word_end == 0 { end += 1 }
        }
        func byte(_ character: Int) -> Int {
            characters.distance(to: g_utf8_offset_to_pointer(characters, glong(character))!)
        }
        return byte(start)..<byte(end)
    }
}
