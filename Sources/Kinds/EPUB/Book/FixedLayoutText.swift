import DocumentKit
import Machinery
import PageKit
import TextKind

/// The text of a fixed-layout book's pages for the reading tools (find, selection, copy,
/// links): each page's text is the column its `DocumentLayout` laid out at the page's
/// viewport, drawn scaled into the page's frame, so a point, a range or a link is that
/// layout's, moved and scaled by the page's placement.
///
/// A position names the page as its section, and the page's own section and block in its
/// block number (`block(section:block:)`), so positions order as the pages and their text
/// read. Only pages near the view (those laid out) answer for points and rectangles; a search
/// and a copy read the pages' documents again on their workers.
final class FixedLayoutText: ReadableLayout {
    unowned let pages: FixedLayoutPagesLayout

    /// A page's own sections are numbered in a position's block number in steps of this: a
    /// section of a page holds at most a few hundred blocks (`TextDocument.sectionBytes` of text
    /// at 80 bytes a block at least), far fewer.
    static let blocksPerPageSection = 1 << 20

    init(pages: FixedLayoutPagesLayout) {
        self.pages = pages
    }

    /// The pages' revision, changed also by a turn to other pages: every page spans the same
    /// vertical band, so a cache keyed by the band and the revision (the find highlights') would
    /// otherwise keep the rectangles of the pages shown before the turn (none, for a match on
    /// the page turned to).
    var revision: Int {
        let shown = sections(meeting: 0...0)
        return pages.revision &* 1_000_003 &+ shown.lowerBound &* 1_009 &+ shown.upperBound
    }

    // MARK: Positions

    /// A position's block number for `block` of the page's `section`.
    static func block(section: Int, block: Int) -> Int {
        section * blocksPerPageSection + block
    }

    /// The position in the page's own text that `position` names.
    static func pagePosition(_ position: TextPosition) -> TextPosition {
        TextPosition(section: position.block / blocksPerPageSection, block: position.block % blocksPerPageSection,
                     utf8Offset: position.utf8Offset)
    }

    /// The position in the book of `position` in page `page`'s own text.
    static func bookPosition(_ position: TextPosition, page: Int) -> TextPosition {
        TextPosition(section: page, block: block(section: position.section, block: position.block),
                     utf8Offset: position.utf8Offset)
    }

    /// The part of `range` on page `page`, in the page's own text; nil when it has none.
    static func pageRange(of range: TextRange, page: Int) -> TextRange? {
        guard range.start.section <= page, range.end.section >= page else { return nil }
        let start = range.start.section == page ? pagePosition(range.start) : .start
        let end = range.end.section == page ? pagePosition(range.end) : .end
        return TextRange(start, end)
    }

    private static func bookRange(_ range: TextRange, page: Int) -> TextRange {
        TextRange(bookPosition(range.start, page: page), bookPosition(range.end, page: page))
    }

    // MARK: Geometry

    /// Page `page`'s layout if it is laid out, and its box: where the page is drawn, turned,
    /// and its viewport in CSS px (the layout's own coordinates).
    private func placement(ofPage page: Int) -> (layout: DocumentLayout, box: PageBox)? {
        guard let layout = pages.textLayouts[page] else { return nil }
        return (layout, pages.pageBox(page))
    }

    /// The layout's point at content point `point` on the page in `box`.
    private static func layoutPoint(_ point: ContentPoint, in box: PageBox) -> ContentPoint {
        let upright = box.uprightPoint(of: point)
        return ContentPoint(x: upright.x / box.scale, y: upright.y / box.scale)
    }

