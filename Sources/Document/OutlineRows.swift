/// Where an outline list's rows are (one a heading, `OutlineLayout.rowHeightPixels` tall,
/// below `OutlineLayout.listPaddingPixels` of padding), for every outline list: a text's
/// headings and a PDF's bookmarks.
enum OutlineRows {
    /// Row `index` in a list `width` px wide, in the list's coordinates.
    static func rect(ofRow index: Int, width: Double) -> ContentRect {
        ContentRect(x: 0, y: OutlineLayout.listPaddingPixels + Double(index) * OutlineLayout.rowHeightPixels,
                    width: width, height: OutlineLayout.rowHeightPixels)
    }

    /// The size of a list of `rowCount` rows `width` px wide: the rows and their padding, and
    /// at least the viewport's height (a scroll view centres shorter content, and a short list
    /// belongs at the top).
    static func contentSize(rowCount: Int, width: Double, viewportHeight: Double) -> ContentSize {
        let rows = 2 * OutlineLayout.listPaddingPixels + Double(rowCount) * OutlineLayout.rowHeightPixels
        return ContentSize(width: width, height: max(rows, viewportHeight))
    }

    /// The row of `count` that holds `y` (list coordinates); nil between the rows' ends and the
    /// list's.
    static func row(atY y: Double, count: Int) -> Int? {
        let row = ((y - OutlineLayout.listPaddingPixels) / OutlineLayout.rowHeightPixels).rounded(.down)
        guard row >= 0, row < Double(count) else { return nil }
        return Int(row)
    }

    /// Records in `log` that rows `old` and `new` (of `count`) are to be drawn again, when a
    /// row state (highlight, hover, focus) moved from one to the other.
    static func redraw(_ old: Int?, _ new: Int?, count: Int, width: Double, in log: inout ChangeLog) {
        guard old != new else { return }
        for row in [old, new].compactMap({ $0 }) where (0..<count).contains(row) {
            let rect = rect(ofRow: row, width: width)
            log.record(.band(rect.y...rect.maxY))
        }
    }
}
