/// One row of a book's own table of contents, as its chapter source gives it
/// (`TextChapterSource.tableOfContents`): read from the book's navigation, so the outline needs
/// none of its chapters read.
public struct ChapterOutlineEntry: Equatable, Sendable {
    public var title: String
    /// 1 (the outermost) to 6; deeper rows of the book's table stay at 6.
    public var level: Int
    /// The chapter the row leads to.
    public var chapter: Int
    /// The anchor of the place in the chapter it leads to, as the chapter's blocks carry it
    /// (`MarkupReferences.anchor(ofID:)`); nil for the chapter's start.
    public var anchor: String?

    public init(title: String, level: Int, chapter: Int, anchor: String? = nil) {
        self.title = title
        self.level = level
        self.chapter = chapter
        self.anchor = anchor
    }
}
