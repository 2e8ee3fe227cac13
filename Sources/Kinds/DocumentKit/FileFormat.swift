import Synchronization

/// What a file holds, recognised by its first bytes (magic numbers), never by its name alone:
/// a PDF named `notes.txt` is a PDF. Only text uses the name, to tell Markdown (`.md`,
/// `.markdown`) from plain text.
public enum FileFormat: Equatable, Sendable {
    case plainText
    case markdown
    /// An image gdk-pixbuf decodes with the loaders the Makefile installs; `name` is its
    /// format (`PNG`, `SVG`).
    case image(name: String)
    /// A PDF.
    case pdf
    /// A DjVu document: one page (`DJVU`), bundled pages (`DJVM`), or the index of an
    /// indirect document.
    case djvu
    /// An archive libarchive reads (shown as a comic book when it holds images); `name` is
    /// its format: `ZIP`, `RAR`, `7-Zip` or `tar`.
    case archive(name: String)
    /// Something Glide does not show; `name` is what it is (`EPUB`, `ELF`), for the message
    /// "`name` files are not supported".
    case unsupported(name: String)

    /// How many bytes recognition looks at: the longest signature offset (tar's, 257 + 5) and a
    /// sample of text long enough to judge its encoding.
    public static let sniffedBytes = 4096

    /// The format of a file called `path` that starts with `head` (up to `sniffedBytes`).
    ///
    /// The kind registry asks each kind in turn whether it recognises a file, and most kinds
    /// ask this: text, asked last, would be judged four times over (the SVG and text tests read
    /// all 4 KB each time: about 0.3 M instructions per open, 5 % of the first frame of Markdown
    /// images nested 1,000 deep, the buffer's clearing aside; callgrind). The last answer
    /// is kept and given again for the same head (the same array: the registry hands every kind
    /// the one it read, so the check compares two addresses, never the bytes) and path.
    public static func recognise(head: [UInt8], path: String) -> FileFormat {
        if let last = lastRecognition.withLock({ $0 }), last.head.isSameBuffer(as: head), last.path == path { return last.format }
        let format = recognisedNow(head: head, path: path)
        lastRecognition.withLock { $0 = Recognition(head: head, path: path, format: format) }
        return format
    }

    private struct Recognition {
        var head: [UInt8]
        var path: String
        var format: FileFormat
    }

    private static let lastRecognition = Mutex<Recognition?>(nil)

