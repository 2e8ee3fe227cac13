import DocumentKit

/// Cutting blocks whose text is too long to shape at once.
extension Block {
    /// The block as pieces of at most about `maximumBytes` UTF-8 bytes each, cut after a space
    /// where one is near, else between characters; later pieces continue the first. Pango
    /// shapes a paragraph as a whole, so a 10 MB line would stall the first frame for seconds.
    func split(maximumBytes: Int) -> [Block] {
        // A table row's cells are kept short when parsed; its text only joins them.
        if case .tableRow = kind { return [self] }
        let utf8 = Array(text.utf8)
        guard utf8.count > maximumBytes else { return [self] }
        var pieces: [Block] = []
        var start = 0
        while start < utf8.count {
            let end = Block.cutPoint(in: utf8, from: start, maximumBytes: maximumBytes)
            var piece = self
            piece.text = String(decoding: utf8[start..<end], as: UTF8.self)
            piece.styles = styles.compactMap { style in
                let lower = max(style.utf8Range.lowerBound, start), upper = min(style.utf8Range.upperBound, end)
                return lower < upper ? InlineStyle(style.kind, utf8Range: (lower - start)..<(upper - start)) : nil
            }
            piece.continuesPrevious = start > 0 || continuesPrevious
            if start > 0 {
                // The first piece has the block's first line and the space above it.
                piece.style.textIndentEms = 0
                piece.style.marginTopEms = nil
                piece.style.startsPage = false
            }
            if end < utf8.count { piece.style.marginBottomEms = nil }
            pieces.append(piece)
            start = end
        }
        return pieces
    }

    /// Where a piece starting at `start` ends: after the last space within the final eighth of
    /// the allowance, else at the last character boundary within it.
    private static func cutPoint(in utf8: [UInt8], from start: Int, maximumBytes: Int) -> Int {
        let limit = start + maximumBytes
        guard limit < utf8.count else { return utf8.count }
        var index = limit
        while index > limit - maximumBytes / 8 {
            if utf8[index - 1] == 0x20 { return index }
            index -= 1
        }
        index = limit
        // Never inside a character: continuation bytes are 0b10xxxxxx.
        while index > start + 1, utf8[index] & 0xC0 == 0x80 { index -= 1 }
        return index
    }
}
