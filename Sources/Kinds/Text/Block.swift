import DocumentKit

/// One unit of a document's layout: a heading, a paragraph, a code block, a rule, an image.
public struct Block: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A heading of level 1 (largest) to 6.
        case heading(level: Int)
        case paragraph
        /// Preformatted text: monospace, lines kept, no wrapping of its own.
        case code
        /// A thematic break (`---`).
        case rule
        /// Plain text: monospace, lines kept, tab stops every 8 columns, long lines wrapped
        /// with a continuation mark.
        case plainText
        /// One row of a table; the block's text is its cells' text, tab-separated.
        case tableRow(TableRow)
        /// An image file; `source` is as written in the document (relative to its directory,
        /// or absolute). The block's text is the image's description (alt text).
        /// `darkSource` is the file a `<picture>` gives for a dark page
        /// (`media="(prefers-color-scheme: dark)"`), shown instead in the dark palette.
        case image(source: String, darkSource: String? = nil)
        /// The text of a book's footnote or endnote (EPUB's `epub:type="footnote"`): a
        /// paragraph set smaller, where the book puts it.
        case note
        /// A short rule at the column's left that sets a run of notes apart from the text
        /// before them, as print sets footnotes.
        case noteRule
        /// A figure's caption (`<figcaption>`): a paragraph set smaller and muted.
        case caption
        /// Where a book's chapter starts, after the first: generous space with a small
        /// centred ornament between them.
        case chapterBreak
    }

    public var kind: Kind
    /// The block's text, plain: it is never parsed as pango markup.
    public var text: String
    /// Emphasis, code spans and links over parts of `text`.
    public var styles: [InlineStyle]
    /// How many block quotes the block sits in.
    public var quoteDepth: Int
    /// The list nesting level (0 outside lists).
    public var listDepth: Int
    /// Whether the block carries on the text of the one before it, which was cut only to keep
    /// blocks small (a 10 MB line): it follows with no space between.
    public var continuesPrevious: Bool
    /// Where the block sits among the document's `<details>` disclosures; `nil` outside any.
    public var disclosure: DisclosurePlace?
    /// How the block's lines sit in the column: HTML's `align="center"` on the block or an
    /// element around it. An image block is placed the same way; Markdown's images are
    /// `.center`.
    public var alignment: TextAlignment
    /// Names a link's fragment can target besides a heading's own slug: HTML's `<a name>` and
    /// `id` on or inside the block, as written (not slugged).
    public var anchors: [String]
    /// The size an image block asks for with HTML's `width` and `height`, logical px; `nil`
    /// for other blocks and for images that give none.
    public var imageSize: RequestedImageSize?
    /// What a book's CSS asks of the block as a whole: margins, first-line indent,
    /// justification, a page break before it.
    public var style = BlockStyle()

    /// The block where a walk of a document has come to: in `quoteDepth` quotes and
    /// `listDepth` lists, after the list item's `marker` (`• `, `3. `) if one is waiting, which
    /// it takes (its styles move along).
    func placed(takingMarker marker: inout String?, quoteDepth: Int, listDepth: Int) -> Block {
        var block = self
        if let prefix = marker {
            block.text = prefix + text
            let shift = prefix.utf8.count
            block.styles = styles.map {
                InlineStyle($0.kind, utf8Range: ($0.utf8Range.lowerBound + shift)..<($0.utf8Range.upperBound + shift))
            }
            marker = nil
        }
        block.quoteDepth = quoteDepth
        block.listDepth = listDepth
        return block
    }

    public init(kind: Kind, text: String, styles: [InlineStyle] = [], quoteDepth: Int = 0, listDepth: Int = 0,
                continuesPrevious: Bool = false, disclosure: DisclosurePlace? = nil,
                alignment: TextAlignment = .leading, anchors: [String] = [], imageSize: RequestedImageSize? = nil) {
        self.kind = kind
        self.text = text
        self.styles = styles
        self.quoteDepth = quoteDepth
        self.listDepth = listDepth
        self.continuesPrevious = continuesPrevious
        self.disclosure = disclosure
        self.alignment = alignment
        self.anchors = anchors
        self.imageSize = imageSize
    }
}

