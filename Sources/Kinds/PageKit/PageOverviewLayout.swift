import CCairo
import DocumentKit
import Localization

/// The overview of a paged document: its pages as a grid of thumbnails (`PageOverviewGrid`),
/// drawn by the document itself (`PageThumbnailSource`): from the pixels its page scheduler
/// keeps, or a fixed-layout book's pages as it reads them. It renders nothing itself: each
/// `prepare` asks the document, through the document's own `prepare`, for the pages whose
/// cells are in view at the thumbnails' scale (a scheduler's low-resolution previews first,
/// then pieces as sharp as the thumbnails), so a thumbnail is a placeholder until its pixels
/// arrive, and `draw` only paints what arrived.
public final class PageOverviewLayout: PageOverviewContent {
    /// The document whose pages are shown; it has them rendered, and draws them.
    public let document: any PageThumbnailSource
    /// The page the reader was on when the grid opened.
    public let readerPage: Int
    public private(set) var grid: PageOverviewGrid
    public var palette: Palette {
        didSet {
            // Night pages turned on or off over the grid (Ctrl+I): the thumbnails are the
            // document's pixels, so the document turns with them, and the grid keeps its ground.
            palette.page = palette.codeBackground
            if document.palette.nightPages != palette.nightPages { document.palette = Palette.forNight(palette.nightPages) }
            changeLog.record(.everything)
        }
    }
    public var pageBottomInsetPixels = 0.0 {
        didSet { if pageBottomInsetPixels != oldValue { layOutGrid() } }
    }
    private var changeLog = ChangeLog()
    /// The document's revision this grid has taken its changes from.
    private var documentRevision: Int
    /// The first page of the row (or screen) at the top-left of the view: the grid's reading
    /// position, kept across a new window size.
    private var anchorPage: Int
    /// The last group (row or screen) the last `prepare` saw.
    private var lastVisibleGroup = 0
    /// Height over width of the reader's page: the thumbnail boxes' shape.
    private let pageAspect: Double

    /// The overview of `document`, opened at the page the reader is on.
    public init(document: any PageThumbnailSource) {
        self.document = document
        let count = document.pageCount
        readerPage = min(max(document.currentPage, 0), max(count - 1, 0))
        let rect = count > 0 ? document.pageRect(readerPage) : ContentRect(x: 0, y: 0, width: 1, height: 1.414)
        pageAspect = rect.width > 0 ? rect.height / rect.width : 1.414
        // A tinted ground, as the outline's list has, sets white pages apart from it.
        var palette = document.palette
        palette.page = palette.codeBackground
        self.palette = palette
        documentRevision = document.revision
        anchorPage = readerPage
        grid = PageOverviewGrid(pageCount: count, viewportWidth: document.viewportWidth,
                                viewportHeight: document.viewportHeight, isPaged: document.isPaged, pageAspect: pageAspect)
        anchorPage = grid.pages(inGroup: grid.group(ofPage: readerPage))?.lowerBound ?? 0
    }

    public var pageCount: Int { grid.pageCount }

    // MARK: Layout

    private func layOutGrid() {
        grid = PageOverviewGrid(pageCount: document.pageCount, viewportWidth: grid.viewportWidth,
                                viewportHeight: grid.viewportHeight, isPaged: grid.isPaged, pageAspect: pageAspect,
                                bottomInset: pageBottomInsetPixels)
        changeLog.record(.everything)
    }

    public var contentSize: ContentSize { grid.contentSize }

    /// The document's pages still being laid out (a fixed-layout book's, one a frame) keep
    /// frames coming until every thumbnail in view is drawn.
    public var hasPendingLayout: Bool { document.hasPendingLayout }

    public var isReadingContent: Bool { document.isReadingContent }

    public var revision: Int { changeLog.revision }

    public func changes(since revision: Int) -> ContentChange { changeLog.changes(since: revision) }

    public func setViewportSize(width: Double, height: Double) {
        guard width != grid.viewportWidth || height != grid.viewportHeight else { return }
        grid = PageOverviewGrid(pageCount: document.pageCount, viewportWidth: width, viewportHeight: height,
                                isPaged: grid.isPaged, pageAspect: pageAspect, bottomInset: pageBottomInsetPixels)
        changeLog.record(.everything)
    }

