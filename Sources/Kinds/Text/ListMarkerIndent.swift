import CPangoCairo
import DocumentKit

/// The hanging indent of a list item: the parser starts an item's first block with its marker
/// (`• `, `12. `, `☐ `), and the lines that item wraps onto line up with its text after the
/// marker, not with the marker, as a browser sets `<li>`.
///
/// The marker stays in the block's text (so the accessible text, copying and find see it as
/// before); the layout's first line keeps it, and every later line is indented by its width
/// with pango's negative indent. Lines' `x` (`BlockLayout.Line.x`) carry that indent, so
/// drawing, selection and hit-testing follow it.
enum ListMarkerIndent {
    /// The UTF-8 length of the marker `block` starts with, or nil when it starts with none:
    /// only the paragraphs and headings of a list, where the parser puts markers.
    static func markerByteCount(of block: Block) -> Int? {
        guard block.listDepth > 0 else { return nil }
        switch block.kind {
        case .paragraph, .heading, .note: break
        case .code, .rule, .noteRule, .chapterBreak, .caption, .plainText, .tableRow, .image: return nil
        }
        let text = block.text.utf8
        // The ballot boxes of task items (U+2610, U+2612) and the bullets of CSS's disc,
        // circle and square (U+2022, U+25E6, U+25AA), then a space.
        for marker in ["• ", "☐ ", "☒ ", "◦ ", "▪ "] where text.starts(with: marker.utf8) { return marker.utf8.count }
        let digits = text.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        if !digits.isEmpty, text.dropFirst(digits.count).starts(with: ". ".utf8) { return digits.count + 2 }
        // A book's lettered and Roman-numbered items (`ListStyle`): one letter, or Roman
        // numerals alone (so "Mr. " starts no marker).
        let letters = text.prefix { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
        guard !letters.isEmpty, letters.count <= 12, text.dropFirst(letters.count).starts(with: ". ".utf8),
              letters.count == 1 || letters.allSatisfy({ "ivxlcdm".utf8.contains($0 | 0x20) }) else { return nil }
        return letters.count + 2
    }

    /// Indents every line of `layout` after its first by the width of the marker `block`
    /// starts with, when it starts with one.
    static func hang(_ layout: OpaquePointer, for block: Block) {
        guard let markerBytes = markerByteCount(of: block),
              let first = pango_layout_get_line_readonly(layout, 0),
              // A right-to-left item has its marker on the right, where pango's indent does not go.
              pango_layout_line_get_resolved_direction(first) == PANGO_DIRECTION_LTR else { return }
        var position = PangoRectangle()
        pango_layout_index_to_pos(layout, Int32(markerBytes), &position)
        let markerWidth = position.x
        // A marker as wide as half the line (a very narrow column) would leave the text no room.
        guard markerWidth > 0, markerWidth < pango_layout_get_width(layout) / 2 else { return }
        pango_layout_set_indent(layout, -markerWidth)
    }
}