/// What a book's style sheets ask of a block beyond its kind (`BookElementStyle`), in ems of
/// the block's own type; the defaults ask for nothing, and Glide's typography decides.
///
/// Held in 5 bytes, so a block is no larger for it (it fits in the padding at `Block`'s end):
/// margins in tenths of an em (the 0–3 em they are held to), the indent in hundredths.
public struct BlockStyle: Equatable, Sendable {
    private var marginTopTenths = BlockStyle.noMargin
    private var marginBottomTenths = BlockStyle.noMargin
    private var textIndentHundredths: Int16 = 0
    private var flags: UInt8 = 0

    private static let noMargin = UInt8.max
    private static let justifiedFlag: UInt8 = 1, startsPageFlag: UInt8 = 2, fitsViewportFlag: UInt8 = 4

    /// Space above and below, in ems of the body size (to a tenth, 0–25 em); nil keeps
    /// Glide's spacing. Adjacent margins collapse (the larger is the space between), as
    /// CSS's do.
    public var marginTopEms: Double? {
        get { BlockStyle.ems(marginTopTenths) }
        set { marginTopTenths = BlockStyle.tenths(newValue) }
    }

    public var marginBottomEms: Double? {
        get { BlockStyle.ems(marginBottomTenths) }
        set { marginBottomTenths = BlockStyle.tenths(newValue) }
    }

    /// How far the first line is indented (negative: the lines after it), in ems of the
    /// block's type, to a hundredth.
    public var textIndentEms: Double {
        get { Double(textIndentHundredths) / 100 }
        set { textIndentHundredths = Int16(min(max(newValue * 100, -30_000), 30_000).rounded()) }
    }

    /// Whether the lines are set flush at both sides (CSS's `text-align: justify`).
    public var isJustified: Bool {
        get { flags & BlockStyle.justifiedFlag != 0 }
        set { flags = newValue ? flags | BlockStyle.justifiedFlag : flags & ~BlockStyle.justifiedFlag }
    }

    /// Whether the block starts a new page in paging mode (`break-before: page`).
    public var startsPage: Bool {
        get { flags & BlockStyle.startsPageFlag != 0 }
        set { flags = newValue ? flags | BlockStyle.startsPageFlag : flags & ~BlockStyle.startsPageFlag }
    }

    /// Whether an image block is shown as a page is (a book's cover): no taller than the
    /// viewport less the page margins, even in a column that scrolls. A flag here rather than
    /// in `RequestedImageSize`, where it would make every block 8 bytes larger.
    public var fitsViewport: Bool {
        get { flags & BlockStyle.fitsViewportFlag != 0 }
        set { flags = newValue ? flags | BlockStyle.fitsViewportFlag : flags & ~BlockStyle.fitsViewportFlag }
    }

    private static func ems(_ tenths: UInt8) -> Double? { tenths == noMargin ? nil : Double(tenths) / 10 }
    private static func tenths(_ ems: Double?) -> UInt8 {
        ems.map { UInt8(min(max($0 * 10, 0), 250).rounded()) } ?? noMargin
    }

    public init(marginTopEms: Double? = nil, marginBottomEms: Double? = nil, textIndentEms: Double = 0,
                isJustified: Bool = false, startsPage: Bool = false, fitsViewport: Bool = false) {
        self.marginTopEms = marginTopEms
        self.marginBottomEms = marginBottomEms
        self.textIndentEms = textIndentEms
        self.isJustified = isJustified
        self.startsPage = startsPage
        self.fitsViewport = fitsViewport
    }
}

/// Where lines (or an image) sit across the column or a table cell.
public enum TextAlignment: Equatable, Sendable {
    case leading, center, trailing
}

