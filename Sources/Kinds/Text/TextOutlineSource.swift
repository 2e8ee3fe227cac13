import DocumentKit
import Localization
import Machinery

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
    /// The chapters a worker is reading to find rows' anchors in.
    private var findingChapters: Set<Int> = []
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

    /// The row's place as known now: for a row into a chapter whose anchor is still to be
    /// found, it is found in the chapter if it is read, else the chapter's start, while a
    /// worker reads the chapter and finds it (`isFindingTarget`), never the loop.
    func target(ofEntry index: Int) -> OutlineTarget {
        if let pending = pendingAnchors[index] { findAnchors(inChapter: pending.chapter) }
        return .block(locations[index])
    }

    func isFindingTarget(ofEntry index: Int) -> Bool {
        pendingAnchors[index].map { findingChapters.contains($0.chapter) } ?? false
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

    /// The places of the rows still to be found, by their index.
    private struct FoundPlace: Sendable {
        var row: Int
        /// Nil when the chapter lacks the row's anchor.
        var location: BlockLocation?
    }

    /// Finds the places of every row that leads into `chapter`: at once when the chapter is
    /// read, else on the worker that reads a book's chapters (the pages' next read of it then
    /// finds it read), delivered on the loop. A row whose anchor the chapter lacks leads to the
    /// chapter's start.
    private func findAnchors(inChapter chapter: Int) {
        let document = pages.document
        guard !findingChapters.contains(chapter), let sections = document.chapters?.sections(ofChapter: chapter) else { return }
        let rows = pendingAnchors.indices.compactMap { index in
            pendingAnchors[index].flatMap { $0.chapter == chapter ? (index, $0.anchor) : nil }
        }
        if let found = TextOutlineSource.places(of: rows, in: sections, of: document, blocks: document.readyBlocks(inSection:)) {
            return settle(found)
        }
        findingChapters.insert(chapter)
        let reference = LoopThreadReference(self)
        ChapterReads.queue.submit { _ in
            let found = TextOutlineSource.places(of: rows, in: sections, of: document, blocks: document.blocks(inSection:)) ?? []
            MainThreadMailbox.shared.post {
                reference.object?.findingChapters.remove(chapter)
                reference.object?.settle(found)
            }
        }
    }

    /// Where each of `rows` (an index and an anchor) leads in `sections`, reading blocks with
    /// `blocks`; nil when it gives none for a section.
    private static func places(of rows: [(Int, String)], in sections: Range<Int>, of document: TextDocument,
                               blocks: (Int) -> [Block]?) -> [FoundPlace]? {
        var found: [FoundPlace] = []
        for (row, anchor) in rows {
            let search = document.place(named: anchor, in: sections, blocks: blocks)
            guard search.isComplete else { return nil }
            let location = search.place.flatMap { position in
                blocks(position.section).map { sectionBlocks in
                    BlockLocation(section: position.section, block: position.block,
                                  shareOfSectionBefore: DocumentOutline.share(of: position.block, in: sectionBlocks))
                }
            }
            found.append(FoundPlace(row: row, location: location))
        }
        return found
    }

    /// Takes the places found: each row leads there from now on.
    private func settle(_ found: [FoundPlace]) {
        for place in found where pendingAnchors.indices.contains(place.row) {
            pendingAnchors[place.row] = nil
            guard let location = place.location else { continue }
            locations[place.row] = location
            entries?[place.row].target = .block(location)
        }
    }
}
