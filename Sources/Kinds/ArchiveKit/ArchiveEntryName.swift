/// The rule for which entry names an archive serves, and under what name.
public enum ArchiveEntryName {
    /// `raw` as the archive serves it: without leading `./` (zip tools that stored names as
    /// they were typed); nil for a name never served: empty, a directory (ending in `/`),
    /// absolute (`/etc/passwd`), or with a `..` component, which only a hostile or broken
    /// tool writes and which a program that unpacked the archive would follow out of its folder.
    /// A backslash is an ordinary character: zip names separate folders with `/` only.
    public static func served(_ raw: String) -> String? {
        servedBounds(raw.utf8).map { String(raw[$0]) }
    }

    /// Where the served name lies in the name's bytes `raw` (its `./` prefixes dropped); nil
    /// for a name never served (`served(_:)`). On bytes, so that a comic's 10,000 names are
    /// told apart at open without a String made for any. Inlinable, so it is specialised for
    /// the caller's bytes rather than run through generic witnesses byte by byte.
    @inlinable
    public static func servedBounds<Bytes: BidirectionalCollection>(_ raw: Bytes) -> Range<Bytes.Index>?
    where Bytes.Element == UInt8 {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var start = raw.startIndex
        while let next = raw.index(start, offsetBy: 2, limitedBy: raw.endIndex), raw[start] == dot,
              raw[raw.index(after: start)] == slash {
            start = next
        }
        let name = raw[start...]
        guard let first = name.first, first != slash, name.last != slash else { return nil }
        // A `..` component, found in one pass without splitting the name.
        var componentStart = name.startIndex, index = name.startIndex
        while true {
            let atEnd = index == name.endIndex
            if atEnd || name[index] == slash {
                if name.distance(from: componentStart, to: index) == 2, name[componentStart] == dot,
                   name[name.index(after: componentStart)] == dot {
                    return nil
                }
                if atEnd { break }
                componentStart = name.index(after: index)
            }
            index = name.index(after: index)
        }
        return start..<raw.endIndex
    }
}
