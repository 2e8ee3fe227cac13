import DocumentKit

/// The column of text a point is in, as a double tap zooms to it (iOS zooms a web page's
/// column so: the block under the finger fills the window's width).
extension PageText {
    /// The least share of the page's busiest stretch of lines a stretch must have to belong to
    /// a column: the gutter between two columns is crossed only by the few lines that span
    /// both (a title, a figure's caption), a column's own width by most of its lines, its
    /// ragged right edge by well over a third of them.
    static let columnCoverageShare = 0.3

    /// The horizontal extent, in page points, of the column of lines that covers `x` (page
    /// points from the page's left), or the nearest one when `x` is in a margin or a gutter;
    /// nil when the page has no drawn text.
    ///
    /// Each line (as the kind reads them, a column's lines apart) covers the stretch from its
    /// first drawn character to its last; how many lines cover each point across the page
    /// makes a profile whose high plateaus are the columns.
    func column(aroundX x: Double) -> ClosedRange<Double>? {
        let lines = lineExtents
        guard let left = lines.map(\.lowerBound).min(), let right = lines.map(\.upperBound).max(), right > left else {
            return nil
        }
        // One bin a point: finer than any gutter, and at most a few thousand bins a page.
        let binCount = Int((right - left).rounded(.up)) + 1
        var coverage = [Int](repeating: 0, count: binCount)
        for line in lines {
            let first = Int((line.lowerBound - left).rounded(.down)), last = Int((line.upperBound - left).rounded(.down))
            for bin in first...min(last, binCount - 1) { coverage[bin] += 1 }
        }
        let threshold = max(1, Int((Double(coverage.max() ?? 0) * Self.columnCoverageShare).rounded(.up)))
        var start = min(max(Int((x - left).rounded(.down)), 0), binCount - 1)
        if coverage[start] < threshold {
            // In a margin or a gutter: the nearest column.
            guard let nearest = coverage.indices.filter({ coverage[$0] >= threshold }).min(by: { abs($0 - start) < abs($1 - start) })
            else { return nil }
            start = nearest
        }
        var low = start, high = start
        while low > 0, coverage[low - 1] >= threshold { low -= 1 }
        while high < binCount - 1, coverage[high + 1] >= threshold { high += 1 }
        let plateau = (left + Double(low))...(left + Double(high + 1))
        // The plateau stops where fewer lines reach (a ragged right edge): the column is all
        // of its own lines, those centred on it and not much wider (a title across two
        // columns is not one of them), so none of its text is cut at the window's edge.
        let own = lines.filter { line in
            plateau.contains((line.lowerBound + line.upperBound) / 2)
                && line.upperBound - line.lowerBound <= Self.ownLineWidthShare * (plateau.upperBound - plateau.lowerBound)
        }
        guard let first = own.map(\.lowerBound).min(), let last = own.map(\.upperBound).max() else { return plateau }
        return min(first, plateau.lowerBound)...max(last, plateau.upperBound)
    }

    /// How much wider than its column's plateau a line may be and still be one of its lines:
    /// a ragged line ends a word or so past where most of its neighbours do, well short of a
    /// second column's width.
    static let ownLineWidthShare = 1.3

    /// Each line's horizontal extent in page points, from its drawn characters.
    private var lineExtents: [ClosedRange<Double>] {
        var extents: [ClosedRange<Double>] = []
        var line: ClosedRange<Double>?
        for (index, scalar) in text.unicodeScalars.enumerated() where index < characterCount {
            if scalar == "\n" {
                if let line { extents.append(line) }
                line = nil
            } else if isDrawn(index) {
                let rect = rects[index]
                line = line.map { min($0.lowerBound, rect.x)...max($0.upperBound, rect.x + rect.width) } ?? rect.x...(rect.x + rect.width)
            }
        }
        if let line { extents.append(line) }
        return extents
    }
}
