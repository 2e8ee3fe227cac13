/// Waiting for a section's text off the loop: what a jump to a place in a book's chapter needs
/// before it can lay the place out and scroll there.
extension DocumentLayout {
    /// Calls `ready` on the loop's thread once the blocks of `section` can be had without
    /// reading a chapter here: at once for text of a file, a shaped section or a chapter in the
    /// cache; else once the worker has read its chapter (`ChapterReads.read(_:then:)`), asked
    /// again should the cache have let it go before the answer came.
    func whenReady(section: Int, then ready: @escaping () -> Void) {
        guard let chapterReads, let chapter = document.chapter(ofSection: section), shapedSection(section) == nil,
              document.chapters?.isRead(chapter: chapter) == false else { return ready() }
        chapterReads.read(chapter) { [weak self] in self?.whenReady(section: section, then: ready) }
    }
}
