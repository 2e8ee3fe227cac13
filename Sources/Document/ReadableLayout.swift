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

    /// Makes the text that meets content y `band` ready for the next input (a PDF reads its
    /// pages' text on a worker), so a click or long press finds it there.
    func loadText(meeting band: ClosedRange<Double>)

    /// The page that shows `position` when the content is paged (one page per screen, side by
    /// side): revealing it turns to that page. Nil for text that scrolls.
    func pagedPage(of position: TextPosition) -> Int?
}

extension ReadableLayout {
    public func loadText(meeting band: ClosedRange<Double>) {}
    public func pagedPage(of position: TextPosition) -> Int? { nil }
    public func hoveredLink(at point: ContentPoint) -> String? { link(at: point)?.destination }
}

extension DocumentLayout: ReadableLayout {
    public func sections(meeting band: ClosedRange<Double>) -> ClosedRange<Int> {
        let first = textPosition(at: ContentPoint(x: 0, y: band.lowerBound))?.section ?? 0
        let last = textPosition(at: ContentPoint(x: 0, y: band.upperBound))?.section ?? first
        return first...max(first, last)
    }

    public func search(for query: String) -> DocumentSearch {
        DocumentSearch(document: document, query: query)
    }
}
