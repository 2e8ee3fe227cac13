/// How many nodes cmark-gfm will make of some Markdown's inlines and lines, guessed from its
/// bytes before it parses them.
///
/// A parse costs about 1 µs and 200 bytes per node, cmark-gfm's and the walker's together
/// (measured with the release build: 4 MB of `*a* ` became 2 M nodes in 3.7 s and 829 MB,
/// 2 M lines of `a` in 4.0 s and 762 MB, 800,000 headings `# a` in 1.0 s and 437 MB), while
/// prose makes one node in 15 to 20 bytes (4 MB of it in 0.6 s and 98 MB). So a file is
/// parsed whole only if it makes few enough.
///
/// Each byte that opens or closes an inline (emphasis, links, code, autolinks, entities,
/// escapes) counts one node (a link's two brackets two: a link costs cmark-gfm about twice
/// what emphasis does, 200,000 reference links 0.8 s), and so does each line that is not
/// blank (a block, or a soft break and the text after it). One pass over the bytes, about 1 ns
/// each.
enum ParseNodeEstimate {
    static func count(in bytes: [UInt8]) -> Int {
        var count = 0
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "`"), UInt8(ascii: "~"),
                 UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "\\"):
                count += 1
            case 0x0A where index + 1 < bytes.count && bytes[index + 1] != 0x0A:
                count += 1
            default:
                break
            }
        }
        return count
    }
}
