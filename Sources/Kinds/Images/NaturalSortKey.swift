import DocumentKit

/// A name as natural order compares it: case folded, and each run of digits as the number it
/// writes (`page2` before `page10`, `007` equal to `7`), so names sorted by their keys come
/// as a reader counts. Made once per name, so sorting 10,000 pages compares arrays of
/// integers and allocates nothing per comparison.
public struct NaturalSortKey: Comparable, Sendable {
    /// A scalar's value for each character that is not a digit; for a run of digits, a marker
    /// (`0`'s value: every other scalar compares with a number as with a digit, none falls
    /// between), the count of its digits without leading zeros (a longer number is larger),
    /// then those digits.
    private var tokens: [UInt32] = []

    private static let zero = UInt32(("0" as Unicode.Scalar).value)

    public init(_ name: String) {
        let scalars = Array(name.lowercased().unicodeScalars)
        tokens.reserveCapacity(scalars.count + 2)
        var index = 0
        while index < scalars.count {
            guard ("0"..."9").contains(scalars[index]) else {
                tokens.append(scalars[index].value)
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
            var first = index
            while first < end, scalars[first] == "0" { first += 1 }
            tokens.append(NaturalSortKey.zero)
            tokens.append(UInt32(end - first))
            for digit in scalars[first..<end] { tokens.append(digit.value) }
            index = end
        }
    }

    public static func < (left: NaturalSortKey, right: NaturalSortKey) -> Bool {
        left.tokens.lexicographicallyPrecedes(right.tokens)
    }

    /// How two ASCII names compare as their keys would (-1, 0, 1), straight from their bytes
    /// and allocating nothing: for one look over 10,000 names at open, where making a key for
    /// each would cost more than the look. ASCII only: its case folding is the bytes'. The
    /// keys' tokens compared as they come: a character with a character; a number with a
    /// number by its count of digits, then its digits; a number with a character as the
    /// marker (`0`) with it.
    public static func compare(ascii left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        var i = 0, j = 0
        while true {
            guard i < left.count else { return j < right.count ? -1 : 0 }
            guard j < right.count else { return 1 }
            let a = left[i].lowercasedASCII, b = right[j].lowercasedASCII
            switch (isDigit(a), isDigit(b)) {
            case (false, false):
                if a != b { return a < b ? -1 : 1 }
                i += 1
                j += 1
            case (true, false):
                return 0x30 < b ? -1 : 1
            case (false, true):
                return a < 0x30 ? -1 : 1
            case (true, true):
                var leftEnd = i, rightEnd = j
                while leftEnd < left.count, isDigit(left[leftEnd]) { leftEnd += 1 }
                while rightEnd < right.count, isDigit(right[rightEnd]) { rightEnd += 1 }
                while i < leftEnd, left[i] == 0x30 { i += 1 }
                while j < rightEnd, right[j] == 0x30 { j += 1 }
                if leftEnd - i != rightEnd - j { return leftEnd - i < rightEnd - j ? -1 : 1 }
                while i < leftEnd {
                    if left[i] != right[j] { return left[i] < right[j] ? -1 : 1 }
                    i += 1
                    j += 1
                }
            }
        }
    }
}