    private static func contentRect(_ rect: ContentRect, in box: PageBox) -> ContentRect {
        box.contentRect(ofPointsX: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    /// The whole of a page's column, in its own coordinates.
    private static func wholeColumn(of layout: DocumentLayout) -> ClosedRange<Double> {
        0...max(layout.contentSize.height, 1)
    }

    func textPosition(at point: ContentPoint) -> TextPosition? {
        let page = pages.page(at: point)
        guard let (layout, box) = placement(ofPage: page),
              let position = layout.textPosition(at: FixedLayoutText.layoutPoint(point, in: box))
        else { return nil }
        return FixedLayoutText.bookPosition(position, page: page)
    }

    func rects(of range: TextRange, within band: ClosedRange<Double>) -> [ContentRect] {
        let shown = sections(meeting: band)
        let first = max(range.start.section, shown.lowerBound), last = min(range.end.section, shown.upperBound)
        guard first <= last else { return [] }
        var rects: [ContentRect] = []
        for page in first...last {
            guard let (layout, box) = placement(ofPage: page),
                  let part = FixedLayoutText.pageRange(of: range, page: page) else { continue }
            rects += layout.rects(of: part, within: FixedLayoutText.wholeColumn(of: layout)).map {
                FixedLayoutText.contentRect($0, in: box)
            }
        }
        return rects
    }

    func caretRect(at position: TextPosition) -> ContentRect? {
        guard let (layout, box) = placement(ofPage: position.section),
              let caret = layout.caretRect(at: FixedLayoutText.pagePosition(position)) else { return nil }
        return FixedLayoutText.contentRect(caret, in: box)
    }

    func wordRange(at position: TextPosition) -> TextRange? {
        guard let layout = placement(ofPage: position.section)?.layout,
              let word = layout.wordRange(at: FixedLayoutText.pagePosition(position)) else { return nil }
        return FixedLayoutText.bookRange(word, page: position.section)
    }

    func paragraphRange(at position: TextPosition) -> TextRange? {
        guard let layout = placement(ofPage: position.section)?.layout,
              let paragraph = layout.paragraphRange(at: FixedLayoutText.pagePosition(position)) else { return nil }
        return FixedLayoutText.bookRange(paragraph, page: position.section)
    }

    /// The line's top on its page once the page is laid out; the page's top until then (the
    /// page is turned to whole, `pagedPage(of:)`).
    func lineTop(of position: TextPosition, viewportTop: Double) -> Double? {
        guard (0..<pages.pageCount).contains(position.section) else { return nil }
        guard let (layout, box) = placement(ofPage: position.section),
              let top = layout.lineTop(of: FixedLayoutText.pagePosition(position), viewportTop: 0) else {
            return pages.frame(ofPage: position.section).y
        }
        return FixedLayoutText.contentRect(ContentRect(x: 0, y: top, width: 0, height: 0), in: box).y
    }

    /// The pages the last frame showed: every page spans the content's height, so the band
    /// alone cannot tell them.
    func sections(meeting band: ClosedRange<Double>) -> ClosedRange<Int> {
        guard let visible = pages.lastVisible, pages.pageCount > 0 else {
            let anchor = pages.readingAnchor.section
            return anchor...anchor
        }
        let shown = pages.pages(in: visible.x, visible.maxX)
        return (shown.first ?? 0)...(shown.last ?? 0)
    }

    func pagedPage(of position: TextPosition) -> Int? {
        pages.frames.slot(ofPage: min(max(position.section, 0), max(pages.pageCount - 1, 0)))
    }

    // MARK: Links

    func link(at point: ContentPoint) -> DocumentLink? {
        let page = pages.page(at: point)
        guard let (layout, box) = placement(ofPage: page),
              let link = layout.link(at: FixedLayoutText.layoutPoint(point, in: box))
        else { return nil }
        return DocumentLink(destination: link.destination, rects: link.rects.map { FixedLayoutText.contentRect($0, in: box) })
    }

    /// Where a book's links are resolved from (`EPUBChapterReferences`: a place in the book is
    /// `#` and its anchor, an address leads out as written): the book's folder, as for a
    /// reflowable book.
    var linkBaseDirectory: String? { FilePath.parent(of: pages.book.path ?? ".") }

    /// The page whose document holds the anchor (`entry#id`, or a page's entry name): the
    /// block that carries it when the page is laid out, else the page's start.
    func findAnchor(_ fragment: String, then deliver: @escaping (TextPosition?) -> Void) {
        guard let page = pages.book.chapters.chapter(holdingAnchor: fragment), page < pages.pageCount else {
            return deliver(nil)
        }
        if let document = pages.textLayouts[page]?.document {
            for section in 0..<document.sectionCount {
                for (index, block) in document.blocks(inSection: section).enumerated() where block.anchors.contains(fragment) {
                    return deliver(TextPosition(section: page, block: FixedLayoutText.block(section: section, block: index),
                                                utf8Offset: 0))
                }
            }
        }
        deliver(TextPosition(section: page, block: 0, utf8Offset: 0))
    }

    // MARK: Find and copy

    func search(for query: String) -> DocumentSearch {
        let chapters = pages.book.chapters
        return DocumentSearch(query: query) { FixedLayoutSearchSource(chapters: chapters) }
    }

    /// Each page's text in the range, read from the book again on the paste's worker, pages
    /// apart by a blank line.
    func textForCopying(in range: TextRange) -> @Sendable () -> String {
        let chapters = pages.book.chapters, pageCount = pages.pageCount
        return {
            guard pageCount > 0, range.start.section < pageCount else { return "" }
            var pieces: [String] = []
            for page in max(range.start.section, 0)...min(range.end.section, pageCount - 1) {
                guard let part = FixedLayoutText.pageRange(of: range, page: page) else { continue }
                let text = FixedLayoutSearchSource.document(ofPage: page, in: chapters).text(in: part)
                if !text.isEmpty { pieces.append(text) }
            }
            return pieces.joined(separator: "\n\n")
        }
    }
}

/// A fixed-layout book's pages' text as a search reads it on its worker: each page's document
/// read from the zip (the page's blocks as its layout has them), its blocks numbered as
/// `FixedLayoutText` numbers them.
struct FixedLayoutSearchSource: SearchSource {
    let chapters: EPUBChapters

    var sectionCount: Int { chapters.chapterCount }

    var joinsWordsHyphenatedAtLineEnds: Bool { false }

    /// Page `page`'s text as a document of its blocks, as its layout shows them.
    static func document(ofPage page: Int, in chapters: EPUBChapters) -> TextDocument {
        TextDocument(blocks: chapters.blocks(ofChapter: page), title: "")
    }

    func forEachBlockText(inSection page: Int, _ body: (Int, String) -> Void) {
        let document = FixedLayoutSearchSource.document(ofPage: page, in: chapters)
        for section in 0..<document.sectionCount {
            for (index, block) in document.blocks(inSection: section).enumerated() {
                body(FixedLayoutText.block(section: section, block: index), block.text)
            }
        }
    }
}