    private static func recognisedNow(head: [UInt8], path: String) -> FileFormat {
        if let binary = binaryFormat(head) { return binary }
        if isSVG(head) { return .image(name: "SVG") }
        guard TextHeuristic.isText(head) else {
            return .unsupported(name: head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) ? "UTF-16 text" : "binary")
        }
        return isMarkdownPath(path) ? .markdown : .plainText
    }

    /// The file extensions taken for images: the formats of gdk-pixbuf's standard loaders and
    /// of the WebP, AVIF and SVG loaders the Makefile installs.
    public static let imageExtensions = ["png", "jpg", "jpeg", "gif", "bmp", "tif", "tiff", "webp", "avif", "svg", "svgz"]

    /// Whether `path`'s name ends in one of `imageExtensions`.
    public static func hasImageExtension(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return imageExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// Whether the name whose UTF-8 is `bytes` ends in one of `imageExtensions`, as
    /// `hasImageExtension(_:)` says of it as a String: on bytes, so a comic's 10,000 entry
    /// names are looked at when it opens without a String made for each. Only ASCII letters
    /// are case folded, which is all the extensions hold (no other character lowercases to
    /// one of their letters). Inlinable, so it is specialised for the caller's bytes.
    @inlinable
    public static func hasImageExtension<Bytes: BidirectionalCollection>(bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        let dot = UInt8(ascii: "."), slash = UInt8(ascii: "/")
        guard let last = bytes.lastIndex(where: { $0 == dot || $0 == slash }), bytes[last] == dot else { return false }
        let suffix = bytes[bytes.index(after: last)...]
        return imageExtensionBytes.contains { candidate in
            candidate.count == suffix.count
                && zip(candidate, suffix).allSatisfy { $0 == $1.lowercasedASCII }
        }
    }

    @usableFromInline
    static let imageExtensionBytes = imageExtensions.map { Array($0.utf8) }

    public static func isMarkdownPath(_ path: String) -> Bool {
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".md") || lowercased.hasSuffix(".markdown")
    }

    /// A signature at `offset`.
    private struct Signature {
        var offset = 0
        var bytes: [UInt8]
        var format: FileFormat

        init(_ bytes: [UInt8], at offset: Int = 0, _ format: FileFormat) {
            (self.bytes, self.offset, self.format) = (bytes, offset, format)
        }

        init(_ text: String, at offset: Int = 0, _ format: FileFormat) {
            self.init(Array(text.utf8), at: offset, format)
        }

        func matches(_ head: [UInt8]) -> Bool {
            head.count >= offset + bytes.count && head[offset..<(offset + bytes.count)].elementsEqual(bytes)
        }
    }

    /// Signatures from each format's specification (and file(1)'s magic database for the
    /// offsets); the first that matches wins, so longer ones come before their prefixes.
    private static let signatures: [Signature] = [
        Signature([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .image(name: "PNG")),
        Signature([0xFF, 0xD8, 0xFF], .image(name: "JPEG")),
        Signature("GIF87a", .image(name: "GIF")),
        Signature("GIF89a", .image(name: "GIF")),
        Signature("WEBP", at: 8, .image(name: "WebP")),
        Signature("ftypavif", at: 4, .image(name: "AVIF")),
        Signature("ftypavis", at: 4, .image(name: "AVIF")),
        Signature([0x49, 0x49, 0x2A, 0x00], .image(name: "TIFF")),
        Signature([0x4D, 0x4D, 0x00, 0x2A], .image(name: "TIFF")),
        Signature([0x00, 0x00, 0x01, 0x00], .image(name: "ICO")),
        Signature("%PDF-", .pdf),
        Signature("mimetypeapplication/vnd.oasis.opendocument", at: 30, .unsupported(name: "OpenDocument")),
        Signature([0x50, 0x4B, 0x03, 0x04], .archive(name: "ZIP")),
        // An empty zip: its end record alone.
        Signature([0x50, 0x4B, 0x05, 0x06], .archive(name: "ZIP")),
        Signature([0x7F, 0x45, 0x4C, 0x46], .unsupported(name: "ELF")),
        Signature("ftypheic", at: 4, .unsupported(name: "HEIC")),
        Signature("ftypmif1", at: 4, .unsupported(name: "HEIF")),
        Signature("ftyp", at: 4, .unsupported(name: "MP4")),
        Signature([0x1F, 0x8B], .unsupported(name: "gzip")),
        Signature([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], .unsupported(name: "xz")),
        Signature([0x28, 0xB5, 0x2F, 0xFD], .unsupported(name: "Zstandard")),
        Signature("BZh", .unsupported(name: "bzip2")),
        Signature([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], .archive(name: "7-Zip")),
        // RAR 4's marker block goes on with 0x00, RAR 5's with 0x01 0x00.
        Signature("Rar!\u{1A}\u{07}", .archive(name: "RAR")),
        Signature("ustar", at: 257, .archive(name: "tar")),
        Signature([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1], .unsupported(name: "Microsoft Office")),
        Signature("SQLite format 3\u{0}", .unsupported(name: "SQLite")),
        Signature("AT&TFORM", .unsupported(name: "DjVu component")),
        Signature("%!PS", .unsupported(name: "PostScript")),
        Signature([0x00, 0x61, 0x73, 0x6D], .unsupported(name: "WebAssembly")),
        Signature([0xCA, 0xFE, 0xBA, 0xBE], .unsupported(name: "Java class")),
        Signature("OggS", .unsupported(name: "Ogg")),
        Signature("fLaC", .unsupported(name: "FLAC")),
        Signature("ID3", .unsupported(name: "MP3")),
        Signature("WAVE", at: 8, .unsupported(name: "WAV")),
        Signature("AVI ", at: 8, .unsupported(name: "AVI")),
        Signature([0x1A, 0x45, 0xDF, 0xA3], .unsupported(name: "Matroska")),
    ]

    private static func binaryFormat(_ head: [UInt8]) -> FileFormat? {
        // DjVu's IFF header, then the form's size and type: a page (DJVU) or a multi-page
        // document (DJVM); any other form (a shared dictionary, DJVI) is not one to show.
        if Signature("AT&TFORM", .djvu).matches(head),
           Signature("DJVU", at: 12, .djvu).matches(head) || Signature("DJVM", at: 12, .djvu).matches(head) {
            return .djvu
        }
        if let match = signatures.first(where: { $0.matches(head) }) {
            // "BZh" alone starts English text too; bzip2 has a block size digit and a block
            // magic after it.
            if match.format == .unsupported(name: "bzip2") {
                return Signature([0x31, 0x41, 0x59, 0x26, 0x53, 0x59], at: 4, match.format).matches(head) ? match.format : nil
            }
            return match.format
        }
        // "BM" starts text too: a BMP also has a known header size at byte 14.
        if head.starts(with: [0x42, 0x4D]), head.count > 18, [12, 40, 52, 56, 64, 108, 124].contains(Int(head[14])),
           head[15] == 0, head[16] == 0, head[17] == 0 {
            return .image(name: "BMP")
        }
        return nil
    }

    /// An SVG: XML (after an optional byte-order mark, white space, an XML declaration,
    /// comments and a doctype) whose first element is `<svg`.
    private static func isSVG(_ head: [UInt8]) -> Bool {
        var text = Substring(String(decoding: head, as: UTF8.self))
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        while true {
            text = text.drop(while: \.isWhitespace)
            if text.hasPrefix("<?") || text.hasPrefix("<!") {
                let end = text.hasPrefix("<!--") ? text.firstRange(of: "-->")?.upperBound : text.firstIndex(of: ">").map(text.index(after:))
                guard let end else { return false }
                text = text[end...]
            } else {
                return text.hasPrefix("<svg") || text.hasPrefix("<svg:svg")
            }
        }
    }
}

private extension Array where Element == UInt8 {
    /// Whether `other` is this very array's storage (not merely equal bytes): while this one
    /// is held its storage cannot be freed and its address reused, and an array's bytes do not
    /// change in place while another holds the same storage.
    func isSameBuffer(as other: [UInt8]) -> Bool {
        count == other.count && withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } }
    }
}
