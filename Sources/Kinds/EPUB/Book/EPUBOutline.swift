import TextKind

/// A book's table of contents (its navigation document's, else its NCX's) as the rows of its
/// outline: each row leads to the spine document its entry names, at the entry's anchor.
enum EPUBOutline {
    /// The rows of `tableOfContents`, in its order, a nested entry one level deeper than its
    /// parent. An entry whose target is not in the spine (a heading with no link, a page the
    /// book lacks, the navigation document itself when it is not read in order) leads where
    /// its first entry below that has a target leads, so a heading that groups its chapters
    /// still opens the first of them; an entry with no target at or below it leads nowhere
    /// and is left out, as a row that does nothing when chosen would be.
    static func rows(of tableOfContents: EPUBTableOfContents, chapterIndexes: [String: Int]) -> [ChapterOutlineEntry] {
        var rows: [ChapterOutlineEntry] = []
        func destination(of entry: EPUBNavigationEntry) -> (chapter: Int, anchor: String?)? {
            guard let target = entry.target, let chapter = chapterIndexes[target.entryName] else { return nil }
            return (chapter, target.fragment == nil ? nil : EPUBChapterReferences.anchor(of: target))
        }
        // The first target at or below `entry`, depth first; the reader bounds the depth.
        func firstDestination(under entry: EPUBNavigationEntry) -> (chapter: Int, anchor: String?)? {
            destination(of: entry) ?? entry.children.lazy.compactMap(firstDestination(under:)).first
        }
        func add(_ entries: [EPUBNavigationEntry], level: Int) {
            for entry in entries {
                if let place = firstDestination(under: entry) {
                    rows.append(ChapterOutlineEntry(title: entry.title, level: min(level, 6), chapter: place.chapter,
                                                    anchor: place.anchor))
                }
                add(entry.children, level: level + 1)
            }
        }
        add(tableOfContents.entries, level: 1)
        return rows
    }
}
