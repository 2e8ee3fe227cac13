import DocumentKit
import Machinery
import ScrollEngine
import Viewer

/// The viewer as the accessible tree reads and moves it: the document's text-access
/// capability (`AccessibleContent`) gives the blocks and where they are; the viewer scrolls,
/// animated, where a screen reader goes. It needs no Wayland: the window's title and state
/// come from the app.
public final class AccessibleViewer: AccessibilityModel {
    public let viewer: DocumentViewer
    private let shownWindowTitle: () -> String?
    private let isWindowActivated: () -> Bool
    /// The titles before the first frame says which file is shown.
    private let firstWindowTitle: String
    private let firstDocumentTitle: String

    /// The tree of `viewer`, in a window whose title (once a frame has said which file is
    /// shown) and activation the app reports.
    public init(viewer: DocumentViewer, windowTitle: String, documentTitle: String,
                shownWindowTitle: @escaping () -> String?, isWindowActive: @escaping () -> Bool) {
        self.viewer = viewer
        firstWindowTitle = windowTitle
        firstDocumentTitle = documentTitle
        self.shownWindowTitle = shownWindowTitle
        isWindowActivated = isWindowActive
    }

    private var text: (any AccessibleContent)? { viewer.document.accessibleContent }

    public var windowTitle: String { shownWindowTitle() ?? firstWindowTitle }
    public var documentTitle: String { viewer.navigation.documentTitle ?? firstDocumentTitle }
    /// A link to another document shows it in a layout of its own.
    public var shownDocument: ObjectIdentifier { ObjectIdentifier(viewer.document) }

    public var isWindowActive: Bool { isWindowActivated() }
    public var windowSize: (width: Double, height: Double) { (viewer.windowSize.width, viewer.windowSize.height) }
    public var documentFrame: AccessibleRect { viewer.paneRects[viewer.paneRects.count - 1] }
    public var isAtRest: Bool { viewer.navigation.isAtRest }

    public var sectionCount: Int { text?.sectionCount ?? 0 }

    public func isPending(section: Int) -> Bool { text?.isPending(section: section) ?? false }

    public func blocks(inSection section: Int) -> [AccessibleBlock] { text?.blocks(inSection: section) ?? [] }

    public var blocksRevision: Int { text?.blocksRevision ?? 0 }

    public func toggleDisclosure(at location: AccessibleBlockLocation) -> Bool {
        viewer.toggleDisclosure(atSummary: TextPosition(section: location.section, block: location.block, utf8Offset: 0))
    }

    public var lastVisibleSection: Int { text?.lastVisibleSection ?? 0 }

    public var firstVisibleBlock: AccessibleBlockLocation {
        text?.firstVisibleBlock ?? AccessibleBlockLocation(section: 0, block: 0)
    }

    public func frame(of location: AccessibleBlockLocation) -> AccessibleRect? { windowRect(text?.frame(of: location)) }

    public func frame(ofCharacter offset: Int, in location: AccessibleBlockLocation) -> AccessibleRect? {
        windowRect(text?.frame(ofCharacter: offset, in: location))
    }

    private func windowRect(_ content: ContentRect?) -> AccessibleRect? {
        content.flatMap(viewer.navigation.windowRect(ofDocumentContent:))
    }

    public func lineStartOffsets(of location: AccessibleBlockLocation) -> [Int]? { text?.lineStartOffsets(of: location) }

    public func scroll(to location: AccessibleBlockLocation) {
        guard let text else { return }
        switch text.scrollTarget(of: location) {
        case .page(let page): showPage(page)
        case .block(let block):
            viewer.navigation.scrollDocument(to: block, timeMilliseconds: AccessibleViewer.compositorNowMilliseconds())
        }
    }

    public func destination(ofLink target: String, from location: AccessibleBlockLocation) -> AccessibleBlockLocation? {
        guard target.hasPrefix("#") else { return nil }
        return text?.destination(ofAnchor: String(target.dropFirst()), near: location)
    }

    public func followLink(_ target: String) -> Bool {
        viewer.followLink(to: target)
    }

    public func recordJump() {
        viewer.navigation.recordJump()
    }

    public var outlineItemCount: Int { viewer.outline?.headingCount ?? 0 }

    public func outlineItem(_ index: Int) -> AccessibleOutlineItem {
        guard let entries = viewer.outline?.entries, entries.indices.contains(index) else {
            return AccessibleOutlineItem(text: "", level: 1)
        }
        // A row's page label is read after its title, as the row shows it at its end.
        let label = viewer.outline?.pageLabel(ofHeading: index)
        return AccessibleOutlineItem(text: label.map { "\(entries[index].title), page \($0)" } ?? entries[index].title,
                                     level: entries[index].level)
    }

    public var highlightedOutlineItem: Int? { viewer.outline?.highlightedHeading }

    public func activateOutlineItem(_ index: Int) {
        viewer.navigation.showOutlineHeading(index, timeMilliseconds: AccessibleViewer.compositorNowMilliseconds())
    }

    public var outlineFrame: AccessibleRect? {
        viewer.outline == nil ? nil : viewer.paneRects[0]
    }

    public func frameOfOutlineItem(_ index: Int) -> AccessibleRect? {
        viewer.navigation.windowRect(ofOutlineRow: index)
    }

    public var pages: (current: Int, count: Int)? { viewer.navigation.pages }
    public var pageControlFrame: AccessibleRect? { viewer.navigation.pageControlRect }

    public func showPage(_ index: Int) {
        viewer.navigation.showPage(index, timeMilliseconds: AccessibleViewer.compositorNowMilliseconds())
    }

    public var showsNightPages: Bool { viewer.showsNightPages }

    public func toggleNightPages() {
        viewer.toggleNightPages()
    }

    public var pageEntry: (text: String, status: String)? { viewer.pageEntry }
    public var findFieldFrame: AccessibleRect { viewer.pageEntryFrame }
    public func openPageEntry() -> Bool { viewer.openPageEntry() }
    public func label(ofPage index: Int) -> String? { viewer.navigation.label(ofViewPage: index) }
    public func commitPageEntry() -> Bool { viewer.commitPageEntry() }

    public func selection(of text: String, at location: AccessibleBlockLocation) -> Range<Int>? {
        guard let range = viewer.selection, !range.isEmpty,
              let part = range.utf8Range(inSection: location.section, block: location.block, length: text.utf8.count),
              !part.isEmpty
        else { return nil }
        return AccessibleBlock.characterRange(ofUTF8: part, in: text)
    }

    public var selectionExtent: AccessibleSelectionExtent? {
        guard let range = viewer.selection, !range.isEmpty else { return nil }
        return AccessibleSelectionExtent(first: AccessibleBlockLocation(section: range.start.section, block: range.start.block),
                                         startOffset: range.start.utf8Offset,
                                         last: AccessibleBlockLocation(section: range.end.section, block: range.end.block),
                                         endOffset: range.end.utf8Offset)
    }

    /// A screen reader's request carries no timestamp: the animation starts now on the
    /// compositor's clock (CLOCK_MONOTONIC ms in 32 bits, as sway and mutter stamp events and
    /// frame callbacks).
    private static func compositorNowMilliseconds() -> Double {
        Double(UInt32(truncatingIfNeeded: Int(MonotonicClock.milliseconds())))
    }
}
