import ArchiveKit
import DocumentKit
import Localization
import Synchronization
import TextKind

/// A book's spine documents as a text document's chapters, each read from the archive and
/// mapped onto blocks only when it is needed (`TextChapterSource`).
final class EPUBChapters: TextChapterSource {
    let archive: ZipArchive
    /// The spine's documents, in reading order.
    let entryNames: [String]
    private let chapterIndexes: [String: Int]
    /// The book's style sheets and fonts, read once whichever chapters use them.
    private let styleSheets: EPUBStyleSheets
    private let package: EPUBPackage
    private let readTableOfContents = Mutex<[ChapterOutlineEntry]?>(nil)
    /// The cover image's entry, shown before the first chapter (`EPUBCover`); nil for a book
    /// without one.
    let coverEntryName: String?

    /// The most a chapter may inflate to: a 50 MB chapter (the largest the hostile set has)
    /// and room above it; past this the chapter shows a line saying it is too large, and a
    /// zip bomb costs no more memory than this.
    static let maximumChapterBytes = 64 << 20

    /// `showsCover`: the cover is shown before the first chapter (a fixed-layout book's first
    /// page is its own cover).
    init(archive: ZipArchive, package: EPUBPackage, showsCover: Bool = true) {
        self.archive = archive
        entryNames = package.spine.map(\.item.entryName)
        var indexes: [String: Int] = [:]
        for (index, name) in entryNames.enumerated() where indexes[name] == nil { indexes[name] = index }
        chapterIndexes = indexes
        styleSheets = EPUBStyleSheets(archive: archive, package: package)
        self.package = package
        coverEntryName = showsCover ? EPUBCover.entryName(in: package, archive: archive) : nil
    }

    var chapterCount: Int { entryNames.count }

    /// The book's navigation as the outline's rows (`EPUBOutline`), read from the book when
    /// first wanted (the outline is made), not while it opens.
    var tableOfContents: [ChapterOutlineEntry] {
        readTableOfContents.withLock { rows in
            if let rows { return rows }
            let read = EPUBOutline.rows(of: package.tableOfContents(in: archive), chapterIndexes: chapterIndexes)
            rows = read
            return read
        }
    }

    func byteCount(ofChapter index: Int) -> Int {
        min(archive.uncompressedSize(ofEntry: entryNames[index]) ?? 0, EPUBChapters.maximumChapterBytes)
    }

    func blocks(ofChapter index: Int) -> [Block] {
        let name = entryNames[index]
        var blocks: [Block]
        do {
            let bytes = try archive.data(ofEntry: name, maximumBytes: EPUBChapters.maximumChapterBytes)
            let references = EPUBChapterReferences(entryName: name, contains: { [archive] in archive.contains($0) },
                                                   styleSheets: styleSheets)
            blocks = MarkupBlocks.blocks(ofXHTML: bytes, references: references)
        } catch {
            blocks = [Block(kind: .paragraph, text: localized("⚠ '%1$s' cannot be shown: %2$s", name, error.description))]
        }
        if blocks.isEmpty { blocks = [Block(kind: .paragraph, text: "")] }
        // A link to the chapter's start leads here.
        blocks[0].anchors.append(name)
        if index == 0, let coverEntryName { blocks = EPUBCover.blocks(showing: coverEntryName, before: blocks) }
        return blocks
    }

    func chapter(holdingAnchor name: String) -> Int? {
        let entry = name.split(separator: "#", maxSplits: 1).first.map(String.init) ?? name
        return chapterIndexes[entry]
    }
}
