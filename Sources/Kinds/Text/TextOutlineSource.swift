import DocumentKit
import Localization
import Machinery
import Synchronization

/// A text's outline as the rows above its pages: a book's own table of contents when its
/// chapter source has one (`TextChapterSource.tableOfContents`: no chapter is read to list
/// it), else the text's headings (`DocumentOutline`). A book's headings are found by the
/// chapters' worker, a batch of chapters at a time, and the rows come as it reads them: a book
/// of ten thousand chapters and no table of contents never reads them on the loop.
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
    /// The chapter the worker looks for headings in next, while it goes through a book that has
    /// no table of contents; nil once it is through (or for any other outline).
    private var nextChapterToScan: Int?
    /// Told each time rows come (`whenLoaded`), while the worker finds them.
    private var handlers: [() -> Void] = []
    /// Set when the outline goes, so the worker stops looking for its headings.
    private let isAbandoned = AbandonFlag()

    /// Chapters the worker looks for headings in by one job: a chapter the view wants (read
    /// first, at a higher priority) waits for one batch at most, and a book of 10,000
    /// chapters posts 313 batches of rows, each a frame of the list.
    static let chaptersScannedPerJob = 32

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
        let scansChapters = entries.isEmpty && document.chapters != nil && document.mayHaveHeadings
        if entries.isEmpty, !scansChapters {
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
        self.entries = scansChapters ? nil : entries
        self.locations = locations
        self.pendingAnchors = pendingAnchors
        if scansChapters {
            nextChapterToScan = 0
            scanNextChapters()
        }
    }

    deinit {
        isAbandoned.set()
    }

    /// Calls `handler` once the rows are known, and again each time rows are added while a
    /// book's headings are being found.
    func whenLoaded(_ handler: @escaping () -> Void) {
        if nextChapterToScan != nil { handlers.append(handler) }
        if entries != nil { handler() }
    }

    /// Asks the chapters' worker for the headings of the next chapters, behind every chapter
    /// the view reads.
    private func scanNextChapters() {
        guard let first = nextChapterToScan, let chapters = pages.document.chapters else { return }
        let end = min(first + TextOutlineSource.chaptersScannedPerJob, chapters.chapterCount)
        let reference = LoopThreadReference(self)
        let isAbandoned = self.isAbandoned
        ChapterReads.queue.submit(priority: .background) { _ in
            guard !isAbandoned.isSet else { return }
            var headings: [DocumentOutline.Heading] = []
            for chapter in first..<end {
                let pieces = chapters.piecesPassingBy(chapter: chapter)
                for (offset, blocks) in pieces.enumerated() {
                    headings += DocumentOutline.headings(in: blocks, section: chapters.sections(ofChapter: chapter).lowerBound + offset)
                }
            }
            let rows = LoopThreadValue(headings)
            MainThreadMailbox.shared.post { reference.object?.receive(rows.value, scannedUpTo: end) }
        }
    }

    /// Adds the rows of `headings`, found in the chapters before `end`, and goes on.
    private func receive(_ headings: [DocumentOutline.Heading], scannedUpTo end: Int) {
        var entries = self.entries ?? []
        for heading in headings {
            entries.append(OutlineEntry(title: heading.text, level: heading.level, target: .block(heading.location)))
            locations.append(heading.location)
            pendingAnchors.append(nil)
        }
        self.entries = entries
        let isDone = end >= pages.document.chapters?.chapterCount ?? 0
        nextChapterToScan = isDone ? nil : end
        let toTell = handlers
        if isDone { handlers = [] }
        for handler in toTell { handler() }
        if !isDone { scanNextChapters() }
    }

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

    /// Whether the outline is gone, read by the worker between batches.
    private final class AbandonFlag: Sendable {
        private let flag = Atomic<Bool>(false)

        var isSet: Bool { flag.load(ordering: .relaxed) }

        func set() { flag.store(true, ordering: .relaxed) }
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
