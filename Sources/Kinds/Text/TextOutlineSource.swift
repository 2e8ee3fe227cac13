import DocumentKit
import Localization

/// A text's outline as the rows above its pages: a book's own table of contents when its
/// chapter source has one (`TextChapterSource.tableOfContents`: no chapter is read to list
/// it), else the text's headings (`DocumentOutline`).
final class TextOutlineSource: OutlineSource {
    let pages: HorizontalPagesLayout
    private(set) var entries: [OutlineEntry]?
    /// Where each row leads, as known now.
    private var locations: [BlockLocation]
    /// For a book's row that leads into a chapter, the chapter and the anchor still to be found
    /// in it: until then the row leads to the chapter's start. Found once the chapter is read
    /// (it is laid out, or the row is chosen); nil for a row whose place is known.
    private var pendingAnchors: [(chapter: Int, anchor: String)?]
    let isInPageOrder: Bool

    /// The book's table of contents of the document `pages` shows, or else its headings.
    init(pages: HorizontalPagesLayout) {
        self.pages = pages
        let document = pages.document
        var entries: [OutlineEntry] = [], locations: [BlockLocation] = []
        var pendingAnchors: [(chapter: Int, anchor: String)?] = []
        var chapters: [Int] = []
        for row in document.chapters?.source.tableOfContents ?? [] {
            guard let section = document.firstSection(ofChapter: row.chapter) else { continue }
            let start = BlockLocation(section: section, block: 0, shareOfSectionBefore: 0)
            entries.append(OutlineEntry(title: row.title, level: min(max(row.level, 1), 6), target: .block(start)))
            locations.append(start)
            pendingAnchors.append(row.anchor.map { (row.chapter, $0) })
            chapters.append(row.chapter)
        }
        if entries.isEmpty {
            for heading in DocumentOutline(document: document).headings {
                entries.append(OutlineEntry(title: heading.text, level: heading.level, target: .block(heading.location)))
                locations.append(heading.location)
                pendingAnchors.append(nil)
            }
            isInPageOrder = true
        } else {
            // A table that goes back to an earlier chapter is not in page order.
            isInPageOrder = zip(chapters, chapters.dropFirst()).allSatisfy { $0 <= $1 }
        }
        self.entries = entries
        self.locations = locations
        self.pendingAnchors = pendingAnchors
    }

    func whenLoaded(_ handler: @escaping () -> Void) { handler() }

    var emptyNote: String { localized("No headings") }

    /// The row's place, its chapter read now if its anchor is still to be found: one chapter,
    /// as laying out the page it leads to reads it anyway.
    func target(ofEntry index: Int) -> OutlineTarget {
        if let pending = pendingAnchors[index] { findAnchors(inChapter: pending.chapter) }
        return .block(locations[index])
    }

    /// Exact once the row's block is laid out, estimated before (see `DocumentLayout.page(of:)`);
    /// a row into a chapter is found in it once a section of the chapter is laid out.
    func page(ofEntry index: Int) -> Int {
        if let pending = pendingAnchors[index], isLaidOut(chapter: pending.chapter) {
            findAnchors(inChapter: pending.chapter)
        }
        return pages.page(of: locations[index])
    }

    private func isLaidOut(chapter: Int) -> Bool {
        guard let sections = pages.document.chapters?.sections(ofChapter: chapter) else { return false }
        return sections.contains { pages.column.shapedSection($0) != nil }
    }

    /// Finds the places of every row that leads into `chapter`, reading that chapter alone: a
    /// row whose anchor the chapter lacks leads to the chapter's start.
    private func findAnchors(inChapter chapter: Int) {
        let document = pages.document
        guard let sections = document.chapters?.sections(ofChapter: chapter) else { return }
        for index in pendingAnchors.indices {
            guard let pending = pendingAnchors[index], pending.chapter == chapter else { continue }
            pendingAnchors[index] = nil
            guard let position = document.place(named: pending.anchor, in: sections) else { continue }
            let blocks = document.blocks(inSection: position.section)
            locations[index] = BlockLocation(section: position.section, block: position.block,
                                             shareOfSectionBefore: DocumentOutline.share(of: position.block, in: blocks))
            entries?[index].target = .block(locations[index])
        }
    }
}
