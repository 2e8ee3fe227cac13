import DocumentKit

/// A paged kind's pages as a screen reader reads them. A document's page is one paragraph of
/// its text (a page's text has no paragraphs to go by, see `PageTextLayout`), read on a worker
/// when asked; a picture is an image named by its file, and a move to it turns to its page.
public protocol PagedAccessibleContent: AccessibleContent, PageGeometry {
    /// The text laid over the pages.
    var textLayout: PageTextLayout { get }
    var readingAnchor: ReadingAnchor { get }
    /// Page `page`'s own name (a picture's file name); nil while it is not known.
    func name(ofPage page: Int) -> String?
    /// The slot from the left that page `page` is shown at.
    func slot(ofPage page: Int) -> Int
}

extension PagedAccessibleContent {
    public var sectionCount: Int { pageCount }

    public func isPending(section: Int) -> Bool {
        switch style {
        case .document: textLayout.pageText(section) == nil
        case .picture: (0..<pageCount).contains(section) && name(ofPage: section) == nil
        }
    }

    public func blocks(inSection section: Int) -> [AccessibleBlock] {
        let location = AccessibleBlockLocation(section: section, block: 0)
        switch style {
        case .document:
            guard let page = textLayout.pageText(section), !page.text.isEmpty else { return [] }
            return [AccessibleBlock(role: .paragraph, text: page.text, location: location)]
        case .picture:
            guard let name = name(ofPage: section) else { return [] }
            return [AccessibleBlock(role: .image, text: name, location: location)]
        }
    }

    public var firstVisibleBlock: AccessibleBlockLocation { AccessibleBlockLocation(section: readingAnchor.section, block: 0) }

    public func frame(of location: AccessibleBlockLocation) -> ContentRect? {
        style == .document && location.section < pageCount ? pageRect(location.section) : nil
    }

    public func frame(ofCharacter offset: Int, in location: AccessibleBlockLocation) -> ContentRect? {
        style == .document && location.block == 0 ? textLayout.frame(ofCharacter: offset, onPage: location.section) : nil
    }

    public func lineStartOffsets(of location: AccessibleBlockLocation) -> [Int]? {
        style == .document && location.block == 0 ? textLayout.pageText(location.section)?.lineStartCharacters : nil
    }

    public func destination(ofAnchor fragment: String, near location: AccessibleBlockLocation) -> AccessibleBlockLocation? { nil }

    public func scrollTarget(of location: AccessibleBlockLocation) -> AccessibleScrollTarget {
        switch style {
        case .document: .block(BlockLocation(section: location.section, block: 0, shareOfSectionBefore: 0))
        case .picture: .page(slot(ofPage: location.section))
        }
    }
}
