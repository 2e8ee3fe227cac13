import Localization

/// Markdown tables cut to a width whose parse is bounded by the input, before cmark-gfm sees
/// them.
///
/// cmark-gfm gives every row of a table as many cells as its header has, padding short rows
/// with empty ones, so the cells it makes grow as rows × header cells, not with the bytes: a
/// 60 KB table whose header has 10,000 cells and whose 10,000 rows have one each became 10^8
/// cells (past 5 GB), and a 2 MB header and delimiter row of pipes took it 16 s. So each table
/// keeps at most `maximumColumns` columns, and fewer where its rows are so many that padding
/// them would make more cells than `cellsPerSourceByte` per byte of the table; a line in
/// emphasis below the table says how many columns were left out (a cell of its own would be
/// squeezed to the width of a word). One pass over the bytes, and a copy only when a table is
/// cut.
enum TableColumnLimit {
    /// The most columns a table keeps: five bands of `TableRow.maximumColumns` one below the
    /// other, each repeating every row. Wider than that is a data dump no one reads on a
    /// screen, and at 100 cells a row cmark-gfm and the walker make at most 100 nodes of a line.
    static let maximumColumns = 5 * TableRow.maximumColumns

    /// How many cells a table may make per byte of its source, padding included. A full
    /// table needs at least two bytes a cell (`a|`), so a real one stays below one cell a
    /// byte; four leave room for rows that leave their last cells out, and bound a cell-dense
    /// file of 4 MB (the largest parsed whole, `TextDocument.wholeParseLimitBytes`) to 16 M cells
    /// before `wholeParseCellLimit` sends it to the section-at-a-time path.
    static let cellsPerSourceByte = 4

    /// Every table may make this many cells however short its source: 64 rows at the widest,
    /// a few ms of parsing.
    static let minimumCellAllowance = 64 * maximumColumns

    /// `bytes` with every table cut to the columns it may keep, and how many cells cmark-gfm
    /// will make of its tables (the header's width times the lines of each table).
    static func limited(_ bytes: [UInt8]) -> (bytes: [UInt8], cellCount: Int) {
        guard ByteScan.contains(UInt8(ascii: "|"), in: bytes) else { return (bytes, 0) }
        var output: [UInt8] = []
        var copiedUpTo = 0
        var cellCount = 0
        var previousLine: Range<Int>?
        var lineStart = 0
        while lineStart < bytes.count {
            let line = lineStart..<TableColumnLimit.lineEnd(in: bytes, from: lineStart)
            lineStart = line.upperBound + 1
            guard let header = previousLine, let columns = TableColumnLimit.delimiterCellCount(bytes, line) else {
                previousLine = line
                continue
            }
            var body: [Range<Int>] = []
            while lineStart < bytes.count {
                let row = lineStart..<TableColumnLimit.lineEnd(in: bytes, from: lineStart)
                guard !TableColumnLimit.isBlank(bytes, row) else { break }
                body.append(row)
                lineStart = row.upperBound + 1
            }
            previousLine = nil
            let lines = body.count + 2
            let tableBytes = (body.last ?? line).upperBound - header.lowerBound
            let allowance = max(minimumCellAllowance, cellsPerSourceByte * tableBytes)
            let kept = min(columns, maximumColumns, max(1, allowance / lines))
            cellCount += lines * min(columns, kept)
            guard kept < columns else { continue }
            output.reserveCapacity(bytes.count)
            output += bytes[copiedUpTo..<header.lowerBound]
            let notice = TableColumnLimit.escaped(
                localizedPlural("%s more column not shown", "%s more columns not shown", count: columns - kept, columns - kept))
            for row in [header, line] + body {
                output += TableColumnLimit.cut(bytes, row, toCells: kept)
                output.append(0x0A)
            }
            // A blank line ends the table, so the notice is a paragraph of its own.
            output += [0x0A, UInt8(ascii: "*")] + notice + [UInt8(ascii: "*"), 0x0A]
            copiedUpTo = min(lineStart, bytes.count)
        }
        guard copiedUpTo > 0 else { return (bytes, cellCount) }
        output += bytes[copiedUpTo...]
        return (output, cellCount)
    }

    private static func lineEnd(in bytes: [UInt8], from start: Int) -> Int {
        ByteScan.firstIndex(of: 0x0A, in: bytes, from: start) ?? bytes.count
    }

    /// Where a line's own text starts: after the indentation and quote markers of the blocks
    /// it is inside.
    private static func contentStart(_ bytes: [UInt8], _ line: Range<Int>) -> Int {
        var index = line.lowerBound
        while index < line.upperBound, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == UInt8(ascii: ">") {
            index += 1
        }
        return index
    }

    private static func isBlank(_ bytes: [UInt8], _ line: Range<Int>) -> Bool {
        bytes[contentStart(bytes, line)..<line.upperBound].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// The cells of `line` if it is a table's delimiter row (`|---|:-:|`), else nil. Lax:
    /// anything of pipes, dashes, colons and spaces with a pipe and a dash counts, since a
    /// line wrongly taken is only cut when it is wider than a table may be.
    private static func delimiterCellCount(_ bytes: [UInt8], _ line: Range<Int>) -> Int? {
        var pipes = 0, dashes = 0
        var first: UInt8 = 0, last: UInt8 = 0
        for byte in bytes[contentStart(bytes, line)..<line.upperBound] {
            switch byte {
            case UInt8(ascii: "|"): pipes += 1
            case UInt8(ascii: "-"): dashes += 1
            case UInt8(ascii: ":"): break
            case 0x20, 0x09, 0x0D: continue
            default: return nil
            }
            if first == 0 { first = byte }
            last = byte
        }
        guard pipes > 0, dashes > 0 else { return nil }
        return pipes + 1 - (first == UInt8(ascii: "|") ? 1 : 0) - (last == UInt8(ascii: "|") ? 1 : 0)
    }

    /// `line` up to the pipe that closes its `count`th cell, or as it is if it has no more
    /// than `count`. A backslash escapes the byte after it, as in
    /// cmark-gfm's cell scanner, so `\|` stays inside its cell.
    private static func cut(_ bytes: [UInt8], _ line: Range<Int>, toCells count: Int) -> [UInt8] {
        var index = contentStart(bytes, line)
        while index < line.upperBound, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        if index < line.upperBound, bytes[index] == UInt8(ascii: "|") { index += 1 }
        var cells = 0
        while index < line.upperBound {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                index += 1
            case UInt8(ascii: "|"):
                cells += 1
                if cells == count {
                    let rest = bytes[(index + 1)..<line.upperBound]
                    // The pipe closes the last cell kept; a line with nothing after it has no more.
                    guard !rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else { return Array(bytes[line]) }
                    return Array(bytes[line.lowerBound...index])
                }
            default:
                break
            }
            index += 1
        }
        return Array(bytes[line])
    }

    /// `text` as Markdown that shows it as it is: ASCII punctuation escaped with a backslash.
    private static func escaped(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if byte < 0x80, (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte)
                || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte) {
                bytes.append(UInt8(ascii: "\\"))
            }
            bytes.append(byte)
        }
        return bytes
    }
}
