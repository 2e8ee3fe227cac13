import DocumentKit

/// A text laid out in blocks: a column, or its pages side by side, whose blocks and
/// characters can be found where they are drawn.
protocol BlockFramedLayout: AccessibleContent {
    var document: TextDocument { get }
    var readingAnchor: ReadingAnchor { get }
    /// Which disclosures are open, and how many times one opened or closed.
    var disclosureState: DisclosureState { get }
    var disclosureRevision: Int { get }
    func frame(ofBlock block: Int, inSection section: Int) -> ContentRect?
    func frame(ofCharacter offset: Int, inBlock block: Int, inSection section: Int) -> ContentRect?
    func lineStartOffsets(ofBlock block: Int, inSection section: Int) -> [Int]?
}

/// A text as a screen reader reads it: its sections' blocks (see `AccessibleBlocks`), and
/// where the layout draws them (in the column, or on the pages side by side).
extension BlockFramedLayout {
    public var sectionCount: Int { document.sectionCount }

    /// A section of a book's chapter not read yet: the screen reader is told of it once the
    /// chapter has been read on a worker (as the view reads what it shows), never on the loop.
    public func isPending(section: Int) -> Bool { !document.isReady(section: section) }

    public func blocks(inSection section: Int) -> [AccessibleBlock] {
        AccessibleBlocks.blocks(document.readyBlocks(inSection: section) ?? [], inSection: section,
                                disclosures: SectionDisclosures(state: disclosureState,
                                                                scope: document.disclosureScope(ofSection: section)))
    }

    public var blocksRevision: Int { disclosureRevision }

    public var firstVisibleBlock: AccessibleBlockLocation {
        AccessibleBlockLocation(section: readingAnchor.section, block: readingAnchor.block)
    }

    public func frame(of location: AccessibleBlockLocation) -> ContentRect? {
        frame(ofBlock: location.block, inSection: location.section)
    }

    public func frame(ofCharacter offset: Int, in location: AccessibleBlockLocation) -> ContentRect? {
        frame(ofCharacter: offset, inBlock: location.block, inSection: location.section)
    }

    public func lineStartOffsets(of location: AccessibleBlockLocation) -> [Int]? {
        lineStartOffsets(ofBlock: location.block, inSection: location.section)
    }

    public func destination(ofAnchor fragment: String, near location: AccessibleBlockLocation) -> AccessibleBlockLocation? {
        document.location(ofHeadingAnchor: fragment, near: location.section)
            .map { AccessibleBlockLocation(section: $0.section, block: $0.block) }
    }

    public func scrollTarget(of location: AccessibleBlockLocation) -> AccessibleScrollTarget {
        .block(BlockLocation(section: location.section, block: location.block, shareOfSectionBefore: 0))
    }
}

extension DocumentLayout: BlockFramedLayout {}

extension HorizontalPagesLayout: BlockFramedLayout {}

extension TextDocument {
    /// How many sections are searched for a link's heading: 512 sections of 8 KB are the
    /// 4 MB a Markdown file is parsed whole up to (`wholeParseLimitBytes`), so searching
    /// them costs no parse; beyond that only this many around the link are.
    static let searchedSectionLimit = 512

    /// The location of the place `fragment` (without `#`) names, as a tap on a link finds it
    /// (`place(named:in:)`): in the chapter a book's source says holds it, else in the whole
    /// document when it has few sections, else only in the sections around `section`, so
    /// following a link costs a bounded parse.
    ///
    /// A screen reader asks on the loop and wants its answer now (AT-SPI's action `jump` returns
    /// at once), so a book's chapters are never read for it: a place in a chapter not read yet is
    /// answered with that chapter's start, where the reader then goes, and only chapters already
    /// read are searched for an anchor whose chapter the source does not name.
    func location(ofHeadingAnchor fragment: String, near section: Int) -> BlockLocation? {
        let reach = TextDocument.searchedSectionLimit / 2
        let nearby = sectionCount <= TextDocument.searchedSectionLimit ? 0..<sectionCount
            : max(0, section - reach)..<min(sectionCount, section + reach)
        let hinted = sections(holdingAnchor: fragment)
        if let hinted, !hinted.isEmpty, !isReady(section: hinted.lowerBound) {
            return BlockLocation(section: hinted.lowerBound, block: 0, shareOfSectionBefore: 0)
        }
        guard let position = hinted.flatMap({ place(named: fragment, in: $0, blocks: readyBlocks(inSection:)).place })
            ?? place(named: fragment, in: nearby, blocks: readyBlocks(inSection:)).place else {
            return nil
        }
        return BlockLocation(section: position.section, block: position.block, shareOfSectionBefore: 0)
    }
}
