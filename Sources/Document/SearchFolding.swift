import CPangoCairo
import CSystem

/// Text reduced to what a reader means when searching: case folded, accents removed, runs of
/// white space made one space. "Ёлка" finds "елка", "café" finds "CAFE", and a phrase finds
/// its words across a line break of plain text.
///
/// A character is decomposed canonically (NFD), its combining marks (Unicode category Mn)
/// dropped and the rest case folded, with GLib's Unicode tables (`g_unichar_fully_decompose`,
/// `g_utf8_casefold`), which pango already links. The result keeps, for each of its bytes,
/// where the character it came from lies in the source, so a match maps back to the text.
struct SearchFolding {
    /// Folded UTF-8 for each non-ASCII character met so far; documents repeat few of them.
    private var foldedScalars: [UInt32: [UInt8]] = [:]

    /// `text` folded, with a map from folded bytes back to the source's UTF-8 offsets.
    mutating func fold(_ text: String) -> FoldedText {
        var folded = FoldedText()
        folded.bytes.reserveCapacity(text.utf8.count)
        folded.sourceStarts.reserveCapacity(text.utf8.count)
        var offset = 0
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let length = scalar.utf8.count
            defer { offset += length }
            if SearchFolding.isSpace(scalar) {
                if !lastWasSpace { folded.append(0x20, from: offset, length: length) }
                // A run of spaces ends where its last character ends.
                folded.sourceEnds[folded.sourceEnds.count - 1] = Int32(offset + length)
                lastWasSpace = true
                continue
            }
            lastWasSpace = false
            if scalar.value < 0x80 {
                let byte = UInt8(scalar.value)
                folded.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte, from: offset, length: length)
            } else {
                for byte in foldedBytes(of: scalar) { folded.append(byte, from: offset, length: length) }
            }
        }
        return folded
    }

    /// The folded form of a query: what `fold` makes of it, without the map.
    mutating func foldQuery(_ query: String) -> [UInt8] {
        fold(query).bytes
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x0A, 0x0D: return true
        case 0..<0x80: return false
        default: return scalar.properties.isWhitespace
        }
    }

    private mutating func foldedBytes(of scalar: Unicode.Scalar) -> [UInt8] {
        if let known = foldedScalars[scalar.value] { return known }
        // 18 is G_UNICHAR_MAX_DECOMPOSITION_LENGTH.
        var parts = [gunichar](repeating: 0, count: 18)
        let count = Int(g_unichar_fully_decompose(scalar.value, 0, &parts, gsize(parts.count)))
        var kept = ""
        for part in parts.prefix(count) where g_unichar_type(part) != G_UNICODE_NON_SPACING_MARK {
            if let base = Unicode.Scalar(part) { kept.unicodeScalars.append(base) }
        }
        var bytes: [UInt8] = []
        if let caseFolded = g_utf8_casefold(kept, -1) {
            bytes = Array(String(cString: caseFolded).utf8)
            g_free(caseFolded)
        }
        // A lone mark folds to nothing: it belongs to the letter before it.
        foldedScalars[scalar.value] = bytes
        return bytes
    }
}

/// Folded text (see `SearchFolding`) and where each of its bytes came from.
struct FoldedText {
    var bytes: [UInt8] = []
    /// For each folded byte, the UTF-8 offsets in the source where its character starts and ends.
    var sourceStarts: [Int32] = []
    var sourceEnds: [Int32] = []

    fileprivate mutating func append(_ byte: UInt8, from offset: Int, length: Int) {
        bytes.append(byte)
        sourceStarts.append(Int32(offset))
        sourceEnds.append(Int32(offset + length))
    }

    /// The source range of the folded bytes `range`.
    func sourceRange(of range: Range<Int>) -> Range<Int> {
        Int(sourceStarts[range.lowerBound])..<Int(sourceEnds[range.upperBound - 1])
    }

    /// The ranges of every occurrence of `needle`, left to right, not overlapping.
    func occurrences(of needle: [UInt8]) -> [Range<Int>] {
        guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
        var found: [Range<Int>] = []
        bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { pattern in
                var start = 0
                while start + pattern.count <= haystack.count,
                      let hit = glide_memmem(haystack.baseAddress! + start, haystack.count - start,
                                       pattern.baseAddress!, pattern.count) {
                    let index = haystack.baseAddress!.distance(to: UnsafeRawPointer(hit))
                    found.append(index..<(index + pattern.count))
                    start = index + pattern.count
                }
            }
        }
        return found
    }
}
