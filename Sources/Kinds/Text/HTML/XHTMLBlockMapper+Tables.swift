import Localization

extension XHTMLBlockMapper {
    /// The most cells an HTML table keeps; the rows past them are left out with a note. A
    /// Markdown table is held to what its bytes cost (`TableColumnLimit`); an HTML one's
    /// cells cost more bytes each, so this is about the same bound.
    static let maximumTableCells = 20_000

    /// The most columns kept: as many as `TableRow.maximumColumns` bands of them read well.
    static let maximumTableColumns = 5 * TableRow.maximumColumns

    /// A table set as GitHub Markdown tables are (`TableBlocks`): rows of `<thead>`, `<tbody>`,
    /// `<tfoot>` or the table itself; `<th>` rows, and `<thead>`'s, are headers; a column takes
    /// the alignment of its first aligned cell. A table inside a cell runs into the cell's text.
    mutating func visitTable(_ node: HTMLNode) {
        guard !isInCell else { return visitBlock(node, name: "table") }
        finishBlock()
        var rows: [TableBlocks.Row] = []
        var alignments: [TextAlignment?] = []
        var cellCount = 0
        var isCut = false
        func visitRow(_ row: HTMLNode, inHeader: Bool, mapper: inout XHTMLBlockMapper) {
            guard !isCut else { return }
            var cells: [TableRow.Cell] = []
            var allHeaders = true
            for cell in row.elementChildren where cell.elementName == "td" || cell.elementName == "th" {
                guard cells.count < Self.maximumTableColumns else { break }
                allHeaders = allHeaders && cell.elementName == "th"
                if cells.count >= alignments.count { alignments.append(nil) }
                if alignments[cells.count] == nil { alignments[cells.count] = HTMLElements.alignment(of: cell) }
                cells.append(mapper.cellContent(cell))
                let span = cell.attribute("colspan").flatMap { Int($0.trimmingHTMLSpace) } ?? 1
                for _ in 1..<max(1, min(span, Self.maximumTableColumns - cells.count + 1)) {
                    if cells.count >= alignments.count { alignments.append(nil) }
                    cells.append(TableRow.Cell(text: ""))
                }
            }
            guard !cells.isEmpty else { return }
            cellCount += cells.count
            if cellCount > Self.maximumTableCells { isCut = true }
            rows.append(TableBlocks.Row(cells: cells, isHeader: inHeader || allHeaders))
        }
        nested { mapper in
            for child in node.elementChildren {
                switch child.elementName {
                case "tr":
                    visitRow(child, inHeader: false, mapper: &mapper)
                case "thead", "tbody", "tfoot":
                    for row in child.elementChildren where row.elementName == "tr" {
                        visitRow(row, inHeader: child.elementName == "thead", mapper: &mapper)
                    }
                case "caption" where mapper.isBook:
                    mapper.visitCaption(child)
                case "caption":
                    let outer = mapper.alignment
                    mapper.alignment = .center
                    mapper.visitBlock(child, name: "caption")
                    mapper.alignment = outer
                default:
                    break
                }
            }
        }
        for block in TableBlocks.blocks(rows: rows, alignments: alignments.map { $0 ?? .leading }) { append(block) }
        if isCut { append(Block(kind: .paragraph, text: XHTMLBlockMapper.tableCutText)) }
        // Images in cells are drawn at the column's width, after the table.
        for image in deferredImages { append(image) }
        deferredImages = []
    }

    /// What stands in for the rows of a table past `maximumTableCells`.
    static var tableCutText: String { localized("… (the rest of this table is too large to show)") }

    /// A cell's text and styles, its blocks run together.
    private mutating func cellContent(_ cell: HTMLNode) -> TableRow.Cell {
        let saved = inline
        inline = HTMLInlineText()
        isInCell = true
        visitChildren(of: cell)
        isInCell = false
        let (text, styles) = inline.take()
        inline = saved
        return TableRow.Cell(text: text, styles: styles)
    }
}
