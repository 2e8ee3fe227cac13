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
}
