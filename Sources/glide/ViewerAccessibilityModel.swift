import Accessibility
import Document
import Glibc
import Render
import ScrollEngine

/// The viewer as the accessible tree reads and moves it: the document pane's layout gives the
/// blocks and where they are, the engine scrolls (animated) where a screen reader goes.
final class ViewerAccessibilityModel: AccessibilityModel {
    let viewer: Viewer
    let windowTitle: String
    let documentTitle: String

    init(viewer: Viewer, windowTitle: String, documentTitle: String) {
        self.viewer = viewer
        self.windowTitle = windowTitle
        self.documentTitle = documentTitle
    }

    /// The document's pane: the last one (below the outline in `--split`).
    private var pane: Pane { viewer.panes[viewer.panes.count - 1] }
    private var layout: any ContentLayout { pane.layout }

    /// The text document shown, if the pane shows one text document.
    private var document: Document? {
        switch layout {
        case let column as DocumentLayout: column.document
        case let pages as HorizontalPagesLayout: pages.document
        default: nil
        }
    }

    var isWindowActive: Bool { viewer.window.states.isActivated }
    var windowSize: (width: Double, height: Double) { (Double(viewer.window.width), Double(viewer.window.height)) }

    var documentFrame: AccessibleRect { accessibleRect(viewer.scene.rects[pane.view]) }
    var isAtRest: Bool { viewer.panes.allSatisfy { viewer.scene[$0.view].frame.isAtRest } }

    var sectionCount: Int {
        if let images = layout as? ImageCollectionLayout { return images.pageCount }
        return document?.sectionCount ?? 0
    }

    func blocks(inSection section: Int) -> [AccessibleBlock] {
        if let images = layout as? ImageCollectionLayout {
            // One image a page: its file's name is all a reader can be told.
            let path = images.document.imagePaths[section]
            return [AccessibleBlock(role: .image, text: path.split(separator: "/").last.map(String.init) ?? path,
                                    location: AccessibleBlockLocation(section: section, block: 0))]
        }
        guard let document else { return [] }
        return AccessibleBlocks.blocks(document.blocks(inSection: section), inSection: section)
    }

    var firstVisibleBlock: AccessibleBlockLocation {
        let anchor = layout.readingAnchor
        return AccessibleBlockLocation(section: anchor.section, block: layout is ImageCollectionLayout ? 0 : anchor.block)
    }

    func frame(of location: AccessibleBlockLocation) -> AccessibleRect? {
        switch layout {
        case let column as DocumentLayout: windowRect(column.frame(ofBlock: location.block, inSection: location.section))
        case let pages as HorizontalPagesLayout: windowRect(pages.frame(ofBlock: location.block, inSection: location.section))
        default: nil
        }
    }

    func frame(ofCharacter offset: Int, in location: AccessibleBlockLocation) -> AccessibleRect? {
        switch layout {
        case let column as DocumentLayout:
            windowRect(column.frame(ofCharacter: offset, inBlock: location.block, inSection: location.section))
        case let pages as HorizontalPagesLayout:
            windowRect(pages.frame(ofCharacter: offset, inBlock: location.block, inSection: location.section))
        default: nil
        }
    }

    /// A rectangle of the document's content where it shows in the window, if it does.
    private func windowRect(_ content: ContentRect?) -> AccessibleRect? {
        guard let content else { return nil }
        let view = viewer.scene[pane.view], rect = viewer.scene.rects[pane.view]
        let frame = AccessibleRect(x: rect.origin.x + content.x * view.zoomScale - view.contentOffset.x,
                                   y: rect.origin.y + content.y * view.zoomScale - view.contentOffset.y,
                                   width: content.width * view.zoomScale, height: content.height * view.zoomScale)
        // Only what shows in the pane is on screen.
        guard frame.x < rect.origin.x + rect.size.width, frame.x + frame.width > rect.origin.x,
              frame.y < rect.origin.y + rect.size.height, frame.y + frame.height > rect.origin.y else { return nil }
        return frame
    }

    func lineStartOffsets(of location: AccessibleBlockLocation) -> [Int]? {
        switch layout {
        case let column as DocumentLayout: column.lineStartOffsets(ofBlock: location.block, inSection: location.section)
        case let pages as HorizontalPagesLayout: pages.lineStartOffsets(ofBlock: location.block, inSection: location.section)
        default: nil
        }
    }

