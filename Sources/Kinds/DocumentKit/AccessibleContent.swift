/// The document as a screen reader reads and moves through it: sections of blocks, each with
/// its role, text and links, and where they are drawn. Every call comes on the loop thread.
public protocol AccessibleContent: AnyObject {
    /// How many sections the document has (a text's sections, a PDF's or a collection's
    /// pages); blocks are read a section at a time, so only those near the viewport are
    /// ever asked for.
    var sectionCount: Int { get }

    /// Whether the blocks of `section` are still being read (a PDF page's text comes from a
    /// worker, which this asks): the tree asks for them again once they are not.
    func isPending(section: Int) -> Bool

    /// The blocks of `section`, in order, grouped (a list holds its items).
    func blocks(inSection section: Int) -> [AccessibleBlock]

    /// The block at the top of the viewport now.
    var firstVisibleBlock: AccessibleBlockLocation { get }

    /// The section at the bottom of the viewport now: every section from the first visible
    /// one to this one is on screen, so a screen reader finds all it could see.
    var lastVisibleSection: Int { get }

    /// Where the block at `location` is drawn (content coordinates), when it is laid out.
    func frame(of location: AccessibleBlockLocation) -> ContentRect?

    /// Where character `offset` (Unicode scalars) of the block at `location` is drawn, when
    /// it is laid out.
    func frame(ofCharacter offset: Int, in location: AccessibleBlockLocation) -> ContentRect?

    /// Where the lines of the block at `location` start as drawn, as character offsets into
    /// its text, when it is laid out.
    func lineStartOffsets(of location: AccessibleBlockLocation) -> [Int]?

    /// The block a `#fragment` link leads to in this document, searched near `location`
    /// where searching the whole document would cost too much; nil when it leads nowhere here.
    func destination(ofAnchor fragment: String, near location: AccessibleBlockLocation) -> AccessibleBlockLocation?

    /// How to bring the block at `location` to the top: scroll to a block, or show a page.
    func scrollTarget(of location: AccessibleBlockLocation) -> AccessibleScrollTarget

    /// Changes whenever `blocks(inSection:)` may answer otherwise for a section already read
    /// (a disclosure opened or closed): the tree reads its sections again.
    var blocksRevision: Int { get }
}

extension AccessibleContent {
    /// Content whose sections, once read, stay as they are.
    public var blocksRevision: Int { 0 }

    /// Content that shows one section at a time (a page, an image).
    public var lastVisibleSection: Int { firstVisibleBlock.section }
}

/// Where a screen reader's move takes the view.
public enum AccessibleScrollTarget: Equatable, Sendable {
    /// Scroll, animated, so this block is at the top (its page, when paged).
    case block(BlockLocation)
    /// Show this page (from 0), animated.
    case page(Int)
}
