import DocumentKit
import Glibc
import ImageDecoding
import Localization
import Machinery

/// A text document: Markdown, plain text or a book's chapters, cut into sections that are
/// parsed and laid out only when needed.
///
/// Its sections are immutable once loaded (bytes read on demand, or blocks parsed up front),
/// and parsing a section makes new blocks without changing it, so a worker may read it while
/// the loop lays it out.
public final class TextDocument: LoadedDocument, @unchecked Sendable {
    /// Where the document came from, for the window title.
    public let title: String
    /// The directory relative image sources and links are read from.
    public let baseDirectory: String
    /// Where the document's images come from when they are not files (a book's entries): its
    /// image sources are then this source's keys, never paths. Nil: files, relative to
    /// `baseDirectory`.
    public let imageSource: (any ImageBytesSource)?
    /// The file the document was read from (nil for text given in memory): the file to watch
    /// and reload.
    public let path: String?
    private let source: SourceBytes?
    private let sections: TextSections
    /// Where the disclosures of a document parsed whole lie (empty for one parsed a section
    /// at a time, whose disclosures each stay in their section).
    let disclosureIndex: DisclosureIndex

    /// The size of a section of source, in bytes: about three screens of body text at
    /// 1280 px, which pango lays out in a few ms, so a first frame needs one or two.
    static let sectionBytes = 8192

    /// Markdown up to this size is parsed whole, so that reference links and fenced code with
    /// blank lines work everywhere; cmark-gfm parses it in well under 100 ms. Larger files, and
    /// those whose nesting or tables would cost more than their bytes (`MarkdownParser.wholeBlocks`),
    /// are parsed a section at a time.
    static let wholeParseLimitBytes = 4 << 20

    /// Text up to this size is read into memory when opened (`SourceBytes.privateCopy`), so a
    /// rewrite of the file in place (with binary bytes, say, which a reload refuses) leaves it
    /// shown as it was. The size Markdown is parsed whole at, whose blocks hold that much text
    /// anyway; reading 4 MB from the page cache takes 0.14 ms (`pread`, measured for issue 28).
    /// Larger files are read on demand.
    static let privateCopyLimitBytes = wholeParseLimitBytes

    /// Opens the text file at `path`, whose bytes `source` reads: Markdown by its name
    /// (`.md`, `.markdown`), else plain text.
    public convenience init(path: String, source: SourceBytes) {
        self.init(title: FilePath.name(of: path), bytes: source, isMarkdown: FileFormat.isMarkdownPath(path),
                  baseDirectory: FilePath.parent(of: path), path: path)
    }

    /// Opens the file at `path` as text, whatever its bytes: for tools and tests that know
    /// what they open (the app goes through the kind registry, which recognises files first).
    public convenience init(contentsOfFile path: String) throws(DocumentError) {
        self.init(path: path, source: try SourceBytes(path: path))
    }

    /// A document from text already in memory.
    public convenience init(text: String, isMarkdown: Bool, title: String, baseDirectory: String = ".") {
        self.init(title: title, bytes: SourceBytes(Array(text.utf8)), isMarkdown: isMarkdown, baseDirectory: baseDirectory,
                  path: nil)
    }

    /// One image as a text document of a single image block, so it can share a strip of
    /// pages with text documents.
    public init(pageShowingImageAt imagePath: String, title: String) {
        self.title = title
        baseDirectory = "."
        imageSource = nil
        path = imagePath
        source = nil
        sections = TextSections(grouping: [Block(kind: .image(source: FilePath.absolute(imagePath)), text: title,
                                                 alignment: .center)])
        disclosureIndex = .empty
    }

    /// A document of `blocks` already made (by a mapping of another format, or a test), parsed
    /// whole; it cannot be reloaded.
    public init(blocks: [Block], title: String, baseDirectory: String = ".") {
        self.title = title
        self.baseDirectory = baseDirectory
        imageSource = nil
        path = nil
        source = nil
        sections = TextSections(grouping: blocks)
        disclosureIndex = sections.disclosureIndex
    }

    /// A document of the chapters `source` supplies (a book's), each read only when it is
    /// needed (`TextChapterSource`): `path` is the book's file, under which the reading
    /// position is remembered; `baseDirectory` is what links (and, without an `imageSource`,
    /// image sources) are resolved against; `imageSource` gives the images' bytes for their
    /// sources as the blocks hold them (a book's entries). It is not read again when the file
    /// changes.
    public init(chapters source: any TextChapterSource, title: String, path: String?, baseDirectory: String,
                imageSource: (any ImageBytesSource)? = nil) {
        self.title = title
        self.baseDirectory = baseDirectory
        self.imageSource = imageSource
        self.path = path
        self.source = nil
        sections = .chapters(ChapterSections(source: source))
        disclosureIndex = .empty
    }