/// An image's size as HTML's `width` and `height` attributes give it, logical px (a
/// percentage is of the column). Either may be missing: the other then scales the image with
/// its aspect ratio kept. The image never grows past the column.
public struct RequestedImageSize: Equatable, Sendable {
    public var width: Double?
    public var height: Double?
    /// Whether `width` is a percentage of the column rather than px.
    public var widthIsPercent: Bool

    public init(width: Double? = nil, height: Double? = nil, widthIsPercent: Bool = false) {
        self.width = width
        self.height = height
        self.widthIsPercent = widthIsPercent
    }

    /// As wide as the column allows, aspect kept: with `BlockStyle.fitsViewport`, a page's
    /// picture.
    public static let fullWidth = RequestedImageSize(width: 100, widthIsPercent: true)
}

/// How an image source is reached. A reader makes no network request of its own, and reads no
/// file outside the document's folder tree through a document's image.
public enum ImageReference {
    /// Whether `source` can be read: a path that stays inside the document's folder. A URL
    /// (`scheme:` of two or more letters, or `//host`), an absolute path and a relative path
    /// that climbs out (`../x` from the folder itself) cannot; they are shown as labels.
    public static func isLoadable(_ source: String) -> Bool {
        if source.hasPrefix("/") || source.isEmpty { return false }
        if let colon = source.firstIndex(of: ":"),
           source[..<colon].count >= 2, source[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) {
            return false
        }
        var depth = 0
        for part in source.split(separator: "/", omittingEmptySubsequences: true) {
            if part == ".." { depth -= 1 } else if part != "." { depth += 1 }
            if depth < 0 { return false }
        }
        return true
    }

    /// What an image that is not loaded is shown as: its alt text, or else its file name.
    public static func label(source: String, alternative: String) -> String {
        let trimmed = alternative.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if !trimmed.isEmpty { return trimmed }
        let path = source.split(separator: "?", maxSplits: 1).first.map(String.init) ?? source
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return AnchorSlug.percentDecoded(name) ?? name
    }
}

/// A block's place among HTML `<details>` disclosures. Disclosures are numbered from 0 in the
/// order their `<details>` tags open in the document. A block is shown when every disclosure
/// in `enclosingBodies` is open; a summary shows while the disclosures around it are open,
/// whether its own is open or closed.
public struct DisclosurePlace: Equatable, Sendable {
    /// The disclosures whose bodies hold the block, outermost first.
    public var enclosingBodies: [Int]
    /// The disclosure whose `<summary>` the block is, if it is one.
    public var summaryOf: Int?
    /// Which of `enclosingBodies` (bit i for the i-th) and `summaryOf` (the top bit) are open
    /// until toggled (`<details open>`). Two bytes fit in the padding after `summaryOf`, so a
    /// block is no larger for them (an array would make every block 8 bytes larger); a
    /// disclosure nested deeper than `startsOpenDepthLimit` starts closed.
    private var startsOpenBits: UInt16 = 0

    /// How deep a disclosure may be nested and still start open.
    public static let startsOpenDepthLimit = 15
    private static let summaryBit: UInt16 = 1 << 15

    public init(enclosingBodies: [Int] = [], summaryOf: Int? = nil, startsOpen: [Int] = []) {
        self.enclosingBodies = enclosingBodies
        self.summaryOf = summaryOf
        for number in startsOpen {
            if number == summaryOf { startsOpenBits |= DisclosurePlace.summaryBit }
            if let depth = enclosingBodies.firstIndex(of: number), depth < DisclosurePlace.startsOpenDepthLimit {
                startsOpenBits |= 1 << UInt16(depth)
            }
        }
    }

    /// Whether disclosure `number` (one of `enclosingBodies`, or `summaryOf`) is open until
    /// toggled.
    public func startsOpen(_ number: Int) -> Bool {
        if number == summaryOf { return startsOpenBits & DisclosurePlace.summaryBit != 0 }
        guard let depth = enclosingBodies.firstIndex(of: number), depth < DisclosurePlace.startsOpenDepthLimit else { return false }
        return startsOpenBits & (1 << UInt16(depth)) != 0
    }

