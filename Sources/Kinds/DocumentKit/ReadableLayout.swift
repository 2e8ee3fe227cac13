/// Laid-out text the reading tools work on: where each character is drawn, to select, find
/// and copy it. A Markdown or plain-text `DocumentLayout` is one; a PDF's text is another
/// (`PDFTextLayout`). Positions are in the document's text, so they outlive reflow.
public protocol ReadableLayout: AnyObject {
    /// Changes whenever a position's rectangles may have moved (layout, or text arriving).
    var revision: Int { get }

    /// The text position nearest `point` (content coordinates, zoom 1); nil where no text is
    /// known there yet.
    func textPosition(at point: ContentPoint) -> TextPosition?

    /// Where `range` is drawn between content y `band`, one rectangle per line part; parts
    /// whose text is not known now are left out.
    func rects(of range: TextRange, within band: ClosedRange<Double>) -> [ContentRect]

    /// The caret at `position`, where a selection handle stands.
    func caretRect(at position: TextPosition) -> ContentRect?

    /// The word at `position`.
    func wordRange(at position: TextPosition) -> TextRange?

    /// What a triple click selects at `position`: the paragraph, or a PDF's line.
    func paragraphRange(at position: TextPosition) -> TextRange?

    /// The content y where `position`'s line starts: where to scroll to show it.
    func lineTop(of position: TextPosition, viewportTop: Double) -> Double?

    /// The sections (text blocks' sections, or a PDF's pages) that meet content y `band`.
    func sections(meeting band: ClosedRange<Double>) -> ClosedRange<Int>

    /// The link whose hit area holds `point` (links the reading tools follow themselves).
    func link(at point: ContentPoint) -> DocumentLink?

    /// Where the link under `point` (its drawn area, no touch slop) leads, for the pointer's
    /// hand and the hover tooltip; nil when there is none.
    func hoveredLink(at point: ContentPoint) -> String?

    /// Starts searching the text for `query` on a worker.
    func search(for query: String) -> DocumentSearch

    /// The folder relative links of the text lead from, when its links may open other
    /// documents and headings (a Markdown file's); nil when the text's own links are not
    /// followed by the reading tools (a PDF's are the viewer's, `DocumentContent.link(at:zoomScale:)`).
    var linkBaseDirectory: String? { get }

    /// Finds where the heading or anchor a `#fragment` link names starts, off the loop where
    /// it costs a parse, and hands the answer to `deliver` on the loop's thread.
    func findAnchor(_ fragment: String, then deliver: @escaping (TextPosition?) -> Void)

    /// Makes the plain text of `range` (what a copy puts on the clipboard); the closure runs
    /// on a worker, at paste time, so a whole long document is never extracted on the loop.
    func textForCopying(in range: TextRange) -> @Sendable () -> String

    /// Makes the text that meets content y `band` ready for the next input (a PDF reads its
    /// pages' text on a worker), so a click or long press finds it there.
    func loadText(meeting band: ClosedRange<Double>)

    /// The page that shows `position` when the content is paged (one page per screen, side by
    /// side): revealing it turns to that page. Nil for text that scrolls.
    func pagedPage(of position: TextPosition) -> Int?

    /// The text's parts that open and close under a summary (HTML's `<details>`); nil when it
    /// has none that the reader can toggle.
    var disclosures: (any DisclosureLayout)? { get }
}

extension ReadableLayout {
    public func loadText(meeting band: ClosedRange<Double>) {}
    public func pagedPage(of position: TextPosition) -> Int? { nil }
    public var disclosures: (any DisclosureLayout)? { nil }
    public func hoveredLink(at point: ContentPoint) -> String? { link(at: point)?.destination }
    public var linkBaseDirectory: String? { nil }
    public func findAnchor(_ fragment: String, then deliver: @escaping (TextPosition?) -> Void) { deliver(nil) }
}