    private init(title: String, bytes: SourceBytes, isMarkdown: Bool, baseDirectory: String, path: String?) {
        self.title = title
        self.baseDirectory = baseDirectory
        imageSource = nil
        self.path = path
        let bytes = bytes.privateCopy(maximumBytes: TextDocument.privateCopyLimitBytes)
        source = bytes
        if isMarkdown, bytes.count <= TextDocument.wholeParseLimitBytes,
           let blocks = MarkdownParser.wholeBlocks(from: bytes.bytes(0..<bytes.count)) {
            sections = TextSections(grouping: blocks)
        } else {
            sections = .onDemand(SectionBoundaries(bytes: bytes, nominalBytes: TextDocument.sectionBytes), isMarkdown: isMarkdown)
        }
        disclosureIndex = sections.disclosureIndex
    }

    /// The document read again from its file, as it is now (after the file changed): what
    /// opening it as text throws (deleted, now a directory). Text given in memory stays.
    public func reloaded() throws(DocumentError) -> TextDocument {
        guard isReloadable, let path else { return self }
        return try TextDocument(contentsOfFile: path)
    }

    /// Whether the document is text read from a file, which can be read again.
    public var isReloadable: Bool { source != nil && path != nil }

    public var isPagedByDefault: Bool { false }

    public var hasOutline: Bool { true }

    public var joinsStrips: Bool { true }

    /// A lazy text column, or with `paged` its pages side by side (`HorizontalPagesLayout`).
    public func makeLayout(palette: Palette, paged: Bool) -> any DocumentContent {
        makeLayout(palette: palette, images: makeImageStore(), paged: paged)
    }

    /// A store for the document's images: of files, or reading from its `imageSource`. A layout
    /// given a store should be given one made so.
    public func makeImageStore() -> ImageStore {
        ImageStore(bytesSource: imageSource)
    }

    public func makeLayout(palette: Palette, images: ImageStore, paged: Bool = false) -> any DocumentContent {
        paged ? HorizontalPagesLayout(document: self, palette: palette, images: images)
            : DocumentLayout(document: self, palette: palette, images: images)
    }

    /// Whether a read found the file shorter than when it was opened: what is shown may be
    /// cut short until it is reloaded.
    public var hasShrunk: Bool { source?.hasShrunk ?? false }

    /// The size of the text in bytes when it was read (0 for an image page or blocks given).
    public var byteCount: Int { source?.count ?? 0 }

    /// Whether the text was parsed whole when it was opened, rather than a section at a time
    /// as it is shown.
    var isParsedWhole: Bool {
        if case .parsed = sections { return true }
        return false
    }

    /// How many sections the text has (at least one).
    public var sectionCount: Int { sections.count }

    /// The blocks of `section`, parsed now for a large file (a few ms at most).
    public func blocks(inSection section: Int) -> [Block] {
        sections.blocks(inSection: section)
    }

    /// Whether the text may have headings (Markdown); plain text has none.
    var mayHaveHeadings: Bool { sections.mayHoldHeadings }

    /// The source size of `section` in bytes, from which its height is estimated until it is
    /// laid out.
    func byteCount(ofSection section: Int) -> Int {
        sections.byteCount(ofSection: section)
    }

    /// The scope disclosure numbers of `section`'s blocks count in (see `DisclosureKey`): the
    /// whole document's, its section's, or a book's chapter's.
    func disclosureScope(ofSection section: Int) -> Int {
        switch sections {
        case .parsed: return 0
        case .onDemand: return section
        case .chapters(let chapters): return chapters.chapter(ofSection: section)
        }
    }

    /// The sections that hold disclosure `key`'s summary and body.
    func sections(ofDisclosure key: DisclosureKey) -> ClosedRange<Int>? {
        switch sections {
        case .parsed:
            return disclosureIndex.sections[key.number]
        case .onDemand:
            return key.scope < sectionCount ? key.scope...key.scope : nil
        case .chapters(let chapters):
            let range = chapters.sections(ofChapter: key.scope)
            return range.isEmpty ? nil : range.lowerBound...(range.upperBound - 1)
        }
    }

    /// The chapters the document's sections come from, for a document made of them.
    var chapters: ChapterSections? {
        if case .chapters(let chapters) = sections { return chapters }
        return nil
    }

    /// The section chapter `chapter` of a document made of chapters starts at (where an outline's
    /// entry for it leads); nil for another document, or a chapter it does not have.
    public func firstSection(ofChapter chapter: Int) -> Int? {
        guard let range = chapters?.sections(ofChapter: chapter), !range.isEmpty else { return nil }
        return range.lowerBound
    }

    /// The chapter `section` of a document made of chapters belongs to; nil for another document.
    public func chapter(ofSection section: Int) -> Int? {
        chapters.map { $0.chapter(ofSection: section) }
    }

    /// The size of `section` in bytes without what `state` hides, from which its height is
    /// estimated.
    func shownByteCount(ofSection section: Int, state: DisclosureState) -> Int {
        let bytes = byteCount(ofSection: section)
        guard isParsedWhole else { return bytes }
        return max(0, bytes - disclosureIndex.hiddenBytes(ofSection: section, state: state))
    }

    /// Every block, in order. Parses the whole document: for tests and small documents.
    public var blocks: [Block] {
        (0..<sectionCount).flatMap { blocks(inSection: $0) }
    }
}
