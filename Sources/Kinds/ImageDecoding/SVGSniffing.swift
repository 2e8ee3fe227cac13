/// Whether bytes are an SVG document by their root element, for the decoder, when gdk-pixbuf's
/// own sniffing does not say: shared-mime-info looks for `<svg` in the first 256 bytes only,
/// so an SVG after a licence comment is `text/html` or `application/xml` to it, and even a
/// file named `.svg` is not recognised (4 of the 925 SVGs on the build machine, all Swift's
/// DocC icons with their licence first, measured for issue 24); an image given as bytes has
/// no name to be known by at all.
enum SVGSniffing {
    /// How far into the bytes the root element is looked for, past an XML declaration,
    /// comments, processing instructions and a DOCTYPE: a licence comment is a few hundred
    /// bytes (DocC's, 333), a whole licence text some KB; 64 KB leaves room for any of them.
    static let reachBytes = 64 << 10

    /// Whether the first element of `head` (the document's first bytes) is `svg`, in any
    /// namespace prefix (`<svg:svg>`).
    static func isSVG(_ head: [UInt8]) -> Bool {
        let bytes = head.prefix(reachBytes)
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skip(past end: String) -> Bool {
            let needle = Array(end.utf8)
            while index + needle.count <= bytes.count {
                if bytes[index..<(index + needle.count)].elementsEqual(needle) {
                    index += needle.count
                    return true
                }
                index += 1
            }
            return false
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        while index < bytes.count {
            if isSpace(bytes[index]) {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count else { return false }
            let rest = bytes[index...]
            if rest.starts(with: Array("<?".utf8)) {
                guard skip(past: "?>") else { return false }
            } else if rest.starts(with: Array("<!--".utf8)) {
                guard skip(past: "-->") else { return false }
            } else if rest.starts(with: Array("<!".utf8)) {
                // A DOCTYPE, whose internal subset (`[ … ]`) may hold `>`.
                let close = rest.firstIndex(of: UInt8(ascii: ">")) ?? bytes.endIndex
                if let open = rest.firstIndex(of: UInt8(ascii: "[")), open < close {
                    index = open
                    guard skip(past: "]"), skip(past: ">") else { return false }
                } else {
                    guard close < bytes.endIndex else { return false }
                    index = close + 1
                }
            } else {
                let name = rest.dropFirst().prefix { !isSpace($0) && $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "/") }
                let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
                return local.elementsEqual("svg".utf8)
            }
        }
        return false
    }
}
