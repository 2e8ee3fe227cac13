import DocumentKit

/// A paged kind's pages as a screen reader reads them: a page is one paragraph of its text (a
/// page's text has no paragraphs to go by, see `PageTextLayout`), read on a worker when asked.
public protocol PagedAccessibleContent: AccessibleContent, PageGeometry {
    /// The text laid over the pages.
    var textLayout: PageTextLayout { get }
    var readingAnchor: ReadingAnchor { get }
}

extension PagedAccessibleContent {
    public var sectionCount: Int { pageCount }

    public func isPending(section: Int) -> Bool { textLayout.pageText(section) == nil }

    public func blocks(inSection section: Int) -> [AccessibleBlock] {
        guard let page = textLayout.pageText(section), !page.text.isEmpty else { return [] }
        return [AccessibleBlock(role: .paragraph, text: page.text, location: AccessibleBlockLocation(section: section, block: 0))]
    }

    public var firstVisibleBlock: AccessibleBlockLocation { AccessibleBlockLocation(section: readingAnchor.section, block: 0) }

    public func frame(of location: AccessibleBlockLocation) -> ContentRect? {
        location.section < pageCount ? pageRect(location.section) : nil
    }

    public func frame(ofCharacter offset: Int, in location: AccessibleBlockLocation) -> ContentRect? {
        location.block == 0 ? textLayout.frame(ofCharacter: offset, onPage: location.section) : nil
    }

    public func lineStartOffsets(of location: AccessibleBlockLocation) -> [Int]? {
        location.block == 0 ? textLayout.pageText(location.section)?.lineStartCharacters : nil
    }

    public func destination(ofAnchor fragment: String, near location: AccessibleBlockLocation) -> AccessibleBlockLocation? { nil }

    public func scrollTarget(of location: AccessibleBlockLocation) -> AccessibleScrollTarget {
        .block(BlockLocation(section: location.section, block: 0, shareOfSectionBefore: 0))
    }
}