    public var anchorOffset: ContentPoint { grid.offset(showing: anchorPage) }

    public var readingAnchor: ReadingAnchor {
        get { ReadingAnchor(section: grid.group(ofPage: anchorPage), block: 0, fraction: 0) }
        set { anchorPage = grid.pages(inGroup: newValue.section)?.lowerBound ?? anchorPage }
    }

    public func page(at point: ContentPoint) -> Int? { grid.page(at: point) }

    public func cellRect(ofPage page: Int) -> ContentRect { grid.cellRect(ofPage: page) }

    public func thumbnailRect(ofPage page: Int) -> ContentRect {
        grid.thumbnailRect(ofPage: page, pageSize: document.pageRect(page).size)
    }

    /// Asks the document for the thumbnails of the cells in `visible` at the scale `drawScale`
    /// draws them (none at 0), and takes in what changed in the document since (pixels that
    /// arrived, sizes read) as changes of the cells that show it.
    public func prepare(_ visible: ContentRect, margin: Double, drawScale: Double) -> ContentPoint {
        if let pages = grid.pages(meeting: ContentRect(x: visible.x + (grid.isPaged ? visible.width / 2 : 0),
                                                       y: visible.y, width: 0.001, height: 0.001)) {
            anchorPage = pages.lowerBound
        }
        guard let shown = grid.pages(meeting: visible) else { return .zero }
        lastVisibleGroup = grid.group(ofPage: shown.upperBound)
        requestThumbnails(of: shown, drawScale: drawScale)
        takeDocumentChanges()
        return .zero
    }

    /// The document's own `prepare` over the rectangle its pages `pages` fill, at the scale
    /// that draws them as thumbnails: its scheduler asks the renderer for their previews and
    /// sharp pieces, in order, and drops what is no longer wanted. The document's reading
    /// position is its own, given back after the question.
    private func requestThumbnails(of pages: ClosedRange<Int>, drawScale: Double) {
        let first = document.pageRect(pages.lowerBound), last = document.pageRect(pages.upperBound)
        guard first.width > 0 else { return }
        let thumbnail = grid.thumbnailRect(ofPage: pages.lowerBound, pageSize: first.size)
        let scale = drawScale * thumbnail.width / first.width
        let content: any DocumentContent = document
        let anchor = content.readingAnchor
        _ = content.prepare(first.union(last), margin: 0, drawScale: scale)
        content.readingAnchor = anchor
    }

    /// What changed in the document since the grid last looked, as changes of the grid: the
    /// rows of the pages in a changed band of a scrolling document, everything otherwise.
    private func takeDocumentChanges() {
        let change = document.changes(since: documentRevision)
        documentRevision = document.revision
        switch change {
        case .none:
            return
        case .band(let band) where !document.isPaged && !grid.isPaged:
            let pages = document.pages(meeting: ContentRect(x: 0, y: band.lowerBound, width: max(document.viewportWidth, 1),
                                                            height: max(band.upperBound - band.lowerBound, 0.001)))
            let top = grid.cellRect(ofPage: pages.lowerBound).y, bottom = grid.cellRect(ofPage: pages.upperBound).maxY
            changeLog.record(.band(top...bottom))
        default:
            changeLog.record(.everything)
        }
    }

    // MARK: Drawing

    /// How thick the mark around the reader's page is, in logical px: GNOME's focus ring.
    static let readerMarkWidthPixels = 3.0

    public func draw(_ rect: ContentRect, on cairo: OpaquePointer) {
        guard let pages = grid.pages(meeting: rect) else { return }
        for page in pages {
            let cell = grid.cellRect(ofPage: page)
            // Grown by the reader's mark, which is drawn outside the cell.
            let reach = ContentRect(x: rect.x - 4, y: rect.y - 4, width: rect.width + 8, height: rect.height + 8)
            guard cell.intersects(reach) else { continue }
            let pageRect = document.pageRect(page)
            let thumbnail = grid.thumbnailRect(ofPage: page, pageSize: pageRect.size)
            if pageRect.width > 0 {
                cairo_save(cairo)
                cairo_rectangle(cairo, thumbnail.x, thumbnail.y, thumbnail.width, thumbnail.height)
                cairo_clip(cairo)
                let scale = thumbnail.width / pageRect.width
                cairo_translate(cairo, thumbnail.x, thumbnail.y)
                cairo_scale(cairo, scale, scale)
                cairo_translate(cairo, -pageRect.x, -pageRect.y)
                document.drawThumbnails(pageRect, on: cairo)
                cairo_restore(cairo)
            }
            drawFrame(around: thumbnail, isReaderPage: page == readerPage, on: cairo)
            CentredNotice.draw(LocalizedNumber.string(page + 1), left: cell.x, width: cell.width, inset: 0,
                               centreY: cell.maxY - PageOverviewGrid.labelHeightPixels / 2 + 2, palette: palette, on: cairo)
        }
    }

