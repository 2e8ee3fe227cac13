/// A table's rows made into blocks, one a row, all sharing the table's column plan: the one
/// way GitHub Markdown tables and HTML `<table>`s are set.
enum TableBlocks {
    /// A row as parsed: its cells so far (maybe fewer than the table's columns), and whether
    /// it is a header row.
    struct Row {
        var cells: [TableRow.Cell]
        var isHeader: Bool
    }

    /// `cell` cut to its share of a block's size in a table of `columnCount` columns. A row is
    /// shaped as a whole and never cut (`Block.split`), so its band of cells together is kept
    /// to about a block's size: the layout cost of any one block stays bounded.
    private static func bounded(_ cell: TableRow.Cell, columnCount: Int) -> TableRow.Cell {
        let cellBytes = max(256, TextSections.maximumBlockBytes / max(1, min(columnCount, TableRow.maximumColumns)))
        guard cell.text.utf8.count > cellBytes else { return cell }
        return TableRow.Cell(text: String(decoding: cell.text.utf8.prefix(cellBytes), as: UTF8.self) + "…",
                             styles: cell.styles.filter { $0.utf8Range.upperBound <= cellBytes })
    }

    /// The blocks of a table of `rows` whose columns align as `alignments` gives (one a
    /// column). Rows with fewer cells are padded; cells past the last column are left out.
    ///
    /// A table wider than `TableRow.maximumColumns` is set as several tables of that many
    /// columns each, one below the other, as a wide sheet is printed on several pages: its
    /// text stays readable, and nothing scrolls sideways.
    static func blocks(rows: [Row], alignments: [TextAlignment]) -> [Block] {
        let columnCount = alignments.count
        guard columnCount > 0 else { return [] }
        var natural = [Int](repeating: 1, count: columnCount)
        let rows = rows.map { row in
            var cells = Array(row.cells.prefix(columnCount)).map { bounded($0, columnCount: columnCount) }
            while cells.count < columnCount { cells.append(TableRow.Cell(text: "")) }
            for (column, cell) in cells.enumerated() {
                natural[column] = max(natural[column], min(cell.text.count, TableRow.maximumNaturalCharacters))
            }
            return Row(cells: cells, isHeader: row.isHeader)
        }
        var blocks: [Block] = []
        for bandStart in stride(from: 0, to: columnCount, by: TableRow.maximumColumns) {
            let band = bandStart..<min(bandStart + TableRow.maximumColumns, columnCount)
            for (index, row) in rows.enumerated() {
                let cells = Array(row.cells[band])
                let tableRow = TableRow(cells: cells, isHeader: row.isHeader, alignments: Array(alignments[band]),
                                        naturalCharacters: Array(natural[band]))
                // Rows follow each other with no space between.
                blocks.append(Block(kind: .tableRow(tableRow), text: cells.map(\.text).joined(separator: "\t"),
                                    continuesPrevious: index > 0))
            }
        }
        return blocks
    }
}
