import Accessibility
import Document
import Glibc
import ScrollEngine
import Viewer

/// The viewer as the accessible tree reads and moves it: the document pane's layout gives the
/// blocks and where they are; the viewer scrolls, animated, where a screen reader goes.
final class AccessibleViewer: AccessibilityModel {
    let app: ViewerApp
    /// The titles before the first frame says which file is shown.
    private let firstWindowTitle: String
    private let firstDocumentTitle: String

    init(app: ViewerApp, windowTitle: String, documentTitle: String) {
        self.app = app
        firstWindowTitle = windowTitle
        firstDocumentTitle = documentTitle
    }

    private var viewer: DocumentViewer { app.viewer }
    private var layout: any ContentLayout { viewer.documentPane.layout }

    var windowTitle: String { app.shownWindowTitle ?? firstWindowTitle }
    var documentTitle: String { viewer.documentTitle ?? firstDocumentTitle }
    /// A link to another document shows it in a layout of its own.
    var shownDocument: ObjectIdentifier { ObjectIdentifier(layout) }

    /// The text document shown, if the pane shows one text document.
    private var document: Document? {
        switch layout {
        case let column as DocumentLayout: column.document
        case let pages as HorizontalPagesLayout: pages.document
        default: nil
        }
    }

    var isWindowActive: Bool { app.window.states.isActivated }
    var windowSize: (width: Double, height: Double) { (viewer.windowSize.width, viewer.windowSize.height) }
    var documentFrame: AccessibleRect { AccessibleRect(viewer.paneRects[viewer.paneRects.count - 1]) }
    var isAtRest: Bool { viewer.isAtRest }

    var sectionCount: Int {
        if let images = layout as? ImageCollectionLayout { return images.pageCount }
        if let pdf = layout as? PDFLayout { return pdf.pageCount }
        return document?.sectionCount ?? 0
    }

    /// A PDF page's text is read on a worker: until it has come the page has no blocks.
    func isPending(section: Int) -> Bool {
        layout is PDFLayout && viewer.pdfPageText(section) == nil
    }

    func blocks(inSection section: Int) -> [AccessibleBlock] {
        if let images = layout as? ImageCollectionLayout {
            // One image a page: its file's name is all a reader can be told.
            let path = images.document.imagePaths[section]
            return [AccessibleBlock(role: .image, text: path.split(separator: "/").last.map(String.init) ?? path,
                                    location: AccessibleBlockLocation(section: section, block: 0))]
        }
        if layout is PDFLayout {
            // A PDF's text has no paragraphs to go by (see PDFTextLayout): a page is one block.
            guard let page = viewer.pdfPageText(section), !page.text.isEmpty else { return [] }
            return [AccessibleBlock(role: .paragraph, text: page.text, location: AccessibleBlockLocation(section: section, block: 0))]
        }
        guard let document else { return [] }
        return AccessibleBlocks.blocks(document.blocks(inSection: section), inSection: section)
    }

    var firstVisibleBlock: AccessibleBlockLocation {
        let anchor = layout.readingAnchor
        let isPaged = layout is ImageCollectionLayout || layout is PDFLayout
        return AccessibleBlockLocation(section: anchor.section, block: isPaged ? 0 : anchor.block)
    }

    func frame(of location: AccessibleBlockLocation) -> AccessibleRect? {
        switch layout {
        case let column as DocumentLayout: windowRect(column.frame(ofBlock: location.block, inSection: location.section))
        case let pages as HorizontalPagesLayout: windowRect(pages.frame(ofBlock: location.block, inSection: location.section))
        case let pdf as PDFLayout where location.section < pdf.pageCount: windowRect(pdf.pageRect(location.section))
        default: nil
        }
    }

    func frame(ofCharacter offset: Int, in location: AccessibleBlockLocation) -> AccessibleRect? {
        switch layout {
        case let column as DocumentLayout:
            windowRect(column.frame(ofCharacter: offset, inBlock: location.block, inSection: location.section))
        case let pages as HorizontalPagesLayout:
            windowRect(pages.frame(ofCharacter: offset, inBlock: location.block, inSection: location.section))
        case is PDFLayout where location.block == 0:
            windowRect(viewer.pdfFrame(ofCharacter: offset, onPage: location.section))
        default: nil
        }
    }