    func scroll(to location: AccessibleBlockLocation) {
        touchClock()
        if layout is ImageCollectionLayout { return showPage(location.section) }
        layout.readingAnchor = ReadingAnchor(section: location.section, block: location.block, fraction: 0)
        let anchor = layout.anchorOffset, zoom = viewer.scene[pane.view].zoomScale
        viewer.scene[pane.view].scroll(to: LogicalPoint(x: anchor.x * zoom, y: anchor.y * zoom), animated: true,
                                       timeMilliseconds: viewer.timeMilliseconds)
        viewer.window.setNeedsDisplay()
    }

    func destination(ofLink target: String, from location: AccessibleBlockLocation) -> AccessibleBlockLocation? {
        guard target.hasPrefix("#"), let document else { return nil }
        let count = document.sectionCount
        // A document parsed whole at open (up to 4 MB, 512 sections of 8 KB) is searched
        // whole; a larger one only around the reader, so a link costs a bounded parse.
        let reach = HeadingAnchors.searchedSectionLimit / 2
        let sections = count <= HeadingAnchors.searchedSectionLimit ? 0..<count
            : max(0, location.section - reach)..<min(count, location.section + reach)
        return HeadingAnchors.location(of: String(target.dropFirst()), in: document, sections: sections)
            .map { AccessibleBlockLocation(section: $0.section, block: $0.block) }
    }

    var outlineItems: [AccessibleOutlineItem] {
        viewer.outlinePane?.outline.outline.headings.map { AccessibleOutlineItem(text: $0.text, level: $0.level) } ?? []
    }

    var highlightedOutlineItem: Int? { viewer.outlinePane?.outline.highlightedHeading }

    func activateOutlineItem(_ index: Int) {
        touchClock()
        viewer.showOutlineHeading(index)
        viewer.window.setNeedsDisplay()
    }

    var outlineFrame: AccessibleRect? {
        viewer.outlinePane.map { accessibleRect(viewer.scene.rects[$0.pane.view]) }
    }

    func frameOfOutlineItem(_ index: Int) -> AccessibleRect? {
        guard let (pane, outline) = viewer.outlinePane else { return nil }
        let row = outline.rowRect(ofHeading: index), view = viewer.scene[pane.view], rect = viewer.scene.rects[pane.view]
        let y = rect.origin.y + row.y * view.zoomScale - view.contentOffset.y
        guard y + row.height > rect.origin.y, y < rect.origin.y + rect.size.height else { return nil }
        return AccessibleRect(x: rect.origin.x + row.x, y: y, width: row.width * view.zoomScale,
                              height: row.height * view.zoomScale)
    }

    var pages: (current: Int, count: Int)? {
        let view = viewer.scene[pane.view]
        guard view.isPagingEnabled else { return nil }
        let control = view.frame.pageControl
        return (control.currentPage, control.numberOfPages)
    }

    var pageControlFrame: AccessibleRect? {
        guard let control = viewer.pageControl(ofPane: viewer.panes.count - 1) else { return nil }
        let layout = control.layout
        return AccessibleRect(x: control.origin.x + layout.backdropX,
                              y: control.origin.y + layout.centerY - layout.backdropHeight / 2,
                              width: layout.backdropWidth, height: layout.backdropHeight)
    }

    func showPage(_ index: Int) {
        touchClock()
        viewer.scene[pane.view].scrollToPage(index, timeMilliseconds: viewer.timeMilliseconds)
        viewer.window.setNeedsDisplay()
    }

    /// No text selection exists yet to report.
    func selection(in location: AccessibleBlockLocation) -> Range<Int>? { nil }

    private func accessibleRect(_ rect: LogicalRect) -> AccessibleRect {
        AccessibleRect(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height)
    }

    /// A screen reader's request carries no timestamp: the engine's clock moves to now on
    /// the compositor's clock (CLOCK_MONOTONIC ms, as sway and mutter stamp events and frames),
    /// so an animation starts now rather than at the last event.
    private func touchClock() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        viewer.advanceClock(to: UInt32(truncatingIfNeeded: Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000))
    }
}
