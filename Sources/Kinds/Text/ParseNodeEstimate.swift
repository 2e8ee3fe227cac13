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
/// blank (a block, or a soft break and the text after it). A `memchr` pass over the bytes for
/// each of those bytes and one for line feeds (`ByteScan`), well under 1 ns a byte in all.
enum ParseNodeEstimate {
    static func count(in bytes: [UInt8]) -> Int {
        var count = 0
        for byte in opensOrCloses { count += ByteScan.count(of: byte, in: bytes) }
        ByteScan.forEach(UInt8(0x0A), in: bytes) { lineFeed in
            if lineFeed + 1 < bytes.count, bytes[lineFeed + 1] != 0x0A { count += 1 }
        }
        return count
    }

    /// The bytes that open or close an inline. Each is counted with `memchr` (a pass a byte,
    /// 32 bytes a step): a loop over the bytes switching on each took 11 instructions a byte
    /// (callgrind), the largest part of the scans that bound a parse.
    private static let opensOrCloses = Array("*_[]`~<&\\".utf8)
}
