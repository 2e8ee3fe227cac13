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
                let sample = Sample(cell: cell, isHeader: row.isHeader)
                // The header is always measured: its bold words are often the widest.
                guard !row.isHeader else {
                    if columns[index].headers.count < longestTextSamples { columns[index].headers.append(sample) }
                    continue
                }
                let (word, text) = estimatedWidths(of: cell.text)
                insert(sample, score: word, into: &columns[index].words, keeping: longestWordSamples)
                insert(sample, score: text, into: &columns[index].texts, keeping: longestTextSamples)
            }
        }
        return TableColumnSamples(columns: columns.map { ranked in
            // A header row or two, as HTML tables may have; not a table of header cells.
            var samples = ranked.headers
            for candidate in ranked.words.map(\.sample) + ranked.texts.map(\.sample) where !samples.contains(candidate) {
                samples.append(candidate)
            }
            return samples
        })
    }

    /// Keeps the `count` highest scores in `list`, highest first; earlier cells win ties.
    private static func insert(_ sample: Sample, score: Double, into list: inout [(score: Double, sample: Sample)],
                               keeping count: Int) {
        guard score > 0, list.count < count || score > list[list.count - 1].score else { return }
        let place = list.firstIndex { $0.score < score } ?? list.count
        list.insert((score, sample), at: place)
        if list.count > count { list.removeLast() }
    }

    /// Rough widths of `text`'s longest word (between spaces) and of all of it, in average
    /// characters: only to choose which cells to measure.
    static func estimatedWidths(of text: String) -> (longestWord: Double, whole: Double) {
        var longest = 0.0, word = 0.0, whole = 0.0
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                longest = max(longest, word)
                word = 0
                whole += 0.5
                continue
            }
            let width = estimatedWidth(of: scalar)
            word += width
            whole += width
        }
        return (max(longest, word), whole)
    }

    /// A character's width against the average one: DejaVu Sans's narrow letters and
    /// punctuation are about half the average, `m` and `W` about 1.5 times, capitals and
    /// digits a little wider, and CJK ideographs and kana a full em (about 1.8 times).
    private static func estimatedWidth(of scalar: Unicode.Scalar) -> Double {
        switch scalar.value {
        case 0x21...0x2F, 0x3A...0x3B, 0x5B...0x60, 0x7B...0x7E:
            return "#$%&+<=>?@_~".unicodeScalars.contains(scalar) ? 1.2 : 0.5
        case 0x41...0x5A:
            return scalar == "I" ? 0.5 : scalar == "M" || scalar == "W" ? 1.5 : 1.2
        case 0x30...0x39:
            return 1.05
        case 0x61...0x7A:
            return "fijlrt".unicodeScalars.contains(scalar) ? 0.55 : scalar == "m" || scalar == "w" ? 1.5 : 1
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60:
            return 1.8
        default:
            return 1
        }
    }
}
