/// A text document's chapters as another kind's module supplies them (a book's spine
/// documents, `MarkupBlocks`): each is read only when it is shown, searched, copied or read
/// aloud, so opening a book of 300 chapters reads one.
///
/// The document cuts each chapter into sections of about `TextDocument.sectionBytes` (by
/// `byteCount(ofChapter:)`, before it is read), which the layout shapes one at a time; a chapter
/// is read once for all its sections while it stays in a small cache.
public protocol TextChapterSource: Sendable {
    /// How many chapters there are; it never changes.
    var chapterCount: Int { get }

    /// About how many bytes of text chapter `index` holds, known without reading it (its
    /// file's size, markup included, will do). It decides how many sections the chapter is cut
    /// into and how tall they are estimated until they are laid out, so it should not be much
    /// less than the truth: a chapter longer than it said is laid out in larger sections, which
    /// take longer to shape. Asked once for every chapter when the document is made.
    func byteCount(ofChapter index: Int) -> Int

    /// The blocks of chapter `index`, read now. Called on the loop's thread or a worker's,
    /// possibly on both at once and possibly again for the same chapter; a chapter that cannot
    /// be read gives a block that says so, never a crash.
    func blocks(ofChapter index: Int) -> [Block]

    /// The chapter that holds the anchor `name` (a `MarkupReferences.anchor(ofID:)`, or the
    /// anchor of a chapter's first block), so following a link reads that chapter only; nil
    /// when it cannot tell, and every chapter may then be read to find it.
    func chapter(holdingAnchor name: String) -> Int?

    /// Whether chapter `index` starts with a chapter break (`Block.Kind.chapterBreak`). By
    /// default every chapter but the first does; a book's kind may say no for a file that only
    /// continues the chapter before it.
    func startsWithBreak(chapter index: Int) -> Bool

    /// The book's own table of contents, in its order, known without reading a chapter: the
    /// outline `--split` and the screen reader show. Empty (the default) when the source has
    /// none, and the outline is then the chapters' headings, every chapter read to find them.
    var tableOfContents: [ChapterOutlineEntry] { get }
}

extension TextChapterSource {
    public func chapter(holdingAnchor name: String) -> Int? { nil }

    public func startsWithBreak(chapter index: Int) -> Bool { index > 0 }

    public var tableOfContents: [ChapterOutlineEntry] { [] }
}
