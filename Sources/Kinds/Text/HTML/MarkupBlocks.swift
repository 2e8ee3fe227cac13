/// How the references of one chapter of a book reach the rest of it. The chapter's kind (a
/// book's spine document) resolves each `href`, `src` and `id` against the chapter's own place
/// in the book; the blocks then hold what it answers, and nothing in them names a file on
/// disk the book did not resolve.
///
/// The convention for places inside the book: an anchor name unique in the whole book, such
/// as the chapter's name in the book, `#`, and the id (`text/ch3.xhtml#note1`); a link to
/// that place is `#` and that name (`#text/ch3.xhtml#note1`), which a tap follows to the
/// block holding the anchor (`TextDocument.position(ofHeadingAnchor:)`, whose fragment is
/// percent-decoded before it is compared, so the name may be written either way). A link to a
/// chapter without a fragment leads to an anchor the kind puts on the chapter's first block
/// (`Block.anchors` is public).
public protocol MarkupReferences {
    /// What a link to `href` (as written in the chapter) holds as its destination
    /// (`InlineStyle.Kind.link`): `#` and an anchor name for a place in the book, a web or mail
    /// address as written; nil to show the link's text without a link.
    func destination(ofLink href: String) -> String?

    /// The image `src` (or SVG's `xlink:href`) names, as `Block.Kind.image(source:)` holds it
    /// and `TextDocument.baseDirectory` resolves it: a path inside the book the kind's images
    /// are read from; nil for an image that is not in the book, which shows as its description
    /// and is never read.
    func imageSource(_ source: String) -> String?

    /// The anchor name the chapter's `id` (or `<a name>`) is known by, unique in the book.
    func anchor(ofID id: String) -> String

    /// The style sheet a `<link rel="stylesheet">`'s `href` (as written in the chapter) names,
    /// parsed, once for the whole book; nil when it is not in the book.
    func styleSheet(linkedAs href: String) -> CSSStyleSheet?

    /// The book's own fonts: each `@font-face` family its style sheets name (in lower case),
    /// and the family fontconfig knows its registered font by. A `font-family` naming one
    /// of these is set in it; Glide keeps its own fonts for every other.
    var fontFamilies: [String: String] { get }

    /// The fonts of a chapter's own `<style>` (its `@font-face` rules, `faces`, whose sources
    /// are relative to the chapter) registered: each family, in lower case, and the family
    /// fontconfig knows its font by; a font not in the book is left out.
    func fontFamilies(ofChapterFaces faces: [CSSStyleSheet.FontFace]) -> [String: String]
}

extension MarkupReferences {
    /// No style sheets: a chapter's `<style>` and `style` attributes alone.
    public func styleSheet(linkedAs href: String) -> CSSStyleSheet? { nil }
    public var fontFamilies: [String: String] { [:] }
    public func fontFamilies(ofChapterFaces faces: [CSSStyleSheet.FontFace]) -> [String: String] { [:] }
}

/// A book's XHTML chapters as blocks.
public enum MarkupBlocks {
    /// The blocks of the chapter `bytes`, an XHTML document (EPUB's spine items): read by
    /// libxml2's XML parser, never expanding an entity or reading a DTD (`HTMLTree`), or by
    /// its HTML parser when it is not well-formed; its `<body>` mapped onto blocks as HTML in
    /// Markdown is (`XHTMLBlockMapper`), with a book's semantics besides: `epub:type` notes
    /// and note references, figures and captions, `hidden` and `display: none`, and
    /// the subset of CSS a reader keeps, from the chapter's style sheets, `<style>` and
    /// `style` attributes (`BookElementStyle`). `references` resolves every link, image and
    /// anchor. Empty when libxml2 makes nothing of the bytes.
    public static func blocks(ofXHTML bytes: [UInt8], references: any MarkupReferences) -> [Block] {
        guard let tree = HTMLTree(xml: bytes) ?? HTMLTree(utf8: MarkupBlocks.recoverable(bytes)) else { return [] }
        return XHTMLBlockMapper.blocks(of: tree, references: references)
    }

    /// `bytes` prepared for the HTML parser: valid UTF-8 (invalid bytes as U+FFFD, as Glide
    /// shows all text), without a DTD's internal subset (`<!DOCTYPE x [ … ]>`), which that
    /// parser knows nothing of and would show as text.
    static func recoverable(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        if String(validating: bytes, as: UTF8.self) == nil { bytes = Array(String(decoding: bytes, as: UTF8.self).utf8) }
        guard let start = firstIndex(of: Array("<!DOCTYPE".utf8), in: bytes[..<min(bytes.count, doctypeReachBytes)],
                                     from: 0, caseInsensitive: true) else { return bytes }
        // The subset opens before the declaration's first `>` and ends at the first `]>`.
        guard let close = bytes[start...].firstIndex(of: UInt8(ascii: ">")),
              let open = bytes[start..<close].firstIndex(of: UInt8(ascii: "[")),
              let end = firstIndex(of: Array("]>".utf8), in: bytes[...], from: open, caseInsensitive: false) else {
            return bytes
        }
        bytes.removeSubrange(start..<(end + 2))
        return bytes
    }

    /// How far into a chapter its `<!DOCTYPE` is looked for: it comes before the root element,
    /// after at most an XML declaration and a few comments.
    static let doctypeReachBytes = 64 << 10

    private static func firstIndex(of needle: [UInt8], in bytes: ArraySlice<UInt8>, from start: Int,
                                   caseInsensitive: Bool) -> Int? {
        func folded(_ byte: UInt8) -> UInt8 {
            caseInsensitive && byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
        }
        var index = start
        while index + needle.count <= bytes.endIndex {
            if (0..<needle.count).allSatisfy({ folded(bytes[index + $0]) == needle[$0] }) {
                return index
            }
            index += 1
        }
        return nil
    }
}