    private func windowRect(_ content: ContentRect?) -> AccessibleRect? {
        content.flatMap(viewer.windowRect(ofDocumentContent:)).map(AccessibleRect.init)
    }

    func lineStartOffsets(of location: AccessibleBlockLocation) -> [Int]? {
        switch layout {
        case let column as DocumentLayout: column.lineStartOffsets(ofBlock: location.block, inSection: location.section)
        case let pages as HorizontalPagesLayout: pages.lineStartOffsets(ofBlock: location.block, inSection: location.section)
        case is PDFLayout where location.block == 0: viewer.pdfPageText(location.section)?.lineStartCharacters
        default: nil
        }
    }

    func scroll(to location: AccessibleBlockLocation) {
        if layout is ImageCollectionLayout { return showPage(location.section) }
        viewer.scrollDocument(to: BlockLocation(section: location.section, block: location.block, shareOfSectionBefore: 0),
                              timeMilliseconds: AccessibleViewer.compositorNowMilliseconds())
    }

    func destination(ofLink target: String, from location: AccessibleBlockLocation) -> AccessibleBlockLocation? {
        guard target.hasPrefix("#"), let document else { return nil }
        let count = document.sectionCount
        // A document parsed whole at open is searched whole; a larger one only around the
        // reader, so following a link costs a bounded parse.
        let reach = HeadingAnchors.searchedSectionLimit / 2
        let sections = count <= HeadingAnchors.searchedSectionLimit ? 0..<count
            : max(0, location.section - reach)..<min(count, location.section + reach)
        return HeadingAnchors.location(of: String(target.dropFirst()), in: document, sections: sections)
            .map { AccessibleBlockLocation(section: $0.section, block: $0.block) }
    }

    func followLink(_ target: String) -> Bool {
        viewer.followLink(to: target)
    }

    var outlineItemCount: Int { viewer.outline?.outline.headings.count ?? 0 }

    func outlineItem(_ index: Int) -> AccessibleOutlineItem {
        guard let headings = viewer.outline?.outline.headings, headings.indices.contains(index) else {
            return AccessibleOutlineItem(text: "", level: 1)
        }
        return AccessibleOutlineItem(text: headings[index].text, level: headings[index].level)
    }

    var highlightedOutlineItem: Int? { viewer.outline?.highlightedHeading }

    func activateOutlineItem(_ index: Int) {
        viewer.showOutlineHeading(index, timeMilliseconds: AccessibleViewer.compositorNowMilliseconds())
    }

    var outlineFrame: AccessibleRect? {
        viewer.outline == nil ? nil : AccessibleRect(viewer.paneRects[0])
    }

    func frameOfOutlineItem(_ index: Int) -> AccessibleRect? {
        viewer.windowRect(ofOutlineRow: index).map(AccessibleRect.init)
    }

    var pages: (current: Int, count: Int)? { viewer.pages }
    var pageControlFrame: AccessibleRect? { viewer.pageControlRect.map(AccessibleRect.init) }

    func showPage(_ index: Int) {
        viewer.showPage(index, timeMilliseconds: AccessibleViewer.compositorNowMilliseconds())
    }

    func selection(of text: String, at location: AccessibleBlockLocation) -> Range<Int>? {
        guard let range = viewer.selection, !range.isEmpty,
              let part = range.utf8Range(inSection: location.section, block: location.block, length: text.utf8.count),
              !part.isEmpty
        else { return nil }
        return AccessibleBlocks.characterRange(ofUTF8: part, in: text)
    }

    var selectionExtent: AccessibleSelectionExtent? {
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
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(UInt32(truncatingIfNeeded: Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000))
    }
}

extension AccessibleRect {
    init(_ rect: LogicalRect) {
        self.init(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height)
    }
}
