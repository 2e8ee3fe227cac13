import DocumentKit
import Localization
import PageKit
import TextKind

/// What a fixed-layout book's pages offer: zoomed one page at a time as a PDF's pages are,
/// its table of contents as the outline, each page's text read to a screen reader once the
/// page is read, and found, selected, copied and its links followed in the column each page's
/// text is laid out in (`FixedLayoutText`).
extension FixedLayoutPagesLayout: DocumentContent {
    /// From the whole page to 4×: a page set at a phone's or a tablet's size (a few hundred
    /// CSS px wide) shows its small print at 4× on a laptop's screen; a PDF's pages go to 8×,
    /// but a fixed page's pictures are seldom decoded past 2560 px (`ImageStore`).
    static let maximumZoomScale = 4.0

    var zoomPolicy: ZoomPolicy { .perPage(1...FixedLayoutPagesLayout.maximumZoomScale) }

    func maximumZoomScale(ofPage page: Int) -> Double { FixedLayoutPagesLayout.maximumZoomScale }

    /// Zoom 1 fits the page whole, as a paged PDF's: that is automatic; `w` magnifies the page
    /// shown to the window's width.
    func zoomScale(fitting fit: PageFit) -> Double? {
        guard pageCount > 0, viewportWidth > 0 else { return nil }
        let frame = frame(ofPage: min(max(readingAnchor.section, 0), pageCount - 1))
        switch fit {
        case .width: return frame.width > 0 ? viewportWidth / frame.width : nil
        case .free: return nil
        case .automatic, .page: return 1
        }
    }

    var readableText: (any ReadableLayout)? { text }

    var accessibleContent: (any AccessibleContent)? { self }

    var outline: (any OutlineSource)? {
        book.chapters.tableOfContents.isEmpty ? nil : FixedLayoutOutline(rows: book.chapters.tableOfContents)
    }

    func link(at point: ContentPoint, zoomScale: Double) -> ContentLink? { nil }

    func contentOffset(of location: BlockLocation) -> ContentPoint? { nil }

    /// A book is not read again when its file changes.
    func replaceDocument(with document: any LoadedDocument) -> Bool { false }

    var failure: DocumentError? { nil }

    /// Every page turns a quarter at a time, as a PDF's do (`PageFrames` places them turned,
    /// `draw` turns what it draws upright); the page at the reading position stays shown.
    func rotate(byQuarterTurns turns: Int) -> Bool {
        guard turns % 4 != 0 else { return true }
        frames.turn(byQuarterTurns: turns, size: pointSize)
        changeLog.record(.everything)
        return true
    }

    var quarterTurns: Int { frames.quarterTurns }
}

/// The overview (F9) of a fixed-layout book: its pages read and laid out as for the view, and
/// drawn at the thumbnails' scale (a picture page's image decoded at that size).
extension FixedLayoutPagesLayout: PageThumbnailSource {
    var isPaged: Bool { frames.isPaged }

    var style: PageStyle { frames.style }

    var currentPage: Int { anchorPage }

    func pageRect(_ page: Int) -> ContentRect { frame(ofPage: page) }

    func pages(meeting rect: ContentRect) -> ClosedRange<Int> { frames.pages(meeting: rect) }

    /// A page's size is known once its document is read (its viewport).
    func isMeasured(_ page: Int) -> Bool { pages[page] != nil }

    /// Page `page`'s box: its frame, turned as the pages are, and its viewport in CSS px.
    func pageBox(_ page: Int) -> PageBox { frames.box(page, size: pointSize(page)) }

    func drawThumbnails(_ rect: ContentRect, on cairo: OpaquePointer) {
        draw(rect, numberingPlaceholders: false, on: cairo)
    }

    /// The pages last prepared that are not drawn yet: not read, a text page not laid out,
    /// or a picture not decoded.
    var missingVisibleCount: Int {
        guard let lastVisible, pageCount > 0, viewportWidth > 0 else { return 0 }
        return frames.pages(meeting: lastVisible).filter { index in
            guard let page = pages[index] else { return true }
            guard let source = page.fillingImage else { return textLayouts[index] == nil }
            if case .image = images.loadedImage(atPath: source) { return false }
            if case .failure = images.loadedImage(atPath: source) { return false }
            return true
        }.count
    }
}

/// A page a section: its text (a picture's description), once the page has been read.
extension FixedLayoutPagesLayout: AccessibleContent {
    var sectionCount: Int { pageCount }

    func isPending(section: Int) -> Bool { pages[section] == nil }

    func blocks(inSection section: Int) -> [AccessibleBlock] {
        let location = AccessibleBlockLocation(section: section, block: 0)
        guard let page = pages[section] else {
            return [AccessibleBlock(role: .paragraph, text: localized("Page %d", section + 1), location: location)]
        }
        let text = page.blocks.map(\.text).filter { !$0.allSatisfy(\.isWhitespace) }.joined(separator: "\n")
        return [AccessibleBlock(role: page.fillingImage == nil ? .paragraph : .image, text: text, location: location)]
    }

    var firstVisibleBlock: AccessibleBlockLocation { AccessibleBlockLocation(section: readingAnchor.section, block: 0) }

    func frame(of location: AccessibleBlockLocation) -> ContentRect? {
        (0..<pageCount).contains(location.section) ? frame(ofPage: location.section) : nil
    }

    func frame(ofCharacter offset: Int, in location: AccessibleBlockLocation) -> ContentRect? { nil }

    func lineStartOffsets(of location: AccessibleBlockLocation) -> [Int]? { nil }

    func destination(ofAnchor fragment: String, near location: AccessibleBlockLocation) -> AccessibleBlockLocation? { nil }

    func scrollTarget(of location: AccessibleBlockLocation) -> AccessibleScrollTarget { .page(frames.slot(ofPage: location.section)) }
}

/// A fixed-layout book's table of contents: each row a page, whose place is known.
final class FixedLayoutOutline: OutlineSource {
    let entries: [OutlineEntry]?
    private let rowPages: [Int]

    init(rows: [ChapterOutlineEntry]) {
        entries = rows.map { OutlineEntry(title: $0.title, level: $0.level, target: .page($0.chapter)) }
        rowPages = rows.map(\.chapter)
        isInPageOrder = zip(rowPages, rowPages.dropFirst()).allSatisfy { $0 <= $1 }
    }

    func whenLoaded(_ handler: @escaping () -> Void) { handler() }

    var emptyNote: String { localized("No headings") }

    func page(ofEntry index: Int) -> Int { rowPages[index] }

    let isInPageOrder: Bool
}
