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
public struct SearchFolding {
    /// Folded UTF-8 for each non-ASCII character met so far; documents repeat few of them.
    private var foldedScalars: [UInt32: [UInt8]] = [:]
    /// Whether a hyphen that ends a line between two letters joins the word typesetting broke
    /// there ("hyphen-⏎ation" folds as "hyphenation"), as poppler's find across lines reads a
    /// line it marks hyphenated. For typeset text (PDF); in Markdown a line break is a space.
    var joinsWordsHyphenatedAtLineEnds = false

    /// `text` folded, with a map from folded bytes back to the source's UTF-8 offsets.
    mutating func fold(_ text: String) -> FoldedText {
        var folded = FoldedText()
        fold(text, into: &folded, recordingSources: true)
        return folded
    }

    /// The folded form of a query: what `fold` makes of it, without the map.
    mutating func foldQuery(_ query: String) -> [UInt8] {
        fold(query).bytes
    }

    /// Folds `text` into `folded` (emptied first, its storage kept: a search reuses one
    /// buffer for every block). Without `recordingSources` only the bytes are made, which is
    /// all a block without a match needs; the map is made again for blocks that match.
    mutating func fold(_ text: String, into folded: inout FoldedText, recordingSources: Bool) {
        folded.removeAll()
        var text = text
        text.withUTF8 { source in
            var offset = 0
            var lastWasSpace = false
            while offset < source.count {
                let lead = source[offset]
                if joinsWordsHyphenatedAtLineEnds, SearchFolding.hyphenLeadBytes.contains(lead),
                   folded.bytes.last.map(SearchFolding.isLetterByte) == true,
                   let joined = SearchFolding.hyphenatedLineBreakLength(in: source, at: offset) {
                    // Nothing folded for the hyphen and the line break: the match's source range
                    // runs over them, from the word's first part to its second.
                    offset += joined
                    continue
                }
                if lead < 0x80 {
                    // ASCII, most of most documents: case folding is one bit.
                    if lead == 0x20 || lead == 0x09 || lead == 0x0A || lead == 0x0D {
                        if !lastWasSpace { folded.append(0x20, from: offset, length: 1, recording: recordingSources) }
                        else if recordingSources { folded.extendLast(to: offset + 1) }
                        lastWasSpace = true
                    } else {
                        let byte = lead >= 0x41 && lead <= 0x5A ? lead | 0x20 : lead
                        folded.append(byte, from: offset, length: 1, recording: recordingSources)
                        lastWasSpace = false
                    }
                    offset += 1
                    continue
                }
                let (scalar, length) = SearchFolding.decode(source, at: offset)
                let replacement = foldedBytes(of: scalar)
                if replacement == [0x20] {
                    if !lastWasSpace { folded.append(0x20, from: offset, length: length, recording: recordingSources) }
                    else if recordingSources { folded.extendLast(to: offset + length) }
                    lastWasSpace = true
                } else {
                    for byte in replacement { folded.append(byte, from: offset, length: length, recording: recordingSources) }
                    // A lone combining mark folds to nothing and leaves a run of spaces open.
                    if !replacement.isEmpty { lastWasSpace = false }
                }
                offset += length
            }
        }
    }

    /// Whether a folded byte belongs to a letter: an ASCII letter, or any byte of a folded
    /// non-ASCII character (spaces, digits and punctuation fold to ASCII).
    private static func isLetterByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x61 && byte <= 0x7A)
    }

    /// The hyphens that typesetting puts at a broken word's line end: U+002D, the soft
    /// hyphen U+00AD and U+2010, as UTF-8.
    private static let lineEndHyphens: [[UInt8]] = [[0x2D], [0xC2, 0xAD], [0xE2, 0x80, 0x90]]
    /// Their first bytes: any other byte starts no hyphen, and is folded without looking on.
    private static let hyphenLeadBytes = Set(lineEndHyphens.map { $0[0] })

    /// The length of a hyphen and the line break after it at `offset`, when a letter follows
    /// the break; nil otherwise.
    private static func hyphenatedLineBreakLength(in source: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        guard let hyphen = lineEndHyphens.first(where: { hyphen in
            offset + hyphen.count <= source.count && hyphen.indices.allSatisfy { source[offset + $0] == hyphen[$0] }
        }) else { return nil }
        var end = offset + hyphen.count
        if end < source.count, source[end] == 0x0D { end += 1 }
        guard end < source.count, source[end] == 0x0A else { return nil }
        end += 1
        guard end < source.count else { return nil }
        let next = source[end]
        let isLetter = next >= 0x80 || (next | 0x20 >= 0x61 && next | 0x20 <= 0x7A)
        return isLetter ? end - offset : nil
    }

    /// The scalar whose UTF-8 starts at `offset` of valid UTF-8 (a Swift string's), and its length.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[offset])
        func next(_ index: Int) -> UInt32 { UInt32(bytes[offset + index]) & 0x3F }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | next(1), 2) }
        if lead < 0xF0 { return ((lead & 0x0F) << 12 | next(1) << 6 | next(2), 3) }
        return ((lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3), 4)
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x0A, 0x0D: return true
        case 0..<0x80: return false
        default: return scalar.properties.isWhitespace
        }
    }

    private mutating func foldedBytes(of scalar: UInt32) -> [UInt8] {
        if let known = foldedScalars[scalar] { return known }
        if let unicode = Unicode.Scalar(scalar), SearchFolding.isSpace(unicode) {
            foldedScalars[scalar] = [0x20]
            return [0x20]
        }
        // 18 is G_UNICHAR_MAX_DECOMPOSITION_LENGTH.
        var parts = [gunichar](repeating: 0, count: 18)
        let count = Int(g_unichar_fully_decompose(scalar, 0, &parts, gsize(parts.count)))
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
        foldedScalars[scalar] = bytes
        return bytes
    }
}

/// Folded text (see `SearchFolding`) and where each of its bytes came from.
public struct FoldedText {
    var bytes: [UInt8] = []
    /// For each folded byte, the UTF-8 offsets in the source where its character starts and ends.
    var sourceStarts: [Int32] = []
    var sourceEnds: [Int32] = []

    fileprivate mutating func append(_ byte: UInt8, from offset: Int, length: Int, recording: Bool) {
        bytes.append(byte)
        guard recording else { return }
        sourceStarts.append(Int32(offset))
        sourceEnds.append(Int32(offset + length))
    }

    /// Makes the last folded byte (a space standing for a run) end at `end` in the source.
    fileprivate mutating func extendLast(to end: Int) {
        sourceEnds[sourceEnds.count - 1] = Int32(end)
    }

    fileprivate mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        sourceStarts.removeAll(keepingCapacity: true)
        sourceEnds.removeAll(keepingCapacity: true)
    }

    /// The source range of the folded bytes `range`.
    func sourceRange(of range: Range<Int>) -> Range<Int> {
        Int(sourceStarts[range.lowerBound])..<Int(sourceEnds[range.upperBound - 1])
    }

    /// Whether `needle` occurs at all.
    func contains(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, bytes.count >= needle.count else { return false }
        return bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { glide_memmem(haystack.baseAddress!, haystack.count, $0.baseAddress!, $0.count) != nil }
        }
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
