import CPangoCairo
import DocumentKit

/// Shaping a table row: every row of a table gets the same columns and font, computed from
/// the table's plan alone (`TableColumnPlan`), so rows shaped in different sections line up.
extension BlockShaper {
    /// `row` shaped for a text column `width` logical px wide, with `room` logical px (the
    /// column and the window's room beside it) the table may take.
    func shapeTableRow(_ row: TableRow, width: Double, room: Double? = nil) -> BlockLayout {
        let plan = tablePlan(row, width: width, room: room ?? width)
        let padding = plan.paddingPixels
        var cells: [BlockLayout.TableCell] = []
        var height = 0.0
        for (index, cell) in row.cells.enumerated() where index < plan.columns.count {
            let column = plan.columns[index]
            // `makeText` wraps between words and breaks a word only when it alone is wider than
            // the cell, which the plan allows only at its smallest text.
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