    /// Those of `enclosingBodies` that are open until toggled.
    public var bodiesOpenAtStart: [Int] { enclosingBodies.filter(startsOpen) }
}

/// A style over a range of a block's text.
public struct InlineStyle: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case emphasis
        case strong
        /// An inline code span.
        case code
        /// A link to `destination`, drawn as a link (colour, underline).
        case link(destination: String)
        /// Struck through (`~~gone~~`).
        case strikethrough
        /// Raised and smaller: a footnote's number where it is referenced, HTML's `<sup>`.
        case superscript
        /// Lowered and smaller: HTML's `<sub>`.
        case `subscript`
        /// Small capitals (a book's `font-variant: small-caps`).
        case smallCaps
        /// Upright, bold-less or without small capitals inside text that has them: a book's
        /// `font-style`, `font-weight` or `font-variant: normal` on an element whose parent
        /// is italic, bold or in small capitals.
        case upright
        case regularWeight
        case normalCaps
        /// Set at `scale` times the block's size (a book's relative `font-size`).
        case fontScale(Double)
        /// Set in `family`, one of the book's own fonts as fontconfig knows it.
        case fontFamily(String)
        /// A key cap: HTML's `<kbd>`.
        case keyboard
        /// An image that is not loaded (`ImageReference.isLoadable` is false), shown inline as
        /// its label (`ImageReference.label`), small and muted, as a browser with images off
        /// shows it. Adjacent labels (a row of badges) wrap like words; a link around one is a
        /// `.link` style over the same range.
        case imageLabel(source: String)
        /// A loadable image set inside a line, as a logo in a heading: the range is one U+FFFC
        /// OBJECT REPLACEMENT CHARACTER that the image takes the place of, at most a line tall.
        case inlineImage(source: String)
    }

    public var kind: Kind
    /// The styled part of the text as UTF-8 byte offsets, the indices pango's attributes use.
    public var utf8Range: Range<Int>

    public init(_ kind: Kind, utf8Range: Range<Int>) {
        self.kind = kind
        self.utf8Range = utf8Range
    }
}

/// A row of a GitHub Markdown table: its cells, and the plan of columns every row of its table
/// shares, so the rows of a table split between sections still line up.
public struct TableRow: Equatable, Sendable {
    public struct Cell: Equatable, Sendable {
        public var text: String
        public var styles: [InlineStyle]

        public init(text: String, styles: [InlineStyle] = []) {
            self.text = text
            self.styles = styles
        }
    }

    public typealias Alignment = TextAlignment

    public var cells: [Cell]
    /// The header row: bold, on a tinted background.
    public var isHeader: Bool
    /// Each column's alignment, as the delimiter row gives it.
    public var alignments: [Alignment]
    /// Each column's longest cell text in characters (at most
    /// `TableRow.maximumNaturalCharacters`), from which the column widths are shared out.
    public var naturalCharacters: [Int]

    /// A cell longer than this (about a line of body text) wraps anyway, so counts no more.
    public static let maximumNaturalCharacters = 60

    /// The cells that decide the table's column widths, the same for every row of it, set
    /// once the whole table is parsed (`TableColumnSamples.sampling`); empty until then.
    public var samples = TableColumnSamples()

    /// The most columns set side by side; a wider table continues below in further bands.
    /// As many as fit the widest column (720 px) at the smallest table text (9 px, four
    /// characters and padding a column): 20.
    public static let maximumColumns = 20

    public init(cells: [Cell], isHeader: Bool, alignments: [Alignment], naturalCharacters: [Int]) {
        self.cells = cells
        self.isHeader = isHeader
        self.alignments = alignments
        self.naturalCharacters = naturalCharacters
    }

    /// How many columns the table has.
    public var columnCount: Int { alignments.count }
}