    /// A hairline around a thumbnail, or the accent's ring around the reader's page.
    private func drawFrame(around rect: ContentRect, isReaderPage: Bool, on cairo: OpaquePointer) {
        cairo_save(cairo)
        if isReaderPage {
            let colour = palette.link, width = PageOverviewLayout.readerMarkWidthPixels
            cairo_set_source_rgb(cairo, colour.red, colour.green, colour.blue)
            cairo_set_line_width(cairo, width)
            cairo_rectangle(cairo, rect.x - width / 2 - 1, rect.y - width / 2 - 1, rect.width + width + 2, rect.height + width + 2)
        } else {
            let colour = palette.secondaryText
            cairo_set_source_rgba(cairo, colour.red, colour.green, colour.blue, 0.35)
            cairo_set_line_width(cairo, 1)
            cairo_rectangle(cairo, rect.x - 0.5, rect.y - 0.5, rect.width + 1, rect.height + 1)
        }
        cairo_stroke(cairo)
        cairo_restore(cairo)
    }

    /// Thumbnails on screen still waiting for their previews or sharp pieces, as of the last
    /// `prepare` (for tests and benchmarks).
    public var missingThumbnailCount: Int { document.missingVisibleCount }

    public func contentOffset(of location: BlockLocation) -> ContentPoint? {
        grid.pages(inGroup: location.section).map { grid.offset(showing: $0.lowerBound) }
    }
}

/// The overview as a screen reader reads it: a list of pages, one list per row (or screen),
/// each item a page's number, so only the rows near the view are ever read.
extension PageOverviewLayout: ChooserContent {
    public var sectionCount: Int { grid.groupCount }

    public func isPending(section: Int) -> Bool { false }

    public func blocks(inSection section: Int) -> [AccessibleBlock] {
        guard let pages = grid.pages(inGroup: section) else { return [] }
        let items = pages.map { page in
            // TRANSLATORS: a thumbnail of the page overview, as a screen reader reads it; %s is the page's number.
            AccessibleBlock(role: .listItem, text: localized("Page %s", LocalizedNumber.string(page + 1)),
                            location: AccessibleBlockLocation(section: section, block: 1 + page - pages.lowerBound))
        }
        return [AccessibleBlock(role: .list(isOrdered: true), text: "", children: items,
                                location: AccessibleBlockLocation(section: section, block: 0))]
    }

    public var firstVisibleBlock: AccessibleBlockLocation {
        AccessibleBlockLocation(section: grid.group(ofPage: anchorPage), block: 0)
    }

    public var lastVisibleSection: Int { lastVisibleGroup }

    public func frame(of location: AccessibleBlockLocation) -> ContentRect? {
        guard let pages = grid.pages(inGroup: location.section) else { return nil }
        guard location.block > 0 else {
            return grid.cellRect(ofPage: pages.lowerBound).union(grid.cellRect(ofPage: pages.upperBound))
        }
        let page = pages.lowerBound + location.block - 1
        return pages.contains(page) ? grid.cellRect(ofPage: page) : nil
    }

    public func frame(ofCharacter offset: Int, in location: AccessibleBlockLocation) -> ContentRect? { nil }

    public func lineStartOffsets(of location: AccessibleBlockLocation) -> [Int]? { nil }

    public func destination(ofAnchor fragment: String, near location: AccessibleBlockLocation) -> AccessibleBlockLocation? { nil }

    public func scrollTarget(of location: AccessibleBlockLocation) -> AccessibleScrollTarget {
        grid.isPaged ? .page(location.section) : .block(BlockLocation(section: location.section, block: 0, shareOfSectionBefore: 0))
    }
}
