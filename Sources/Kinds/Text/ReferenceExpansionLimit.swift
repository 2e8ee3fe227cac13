/// Reference links kept from expanding the parse past a bound set by the input, before
/// cmark-gfm sees them.
///
/// Every use of a reference (`[text][a]`, `[a]`) becomes a link holding the whole destination
/// of its definition, and each is copied where it is read (cmark-gfm makes a C string of it, the
/// walker a Swift one), so one 500 KB destination used by 200,000 references in a 1.3 MB file
/// grew past 5 GB. The uses of each definition are counted first; while the destinations they
/// would copy add up to more than `expansionPerSourceByte` times the input, the definition that
/// expands most loses its destination (`[a]: <>`), and its uses keep their text without a link.
/// Two passes over the bytes, and a copy only when a destination is dropped.
enum ReferenceExpansionLimit {
    /// How many bytes of destinations the references of a file may copy per byte of it. A
    /// destination is held about three times (cmark-gfm's C string, the walker's, the style's),
    /// so at 16 a 4 MB file (the largest parsed whole) stays under 200 MB of them, while
    /// a real document, whose every use of a reference takes a few bytes of text and whose
    /// destinations are a URL each (100 bytes at most, as a rule), stays far below.
    static let expansionPerSourceByte = 16

    /// Any file may expand this much: 1 MB, a few ms of copying.
    static let minimumExpansionBytes = 1 << 20

    /// The most bytes a label may have (CommonMark's limit is 999 characters).
    private static let maximumLabelBytes = 999 * 4

    private struct Definition {
        var destination: Range<Int>
        var expansion = 0
    }

    /// `bytes` with the destinations of the definitions that would expand too far dropped.
    static func limited(_ bytes: [UInt8]) -> [UInt8] {
        // A definition's label is closed by `]:`: without one anywhere there is none.
        guard ByteScan.contains(Array("]:".utf8), in: bytes) else { return bytes }
        var definitions = ReferenceExpansionLimit.definitions(in: bytes)
        guard !definitions.isEmpty else { return bytes }
        let budget = max(minimumExpansionBytes, expansionPerSourceByte * bytes.count)
        var uses: [[UInt8]: Int] = [:]
        ReferenceExpansionLimit.forEachBracketedLabel(in: bytes) { label in
            if definitions[label] != nil { uses[label, default: 0] += 1 }
        }
        var total = 0
        for (label, count) in uses {
            guard let definition = definitions[label] else { continue }
            definitions[label]?.expansion = count * definition.destination.count
            total += count * definition.destination.count
        }
        guard total > budget else { return bytes }
        var dropped: [Range<Int>] = []
        for definition in definitions.values.sorted(by: { $0.expansion > $1.expansion }) where total > budget {
            dropped.append(definition.destination)
            total -= definition.expansion
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copiedUpTo = 0
        for range in dropped.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            output += bytes[copiedUpTo..<range.lowerBound]
            output += Array("<>".utf8)
            copiedUpTo = range.upperBound
        }
        output += bytes[copiedUpTo...]
        return output
    }

    /// Every line that starts (inside quotes and list items) with `[label]:`, by its label as
    /// cmark-gfm matches labels: the destination that follows, on the same line or the next.
    /// A label seen twice keeps its first definition, as CommonMark does.
    private static func definitions(in bytes: [UInt8]) -> [[UInt8]: Definition] {
        var definitions: [[UInt8]: Definition] = [:]
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = ByteScan.firstIndex(of: 0x0A, in: bytes, from: lineStart) ?? bytes.count
            defer { lineStart = lineEnd + 1 }
            var index = contentStart(bytes, lineStart, lineEnd)
            guard index + 1 < lineEnd, bytes[index] == UInt8(ascii: "["), bytes[index + 1] != UInt8(ascii: "^"),
                  let close = closingBracket(in: bytes, after: index, before: lineEnd),
                  close + 1 < bytes.count, bytes[close + 1] == UInt8(ascii: ":") else { continue }
            let label = key(bytes[(index + 1)..<close])
            index = close + 2
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
            if index < bytes.count, bytes[index] == 0x0A {
                index = contentStart(bytes, index + 1, bytes[(index + 1)...].firstIndex(of: 0x0A) ?? bytes.count)
            }
            var end = index
            if end < bytes.count, bytes[end] == UInt8(ascii: "<") {
                while end < bytes.count, bytes[end] != UInt8(ascii: ">"), bytes[end] != 0x0A { end += 1 }
                end = min(end + 1, bytes.count)
            } else {
                while end < bytes.count, bytes[end] > 0x20 || (bytes[end] != 0x20 && bytes[end] != 0x09
                                                                && bytes[end] != 0x0D && bytes[end] != 0x0A) {
                    end += 1
                }
            }
            if end > index, definitions[label] == nil { definitions[label] = Definition(destination: index..<end) }
        }
        return definitions
    }

    /// Where a line's own text starts: after indentation, quote markers and list markers.
    private static func contentStart(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int {
        var index = start
        while index < end {
            switch bytes[index] {
            case 0x20, 0x09, UInt8(ascii: ">"):
                index += 1
            case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
                guard index + 1 < end, bytes[index + 1] == 0x20 || bytes[index + 1] == 0x09 else { return index }
                index += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                var digit = index
                while digit < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[digit]) { digit += 1 }
                guard digit + 1 < end, bytes[digit] == UInt8(ascii: ".") || bytes[digit] == UInt8(ascii: ")"),
                      bytes[digit + 1] == 0x20 || bytes[digit + 1] == 0x09 else { return index }
                index = digit + 1
            default:
                return index
            }
        }
        return index
    }

    /// The `]` that closes the `[` at `open`, if one does within a label's length with no
    /// other `[` before it; a backslash escapes the byte after it.
    private static func closingBracket(in bytes: [UInt8], after open: Int, before limit: Int) -> Int? {
        var index = open + 1
        let end = min(limit, open + 1 + maximumLabelBytes + 1)
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "["): return nil
            case UInt8(ascii: "]"): return index
            default: break
            }
            index += 1
        }
        return nil
    }

    /// Calls `body` with the key of every `[…]` in `bytes` that could be a reference's label.
    private static func forEachBracketedLabel(in bytes: [UInt8], _ body: ([UInt8]) -> Void) {
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: "["), let close = closingBracket(in: bytes, after: index, before: bytes.count) {
                body(key(bytes[(index + 1)..<close]))
                // The `]` may open nothing, but a `[` right after it starts the next label.
                index = close + 1
                continue
            }
            index += 1
        }
    }

    /// A label as cmark-gfm compares labels: case folded (`uppercased().lowercased()` folds
    /// ß and SS, ς and σ alike, as full case folding does), runs of white space as one space,
    /// none at the ends.
    private static func key(_ label: ArraySlice<UInt8>) -> [UInt8] {
        let folded: [UInt8] = label.allSatisfy({ $0 < 0x80 })
            ? label.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 0x20 : $0 }
            : Array(String(decoding: label, as: UTF8.self).uppercased().lowercased().utf8)
        var key: [UInt8] = []
        key.reserveCapacity(folded.count)
        var pendingSpace = false
        for byte in folded {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = !key.isEmpty
            } else {
                if pendingSpace { key.append(0x20) }
                pendingSpace = false
                key.append(byte)
            }
        }
        return key
    }
}
