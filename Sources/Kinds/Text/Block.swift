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
        case image(source: String)
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

    public init(kind: Kind, text: String, styles: [InlineStyle] = [], quoteDepth: Int = 0, listDepth: Int = 0,
                continuesPrevious: Bool = false, disclosure: DisclosurePlace? = nil) {
        self.kind = kind
        self.text = text
        self.styles = styles
        self.quoteDepth = quoteDepth
        self.listDepth = listDepth
        self.continuesPrevious = continuesPrevious
        self.disclosure = disclosure
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

    public init(enclosingBodies: [Int] = [], summaryOf: Int? = nil) {
        self.enclosingBodies = enclosingBodies
        self.summaryOf = summaryOf
    }
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
        /// Raised and smaller: a footnote's number where it is referenced.
        case superscript
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

    public enum Alignment: Equatable, Sendable {
        case leading, center, trailing
    }

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
