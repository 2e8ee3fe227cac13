extension TextDocument {
    /// The blocks of `section` if they can be had without reading a chapter of a book (a
    /// worker's job, `ChapterReads`); nil when its chapter is not read. Text of a file is
    /// always ready: a section of it is parsed in a few ms (`sectionBytes`).
    func readyBlocks(inSection section: Int) -> [Block]? {
        guard let chapters else { return blocks(inSection: section) }
        return chapters.readyBlocks(inSection: section)
    }

    /// Whether the blocks of `section` can be had without reading a book's chapter: always
    /// for text of a file, else when its chapter is read (asking costs no parse).
    func isReady(section: Int) -> Bool {
        guard let chapters else { return true }
        return chapters.isRead(chapter: chapters.chapter(ofSection: section))
    }

    /// Reads chapter `chapter` of a book now, into the cache its layouts draw from: for a kind
    /// that opens a book off the frame loop, so the first frame shows text rather than a
    /// placeholder. Nothing for a document without chapters.
    public func readChapter(_ chapter: Int) {
        chapters?.read(chapter: chapter)
    }
}
