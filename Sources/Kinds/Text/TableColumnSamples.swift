import DocumentKit

/// The few cells of each table column that decide how wide it must be and how wide it would
/// like to be: those with the longest words and the longest text, and the header's. Every row
/// of a table carries the same samples (one shared array), so a row shaped on its own,
/// in any section, measures them with pango and gets the same columns as the others
/// (`TableColumnPlan`), while measuring stays a few cells a column however long the table.
public struct TableColumnSamples: Equatable, Sendable {
    public struct Sample: Equatable, Sendable {
        public var cell: TableRow.Cell
        /// Whether the cell is a header's, which is set in bold.
        public var isHeader: Bool

        public init(cell: TableRow.Cell, isHeader: Bool) {
            self.cell = cell
            self.isHeader = isHeader
        }
    }

    /// Each column's samples; empty when the table was not sampled, and its widths are
    /// estimated from `TableRow.naturalCharacters`.
    public var columns: [[Sample]]

    public init(columns: [[Sample]] = []) {
        self.columns = columns
    }

    /// How many of a column's cells with the longest words are kept, and how many with the
    /// longest text: three and two. Character widths differ (`W` is three `i`s), so the
    /// longest by the estimate below is not always the widest once shaped; the runners-up are
    /// measured too.
    static let longestWordSamples = 3
    static let longestTextSamples = 2

    /// `blocks` with every table's rows given their table's samples. A table is a run of row
    /// blocks whose first does not carry on the block before it (each band of a wide table
    /// is a table of its own, `TableRow.maximumColumns`). One pass over the cells' text.
    static func sampling(_ blocks: [Block]) -> [Block] {
        var blocks = blocks
        var start = 0
        while start < blocks.count {
            guard case .tableRow = blocks[start].kind else {
                start += 1
                continue
            }
            var end = start + 1
            while end < blocks.count, blocks[end].continuesPrevious, case .tableRow = blocks[end].kind { end += 1 }
            let samples = sampled(blocks[start..<end])
            for index in start..<end {
                guard case .tableRow(var row) = blocks[index].kind else { continue }
                row.samples = samples
                blocks[index].kind = .tableRow(row)
            }
            start = end
        }
        return blocks
    }

    /// The samples of one table's rows.
    private static func sampled(_ rows: ArraySlice<Block>) -> TableColumnSamples {
        struct Ranked {
            var words: [(score: Double, sample: Sample)] = []
            var texts: [(score: Double, sample: Sample)] = []
            var headers: [Sample] = []
        }
        var columns: [Ranked] = []
        for block in rows {
            guard case .tableRow(let row) = block.kind else { continue }
            if columns.count < row.cells.count { columns += Array(repeating: Ranked(), count: row.cells.count - columns.count) }
            for (index, cell) in row.cells.enumerated() {
                // The header is always measured: its bold words are often the widest.
                guard !row.isHeader else {
                    if columns[index].headers.count < longestTextSamples {
                        columns[index].headers.append(Sample(cell: cell, isHeader: true))
                    }
                    continue
                }
                let (word, text) = estimatedWidths(of: cell.text)
                insert(cell, score: word, into: &columns[index].words, keeping: longestWordSamples)
                insert(cell, score: text, into: &columns[index].texts, keeping: longestTextSamples)
            }
        }
        return TableColumnSamples(columns: columns.map { ranked in
            var samples = ranked.headers
            for candidate in ranked.words.map(\.sample) + ranked.texts.map(\.sample) where !samples.contains(candidate) {
                samples.append(candidate)
            }
            return samples
        })
    }

    /// Keeps the `count` highest scores in `list`, highest first; earlier cells win ties.
    private static func insert(_ cell: TableRow.Cell, score: Double, into list: inout [(score: Double, sample: Sample)],
                               keeping count: Int) {
        guard score > 0, list.count < count || score > list[list.count - 1].score else { return }
        let place = list.firstIndex { $0.score < score } ?? list.count
        list.insert((score, Sample(cell: cell, isHeader: false)), at: place)
        if list.count > count { list.removeLast() }
    }

    /// Rough widths of `text`'s longest word (between spaces) and of all of it, in average
    /// characters: only to choose which cells to measure. One pass over the UTF-8.
    static func estimatedWidths(of text: String) -> (longestWord: Double, whole: Double) {
        var longest = 0.0, word = 0.0, whole = 0.0
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x09 {
                longest = max(longest, word)
                word = 0
                whole += 0.5
                continue
            }
            let width = estimatedWidth(ofUTF8Byte: byte)
            word += width
            whole += width
        }
        return (max(longest, word), whole)
    }

    /// The width a UTF-8 byte adds against the average character: DejaVu Sans's narrow
    /// letters and punctuation are about half the average, `m` and `W` about 1.5 times,
    /// capitals and digits a little wider; a character beyond ASCII counts at its lead byte,
    /// CJK ideographs, kana and Hangul (U+3000 to U+D7FF, lead bytes E3 to ED) as a full em
    /// (about 1.8 times), others as the average.
    private static let byteWidths: [Double] = (0...255).map { value in
        let byte = UInt8(value)
        switch byte {
        case 0x80...0xBF: return 0
        case 0xE3...0xED: return 1.8
        case 0xC0...0xFF: return 1
        case UInt8(ascii: "I"), UInt8(ascii: "f"), UInt8(ascii: "i"), UInt8(ascii: "j"), UInt8(ascii: "l"),
             UInt8(ascii: "r"), UInt8(ascii: "t"):
            return 0.55
        case UInt8(ascii: "M"), UInt8(ascii: "W"), UInt8(ascii: "m"), UInt8(ascii: "w"):
            return 1.5
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 1.2
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return 1.05
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return 1
        case UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "+"),
             UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "@"),
             UInt8(ascii: "_"), UInt8(ascii: "~"):
            return 1.2
        default: return 0.5
        }
    }

    private static func estimatedWidth(ofUTF8Byte byte: UInt8) -> Double { byteWidths[Int(byte)] }
}
