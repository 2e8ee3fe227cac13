/// Sizes and spacing of the document's text, in logical px.
///
/// The measure and leading follow common book typography: about 66 characters a line
/// (Bringhurst's "45 to 75"), leading about 1.5 for screen reading (WCAG 2.1, 1.4.12).
public struct Typography: Sendable {
    /// The body text size in logical px.
    public var bodySizePixels = 17.0
    /// Monospace size for code, slightly smaller so it matches the body's x-height.
    public var codeSizePixels = 15.0
    /// Heading sizes for levels 1…6 in logical px.
    public var headingSizesPixels = [32.0, 26.0, 21.0, 18.0, 17.0, 17.0]
    /// Line height as a multiple of the font size.
    public var lineSpacing = 1.5
    /// The widest text column in logical px (about 66 characters of the body font).
    public var maximumMeasurePixels = 720.0
    /// The smallest margin left and right of the column in logical px.
    public var minimumSideMarginPixels = 24.0
    /// Space above the first block and below the last one.
    public var pageMarginPixels = 40.0
    /// Space after a paragraph, as a multiple of the body size.
    public var paragraphSpacingEms = 0.9
    /// Extra indentation per block-quote or list level in logical px.
    public var indentPixels = 28.0
    /// Padding around a code block's text in logical px.
    public var codePaddingPixels = 12.0
    /// How far left of a wrapped line of plain text its continuation mark sits, logical px:
    /// in the side margin (at least 24 px), clear of the text.
    public var continuationMarkOffsetPixels = 16.0
    /// Tab stops of plain text, in columns: the terminal's and `expand`'s default.
    public var tabStopColumns = 8
    /// Padding inside a table cell in logical px (about a third of the body size, as GitHub's
    /// 6 px at 16 px).
    public var tableCellPaddingPixels = 6.0
    /// A table's text shrinks so its widest words fit the window, but never below this, in
    /// logical px: there its words break instead (pinch zoom enlarges it). 9 px, about half
    /// the body size: its lower case is 5 px tall (DejaVu Sans's x-height is 0.55 em), and
    /// `TableRow.maximumColumns` columns of four characters fit the widest measure at it.
    public var minimumTableFontPixels = 9.0
    /// The narrowest a table column is made before the table's text shrinks, in characters of
    /// the table font, where its cells were not measured (a table with no
    /// `TableColumnSamples`): measured columns are as narrow as their widest word.
    public var minimumTableColumnCharacters = 4.0
    /// A table column this narrow (a word, a number, a date: 12 characters) keeps its width
    /// when the table must narrow; the longer columns give up the room.
    public var comfortableTableColumnCharacters = 12.0

    /// Height in logical px that one byte of source takes at a measure of 1 px, times the
    /// body size squared: estimated heights are `bytes × this × size² / measure`. Fitted to
    /// resources/default-document.md and the benchmark's generated Markdown laid out at 500
    /// and 720 px (DejaVu Sans at 17 px, leading 1.5, paragraph spacing 0.9 em): within 20 %
    /// of both. Plain text of short lines comes out up to 2.4× taller than estimated.
    public var estimatedHeightPerByte = 0.9

    public init() {}

    /// The estimated height in logical px of `bytes` of source set in a column `measure`
    /// logical px wide.
    ///
    /// This and the two below are inlinable: the text kind asks them for every section (12,208
    /// of a 100 MB file, in its first frame), and a call across modules copied the whole
    /// struct for each, with its heading sizes retained and released: 2.3 M instructions of
    /// that first frame, 3 % (callgrind; at 8e8acea the two were one module).
    @inlinable
    public func estimatedHeight(ofBytes bytes: Int, measure: Double) -> Double {
        (Double(bytes) * estimatedHeightPerByte * bodySizePixels * bodySizePixels / max(measure, 1)).rounded()
    }

    /// The width of the text column in a window `width` logical px wide.
    @inlinable
    public func measure(forWindowWidth width: Double) -> Double {
        min(maximumMeasurePixels, max(width - 2 * minimumSideMarginPixels, 40))
    }

    /// Space after every block in logical px.
    @inlinable
    public var spaceAfterBlock: Double {
        bodySizePixels * paragraphSpacingEms
    }
}
