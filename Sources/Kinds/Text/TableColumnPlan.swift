import CPangoCairo
import DocumentKit

/// Where a table's columns go and how large its text is, from the table's samples alone
/// (`TableColumnSamples`), so every row of it, shaped in any section, gets the same plan.
///
/// Each column has a minimum, its widest word (text breaks only between words), and a
/// natural width, its widest cell set on one line (at most `maximumNaturalEms`), both
/// measured with pango. A table takes its natural width; where that is wider than the text
/// column it takes the room beside the column too, up to the window's side margins; where
/// that is still too narrow its long columns wrap between words; where even the widest
/// words do not fit its text shrinks (to `Typography.minimumTableFontPixels`); only then are
/// words broken, pango hyphenating them.
struct TableColumnPlan: Equatable {
    struct Column: Equatable {
        /// The column's left edge, logical px from the table's left, and its width.
        var left: Double
        var width: Double
    }

    var fontSizePixels: Double
    /// Space around a cell's text.
    var paddingPixels: Double
    var columns: [Column]

    /// The table's width, logical px.
    var width: Double { columns.last.map { $0.left + $0.width } ?? 0 }

    /// A cell's text set on one line counts no wider than this, in ems: longer text wraps
    /// anyway. `TableRow.maximumNaturalCharacters` (60) at the average character's 0.62 em:
    /// about a line of body text.
    static let maximumNaturalEms = Double(TableRow.maximumNaturalCharacters) * averageCharacterEms

    /// The average advance of a character as a fraction of the font size, to turn character
    /// counts into widths where a table has no samples: DejaVu Sans's average over mixed-case
    /// words and digits (0.62 em; lower case alone is 0.55).
    static let averageCharacterEms = 0.62

    /// Where a table has no samples, a column's natural width is its longest text's estimate
    /// plus 15 %: words of wide letters ("Markdown", "WWW") run that much over the average.
    static let naturalEstimateAllowance = 1.15

    /// Room added to a measured width, logical px: one px keeps a word that just fits
    /// from wrapping where the text's width and the column's are rounded differently.
    static let measureAllowancePixels = 1.0

    /// At most this many sizes are tried when the text shrinks. Pango rounds each glyph's
    /// advance to a whole px, so a word's width is not its width at another size scaled:
    /// each try measures again at the size the last one's shortfall points to.
    static let shrinkingTries = 6

    /// Each column's widest word and widest one-line text at one size, logical px.
    struct Measures: Equatable {
        var minimumPixels: [Double]
        var naturalPixels: [Double]
    }

    /// The plan for a table whose columns measure `measure(size, includingNatural)` at a
    /// font size (natural widths left at 0 unless asked for), in a text column `width`
    /// logical px wide, with `room` logical px (at least `width`) the table may take.
    static func plan(width: Double, room: Double, typography: Typography,
                     measure: (_ sizePixels: Double, _ includingNatural: Bool) -> Measures) -> TableColumnPlan {
        let room = max(room, width, 1)
        let body = typography.bodySizePixels
        // Padding shrinks with the text.
        let paddingEms = typography.tableCellPaddingPixels / body
        func widths(_ pixels: [Double], size: Double) -> [Double] {
            pixels.map { ($0 + 2 * paddingEms * size + measureAllowancePixels).rounded(.up) }
        }
        var size = body
        var measured = measure(size, true)
        var natural = widths(measured.naturalPixels, size: size)
        var minimum = widths(measured.minimumPixels, size: size)
        var planned: [Double]
        if natural.reduce(0, +) <= room {
            planned = natural
        } else if let shared = shared(natural, floors: zip(minimum, natural).map { least, wanted in
            // Short columns (a word, a number, a date) keep their width; long ones share the rest
            // in proportion to what they hold beyond it.
            max(least, min(wanted, (typography.comfortableTableColumnCharacters * averageCharacterEms + 2 * paddingEms) * size))
        }, room: room) ?? shared(natural, floors: minimum, room: room) {
            planned = shared
        } else {
            // The widest words do not fit: the text shrinks until they do, but no smaller than
            // the floor, where the columns share the room and words break.
            let floor = min(typography.minimumTableFontPixels, body)
            for _ in 0..<shrinkingTries {
                let total = minimum.reduce(0, +)
                guard total > room, size > floor else { break }
                // Widths are about proportional to the size, less the px of allowance and
                // rounding; at least 3 % smaller each try, so the tries end.
                let fixed = Double(minimum.count) * (measureAllowancePixels + 1)
                size = max(floor, min(size * 0.97, size * (room - fixed) / max(total - fixed, 1)))
                // Only the widest words decide the size; the natural widths are measured once, at the end.
                measured = measure(size, false)
                minimum = widths(measured.minimumPixels, size: size)
            }
            if size != body { natural = widths(measure(size, true).naturalPixels, size: size) }
            planned = shared(natural, floors: minimum, room: room) ?? minimum.scaled(toSum: room)
        }
        var left = 0.0
        let columns = planned.map { width in
            defer { left += width }
            // Whole px, so the grid's rules fall on pixels; each column ends where the next starts.
            let start = left.rounded(.down)
            return Column(left: start, width: (left + width).rounded(.down) - start)
        }
        return TableColumnPlan(fontSizePixels: size, paddingPixels: paddingEms * size, columns: columns)
    }

