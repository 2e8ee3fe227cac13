import DocumentKit

/// What the accessible tree reads and does, answered by the app from its panes and layouts.
/// Every call comes on the loop thread, between frames.
public protocol AccessibilityModel: AnyObject {
    /// The window's title and the document's, as the reader hears them.
    var windowTitle: String { get }
    var documentTitle: String { get }
    /// Which document the pane shows: another once a link opened another document or the
    /// reader came back from one, and then the document's children are built again.
    var shownDocument: ObjectIdentifier { get }
    /// Whether the window is the active one (the compositor says so): screen readers speak
    /// the active window.
    var isWindowActive: Bool { get }
    /// The window's size in logical px.
    var windowSize: (width: Double, height: Double) { get }

    /// Where the document's pane is in the window.
    var documentFrame: AccessibleRect { get }
    /// Whether nothing moves: the caret follows the view only once it comes to rest.
    var isAtRest: Bool { get }

    /// How many sections the document has; blocks are read a section at a time, so only the
    /// sections near the viewport are ever asked for.
    var sectionCount: Int { get }
    /// The blocks of `section`, in order, grouped (a list holds its items).
    func blocks(inSection section: Int) -> [AccessibleBlock]
    /// Whether the blocks of `section` are still being read (a PDF page's text comes from a
    /// worker): the document asks for them again once they are not.
    func isPending(section: Int) -> Bool
    /// Changes whenever sections already read may read otherwise (a disclosure opened or
    /// closed): the document reads its sections again.
    var blocksRevision: Int { get }
    /// Opens or closes the disclosure whose summary is the block at `location`, as a tap on
    /// it does; false when there is none.
    func toggleDisclosure(at location: AccessibleBlockLocation) -> Bool
    /// The block at the top of the document's viewport now.
    var firstVisibleBlock: AccessibleBlockLocation { get }
    /// The section at the bottom of the document's viewport now.
    var lastVisibleSection: Int { get }
    /// Where `location` is drawn in the window, if it is laid out near the viewport.
    func frame(of location: AccessibleBlockLocation) -> AccessibleRect?
    /// Where the character at `offset` of the block at `location` is drawn in the window, if
    /// it is laid out and on screen.
    func frame(ofCharacter offset: Int, in location: AccessibleBlockLocation) -> AccessibleRect?
    /// Where the lines of the block at `location` start as drawn, as character offsets into
    /// its text, if it is laid out.
    func lineStartOffsets(of location: AccessibleBlockLocation) -> [Int]?
    /// Scrolls the document, with the engine's animation, so `location` is at the top.
    func scroll(to location: AccessibleBlockLocation)
    /// The block a link leads to in this document, if it leads into it (`#heading`).
    func destination(ofLink target: String, from location: AccessibleBlockLocation) -> AccessibleBlockLocation?
    /// Follows a link that leads out of this document (another document, a web or mail
    /// address) as a tap on it does; false when it is refused.
    func followLink(_ target: String) -> Bool
    /// A link within this document is about to be followed (`scroll(to:)` its destination):
    /// where the reader is goes into the history, so going back returns there.
    func recordJump()

    /// How many headings the outline shows in `--split`; 0 when no outline is shown.
    var outlineItemCount: Int { get }
    /// The outline's heading `index`.
    func outlineItem(_ index: Int) -> AccessibleOutlineItem
    /// The heading of the page shown, which the outline highlights.
    var highlightedOutlineItem: Int? { get }
    func activateOutlineItem(_ index: Int)
    /// Where the outline's pane is in the window, when it is shown.
    var outlineFrame: AccessibleRect? { get }
    /// Where the outline's row `index` is drawn in the window, if it is.
    func frameOfOutlineItem(_ index: Int) -> AccessibleRect?

    /// The paged view's pages: the page shown (from 0) and how many there are; nil when the
    /// document scrolls instead.
    var pages: (current: Int, count: Int)? { get }
    /// Whether the page control is drawn now, and where.
    var pageControlFrame: AccessibleRect? { get }
    /// Shows page `index` (from 0), animated.
    func showPage(_ index: Int)
    /// The label printed on the paged view's page `index` (from 0), where it has one (`xii`;
    /// a spread's two, `xii–xiii`).
    func label(ofPage index: Int) -> String?

    /// The go-to-page entry while it is open: what was typed and what it says (the page
    /// count, or why the text leads to no page); nil while it is closed.
    var pageEntry: (text: String, status: String)? { get }
    /// Where the find field and the go-to-page entry are drawn in the window.
    var findFieldFrame: AccessibleRect { get }
    /// Opens the go-to-page entry, as Ctrl+L does; false when the document has no pages.
    func openPageEntry() -> Bool
    /// Goes to the page the entry names, as Enter does; false when it is closed.
    func commitPageEntry() -> Bool

    /// Whether night pages are on (light on dark, pages with their lightness inverted).
    var showsNightPages: Bool { get }
    /// Turns night pages on or off, as Ctrl+I does.
    func toggleNightPages()

    /// The selected part of `text`, the text of the block at `location`, as character
    /// offsets, if any.
    func selection(of text: String, at location: AccessibleBlockLocation) -> Range<Int>?
    /// Where the reader's selection (mouse or touch) runs, to tell clients when it changes;
    /// nil when nothing is selected.
    var selectionExtent: AccessibleSelectionExtent? { get }
}

/// Where a selection runs: from a block and an offset in it to another. The offsets are the
/// model's own (compared only, to see a change).
public struct AccessibleSelectionExtent: Equatable, Sendable {
    public var first: AccessibleBlockLocation
    public var last: AccessibleBlockLocation
    public var startOffset: Int
    public var endOffset: Int

    public init(first: AccessibleBlockLocation, startOffset: Int, last: AccessibleBlockLocation, endOffset: Int) {
        self.first = first
        self.startOffset = startOffset
        self.last = last
        self.endOffset = endOffset
    }

    /// Whether the selection meets the block at `location`.
    func meets(_ location: AccessibleBlockLocation) -> Bool { first <= location && location <= last }
}

extension AccessibilityModel {
    /// Blocks that are parsed when asked for are never pending.
    public func isPending(section: Int) -> Bool { false }
    /// Sections that, once read, stay as they are.
    public var blocksRevision: Int { 0 }
    /// A model without disclosures toggles none.
    public func toggleDisclosure(at location: AccessibleBlockLocation) -> Bool { false }
    /// A model without links out of its document follows none.
    public func followLink(_ target: String) -> Bool { false }
    /// A model without a history records no jump.
    public func recordJump() {}
    /// A model whose text cannot be selected has no selection.
    public var selectionExtent: AccessibleSelectionExtent? { nil }
    /// A model without pages to go to has no go-to-page entry.
    public var pageEntry: (text: String, status: String)? { nil }
    public var findFieldFrame: AccessibleRect { AccessibleRect(x: 0, y: 0, width: 0, height: 0) }
    public func openPageEntry() -> Bool { false }
    public func label(ofPage index: Int) -> String? { nil }
    public func commitPageEntry() -> Bool { false }
}
