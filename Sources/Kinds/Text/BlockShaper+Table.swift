import CPangoCairo
import DocumentKit

/// Shaping a table row: every row of a table gets the same columns and font, computed from
/// the table's plan alone, so rows shaped in different sections line up.
extension BlockShaper {
    /// Where a table's columns go and how large its text is, for a column `width` logical px
    /// wide. The table is never wider than that: first its columns narrow (down to
    /// `minimumTableColumnCharacters`), then its text shrinks (down to
    /// `minimumTableFontPixels`), then its columns narrow further and their text wraps.
    struct TablePlan {
        var fontSizePixels: Double
        /// Space around a cell's text.
        var paddingPixels: Double
        /// Each column's left edge and width, logical px from the table's left.
        var columns: [(left: Double, width: Double)]
    }

    /// The average advance of a character as a fraction of the font size, to turn character
    /// counts into widths before anything is shaped: DejaVu Sans's average over mixed-case words
    /// and digits (0.62 em; lower case alone is 0.55).
    private static let averageCharacterEms = 0.62

    /// A column's natural width is its longest text's estimate plus 15 %: words of wide
    /// letters ("Markdown", "WWW") run that much over the average, and a little room to spare
    /// is better than a word broken across lines.
    private static let naturalWidthAllowance = 1.15

    func tablePlan(_ row: TableRow, width: Double) -> TablePlan {
        let count = Double(max(row.columnCount, 1))
        let minimumCharacters = typography.minimumTableColumnCharacters
        // Padding shrinks with the text.
        let paddingEms = typography.tableCellPaddingPixels / typography.bodySizePixels
        let minimumEms = minimumCharacters * BlockShaper.averageCharacterEms + 2 * paddingEms
        var size = typography.bodySizePixels
        if count * minimumEms * size > width {
            size = max(typography.minimumTableFontPixels, width / count / minimumEms)
        }
        let padding = paddingEms * size
        func minimumWidth(_ size: Double) -> Double { minimumEms * size }
        let natural = row.naturalCharacters.map {
            Double($0) * BlockShaper.averageCharacterEms * BlockShaper.naturalWidthAllowance * size + 2 * padding
        }
        var widths = natural
        if natural.reduce(0, +) > width {
            // Short columns (a word or a number) keep their width; long ones share the rest in
            // proportion to what they hold beyond it. Where even that does not fit, every
            // column narrows towards the minimum.
            widths = shared(natural, floors: natural.map { min($0, typography.comfortableTableColumnCharacters
                                                               * BlockShaper.averageCharacterEms * size + 2 * padding) },
                            width: width)
                ?? shared(natural, floors: natural.map { min($0, minimumWidth(size)) }, width: width)
                ?? natural.map { min($0, minimumWidth(size)) }.scaled(toSum: width)
        }
        var left = 0.0
        let columns = widths.map { width in
            defer { left += width }
            return (left: left.rounded(), width: width.rounded(.down))
        }
        return TablePlan(fontSizePixels: size, paddingPixels: padding, columns: columns)
    }

    /// `natural` widths brought down to a total of `width`: each column keeps its floor and
    /// the room left is shared in proportion to what it wants beyond; nil if the floors alone
    /// do not fit.
    private func shared(_ natural: [Double], floors: [Double], width: Double) -> [Double]? {
        let floorTotal = floors.reduce(0, +)
        guard floorTotal < width else { return nil }
        let excess = zip(natural, floors).map { $0 - $1 }
        let excessTotal = excess.reduce(0, +)
        return zip(floors, excess).map { $0 + $1 / max(excessTotal, 1) * (width - floorTotal) }
    }

    func shapeTableRow(_ row: TableRow, width: Double) -> BlockLayout {
        let plan = tablePlan(row, width: width)
        let padding = plan.paddingPixels
        var cells: [BlockLayout.TableCell] = []
        var height = 0.0
        for (index, cell) in row.cells.enumerated() where index < plan.columns.count {
            let column = plan.columns[index]
            let layout = makeText(cell.text, styles: cell.styles, family: "Sans", sizePixels: plan.fontSizePixels,
                                  isBold: row.isHeader, width: column.width - 2 * padding)
            switch row.alignments[index] {
            case .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
            case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
            }
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            height = max(height, Double(logical.height) / Double(PANGO_SCALE))
            cells.append(BlockLayout.TableCell(layout: layout, left: column.left, width: column.width))
        }
        return BlockLayout(content: .tableRow(cells, isHeader: row.isHeader), inset: padding,
                           fixedHeight: (height + 2 * padding).rounded(.up))
    }
}

private extension Array where Element == Double {
    /// The values scaled in proportion so they add up to `total`.
    func scaled(toSum total: Double) -> [Double] {
        let sum = reduce(0, +)
        return sum > 0 ? map { $0 * total / sum } : self
    }
}