    /// `natural` widths brought down to a total of `room`: each column keeps its floor and
    /// the room left is shared in proportion to what it wants beyond; nil if the floors alone
    /// do not fit.
    private static func shared(_ natural: [Double], floors: [Double], room: Double) -> [Double]? {
        let floorTotal = floors.reduce(0, +)
        guard floorTotal <= room else { return nil }
        let excess = zip(natural, floors).map { max($0 - $1, 0) }
        let excessTotal = excess.reduce(0, +)
        return zip(floors, excess).map { $0 + $1 / max(excessTotal, 1) * (room - floorTotal) }
    }
}

private extension Array where Element == Double {
    /// The values scaled in proportion so they add up to `total`.
    func scaled(toSum total: Double) -> [Double] {
        let sum = reduce(0, +)
        return sum > 0 ? map { $0 * total / sum } : self
    }
}

/// The last table plan a shaper made: the rows of a table follow each other, so a section of
/// a thousand rows measures its table once.
final class TablePlanCache {
    struct Key: Equatable {
        var samples: TableColumnSamples
        var naturalCharacters: [Int]
        var columnCount: Int
        var width: Double
        var room: Double
    }

    private var last: (key: Key, plan: TableColumnPlan)?

    /// The plan for `key`, made by `make` unless it is the last one asked for.
    func plan(for key: Key, make: () -> TableColumnPlan) -> TableColumnPlan {
        // Rows of one table share their samples' storage, so this comparison is quick.
        if let last, last.key == key { return last.plan }
        let plan = make()
        last = (key, plan)
        return plan
    }
}

extension BlockShaper {
    /// `row`'s table plan for a text column `width` logical px wide with `room` logical px
    /// the table may take.
    func tablePlan(_ row: TableRow, width: Double, room: Double) -> TableColumnPlan {
        let key = TablePlanCache.Key(samples: row.samples, naturalCharacters: row.naturalCharacters,
                                     columnCount: row.columnCount, width: width, room: room)
        return tablePlans.plan(for: key) {
            TableColumnPlan.plan(width: width, room: room, typography: typography) {
                tableMeasures(row, sizePixels: $0, includingNatural: $1)
            }
        }
    }

    /// Each column's widest word and (if `includingNatural`) widest one-line text at
    /// `sizePixels`, logical px: its samples shaped with pango as its rows are, or estimated
    /// from its characters where it has none.
    func tableMeasures(_ row: TableRow, sizePixels size: Double, includingNatural: Bool = true) -> TableColumnPlan.Measures {
        let count = max(row.columnCount, 1)
        var minimum: [Double] = [], natural: [Double] = []
        for column in 0..<count {
            let samples = column < row.samples.columns.count ? row.samples.columns[column] : []
            var least = 0.0, wanted = 0.0
            if samples.isEmpty {
                let characters = Double(column < row.naturalCharacters.count ? row.naturalCharacters[column] : 1)
                wanted = characters * TableColumnPlan.averageCharacterEms * TableColumnPlan.naturalEstimateAllowance * size
                least = min(wanted, typography.minimumTableColumnCharacters * TableColumnPlan.averageCharacterEms * size)
            }
            for sample in samples {
                let measured = measuredWidths(of: sample, sizePixels: size, includingNatural: includingNatural)
                least = max(least, measured.widestWord)
                wanted = max(wanted, measured.oneLine)
            }
            minimum.append(least)
            natural.append(max(least, min(wanted, TableColumnPlan.maximumNaturalEms * size)))
        }
        return TableColumnPlan.Measures(minimumPixels: minimum, naturalPixels: natural)
    }

    /// A cell's widest word (what pango will not break between words) and its width on one
    /// line at `sizePixels`, logical px, as its row sets it.
    private func measuredWidths(of sample: TableColumnSamples.Sample, sizePixels size: Double, includingNatural: Bool)
        -> (widestWord: Double, oneLine: Double) {
        let layout = makeText(sample.cell.text, styles: sample.cell.styles, family: "Sans", sizePixels: size,
                              isBold: sample.isHeader, width: 1)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        // At a width of one pango unit every word is a line of its own, whole (words that do
        // not fit are not broken with `PANGO_WRAP_WORD`).
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
        pango_layout_set_width(layout, 1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let widestWord = Double(logical.x + logical.width)
        let scale = Double(PANGO_SCALE)
        guard includingNatural else { return (max(widestWord, 0) / scale, 0) }
        pango_layout_set_width(layout, -1)
        pango_layout_get_extents(layout, nil, &logical)
        let oneLine = Double(logical.x + logical.width)
        return (max(widestWord, 0) / scale, max(oneLine, 0) / scale)
    }
}
