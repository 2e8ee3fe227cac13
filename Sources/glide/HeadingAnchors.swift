import Document

/// Finds the heading an in-document link (`#getting-started`) names, by the slugs GitHub
/// gives headings: lower case, punctuation dropped, spaces turned into hyphens.
enum HeadingAnchors {
    /// How many sections are searched for a link's heading: 512 sections of 8 KB are the
    /// 4 MB a Markdown file is parsed whole up to (Document.wholeParseLimitBytes), so searching
    /// them costs no parse; beyond that only this many around the link are.
    static let searchedSectionLimit = 512

    static func slug(_ heading: String) -> String {
        String(heading.lowercased().unicodeScalars.compactMap { scalar -> Character? in
            if scalar == " " { return "-" }
            if scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                return Character(scalar)
            }
            return nil
        })
    }

    /// The location of the heading `fragment` (without `#`) names in `sections` of `document`,
    /// searched in order: each section is parsed (a few ms for a mapped file), so the caller
    /// bounds the range.
    static func location(of fragment: String, in document: Document, sections: some Sequence<Int>) -> BlockLocation? {
        let wanted = (percentDecoded(fragment) ?? fragment).lowercased()
        for section in sections {
            for (index, block) in document.blocks(inSection: section).enumerated() {
                if case .heading = block.kind, slug(block.text) == wanted {
                    return BlockLocation(section: section, block: index, shareOfSectionBefore: 0)
                }
            }
        }
        return nil
    }

    /// `text` with its `%XX` escapes decoded as UTF-8, or nil when an escape is malformed or
    /// the bytes are not UTF-8 (what Foundation's `removingPercentEncoding` does).
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var rest = Substring(text).utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            rest = rest.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
