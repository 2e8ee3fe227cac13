import CPangoCairo

/// Shaping a table row: every row of a table gets the same columns and font, computed from
/// the table's plan alone, so rows shaped in different sections line up.
extension BlockShaper {
    /// Where a table's columns go and how large its text is, for a column `width` logical px
    /// wide. The table is never wider than that: first its columns narrow (down to
    /// `minimumTableColumnCharacters`), then its text shrinks (down to
    /// `minimumTableFontPixels`), then its columns narrow further and their text wraps.
    struct TablePlan {
        var fontSizePixels: Double
        /// Each column's left edge and width, logical px from the table's left.
        var columns: [(left: Double, width: Double)]
    }

    /// The average advance of a character as a fraction of the font size, to turn character
    /// counts into widths before anything is shaped: DejaVu Sans's lower-case average (0.55 em).
    private static let averageCharacterEms = 0.55

    func tablePlan(_ row: TableRow, width: Double) -> TablePlan {
        let padding = typography.tableCellPaddingPixels
        let count = Double(max(row.columnCount, 1))
        let minimumCharacters = typography.minimumTableColumnCharacters
        func minimumWidth(_ size: Double) -> Double { minimumCharacters * BlockShaper.averageCharacterEms * size + 2 * padding }
        var size = typography.bodySizePixels
        if count * minimumWidth(size) > width {
            let fitting = (width / count - 2 * padding) / (minimumCharacters * BlockShaper.averageCharacterEms)
            size = max(typography.minimumTableFontPixels, fitting)
        }
        let natural = row.naturalCharacters.map { Double($0) * BlockShaper.averageCharacterEms * size + 2 * padding }
        var widths = natural
        if natural.reduce(0, +) > width {
            let floors = natural.map { min($0, minimumWidth(size)) }
            let floorTotal = floors.reduce(0, +)
            if floorTotal >= width {
                widths = floors.map { $0 * width / floorTotal }
            } else {
                let excess = zip(natural, floors).map { $0 - $1 }
                let excessTotal = excess.reduce(0, +)
                widths = zip(floors, excess).map { $0 + $1 / max(excessTotal, 1) * (width - floorTotal) }
            }
        }
        var left = 0.0
        let columns = widths.map { width in
            defer { left += width }
            return (left: left.rounded(), width: width.rounded(.down))
        }
        return TablePlan(fontSizePixels: size, columns: columns)
    }

    func shapeTableRow(_ row: TableRow, width: Double) -> BlockLayout {
        let plan = tablePlan(row, width: width)
        let padding = typography.tableCellPaddingPixels
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
