/// A place in the book: an archive entry, and an element in it.
public struct EPUBLocation: Sendable, Hashable {
    /// The archive entry's name (`OEBPS/Text/chapter1.xhtml`).
    public var entryName: String
    /// The `id` aimed at, percent-decoded; nil for the entry's start.
    public var fragment: String?

    public init(entryName: String, fragment: String? = nil) {
        self.entryName = entryName
        self.fragment = fragment
    }

    /// Where `href`, written in the entry `base`, leads: relative to `base`'s folder (or to
    /// the archive's root for `/…`), `%XX` decoded, `.` and `..` segments removed as a URL's
    /// are (RFC 3986 5.2.4: `..` at the root stays at the root, so nothing leads outside the
    /// archive). Nil for an href with a scheme (`http:`, `mailto:`), which leads out of the
    /// book, and for an empty one.
    public init?(href: String, relativeTo base: String) {
        // On UTF-8 bytes, not characters: a book's package resolves an href for every item
        // of its manifest and spine (600 for 300 chapters), which grapheme by grapheme took a
        // tenth of its first frame (perf, glide-bench epub).
        if EPUBLocation.isPlainRelativePath(href) {
            let folderEnd = base.utf8.lastIndex(of: UInt8(ascii: "/"))
            self.init(entryName: folderEnd.map { String(base[...$0]) + href } ?? href)
            return
        }
        var reference = Substring(href.trimmingWhitespace())
        var fragment: String?
        if let hash = reference.utf8.firstIndex(of: UInt8(ascii: "#")) {
            let decoded = EPUBLocation.percentDecoded(reference[reference.utf8.index(after: hash)...])
            fragment = decoded.isEmpty ? nil : decoded
            reference = reference[..<hash]
        }
        if let question = reference.utf8.firstIndex(of: UInt8(ascii: "?")) { reference = reference[..<question] }
        guard !EPUBLocation.hasScheme(reference) else { return nil }
        let path = Array(EPUBLocation.percentDecoded(reference).utf8)
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var segments: [ArraySlice<UInt8>]
        if path.first == slash {
            segments = []
        } else {
            segments = Array(base.utf8).split(separator: slash, omittingEmptySubsequences: false)
            segments.removeLast()
        }
        if path.isEmpty {
            // "#note" alone: the same entry.
            guard fragment != nil, !base.isEmpty else { return nil }
            self.init(entryName: base, fragment: fragment)
            return
        }
        let parts = path.split(separator: slash, omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            if part.elementsEqual([dot]) { continue }
            if part.elementsEqual([dot, dot]) {
                if !segments.isEmpty { segments.removeLast() }
                continue
            }
            // "a//b" and the leading "/": no empty folder names in an archive.
            if part.isEmpty, !isLast { continue }
            segments.append(part)
        }
        let name = String(decoding: Array(segments.joined(separator: [slash])), as: UTF8.self)
        guard !name.isEmpty, !name.hasSuffix("/") else { return nil }
        self.init(entryName: name, fragment: fragment)
    }

    /// Whether `href` is a relative path of plain names (ASCII letters, digits, `-`, `_`, `.`)
    /// with no empty, `.` or `..` segment, as a producer writes nearly every manifest href
    /// (`Text/chapter1.xhtml`): nothing to decode or remove, so it is the base's folder and
    /// the href as they are. The general path cost about 14,000 instructions an href, an
    /// eighth of a 300-chapter book's first frame with its navigation (callgrind,
    /// `glide-bench epub-first-frame book`).
    static func isPlainRelativePath(_ href: String) -> Bool {
        var segmentBytes = 0, segmentDots = 0
        for byte in href.utf8 {
            switch byte {
            case UInt8(ascii: "/"):
                guard segmentBytes > segmentDots else { return false }
                segmentBytes = 0
                segmentDots = 0
            case UInt8(ascii: "."):
                segmentBytes += 1
                segmentDots += 1
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"):
                segmentBytes += 1
            default:
                return false
            }
        }
        return segmentBytes > segmentDots
    }

    /// A scheme is letters, digits, `+`, `-`, `.` after a letter, then `:` (RFC 3986 3.1).
    static func hasScheme(_ reference: Substring) -> Bool {
        guard let colon = reference.firstIndex(of: ":"), let first = reference.first, first.isASCII, first.isLetter else {
            return false
        }
        return reference[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// `%XX` sequences become their bytes, read as UTF-8 (a stray byte becomes U+FFFD); a `%`
    /// without two hex digits stays as it is.
    static func percentDecoded(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension StringProtocol {
    /// Without XML white space (space, tab, line feed, carriage return) at either end.
    func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        let text = Substring(self)
        // Most attribute values have none: their end bytes tell, without walking graphemes (a
        // grapheme that starts or ends with a byte other than these is not white space). A
        // package's 300 items took a million instructions grapheme by grapheme (callgrind).
        let spaceBytes: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
        if let first = text.utf8.first, let last = text.utf8.last, !spaceBytes.contains(first), !spaceBytes.contains(last) {
            return text
        }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return text[first...last]
    }
}
