import DocumentKit
import Machinery

/// A paged document laid out for the renderer, whatever its kind: its `Source` (a PDF's, a
/// DjVu document's pages) gives the page count, the pages' sizes and their pixels, and
/// `PageFrames` places them (a column, or a page per viewport with `paged`).
///
/// Page sizes are learned lazily: read on the loop thread for pages near the viewport where the
/// source can (a PDF), or as the source's worker reads them behind its renders (a DjVu
/// document); the others are estimated from the first page, so a 2,000-page document opens as
/// fast as a 1-page one. As estimates become sizes, what is on screen stays put (`prepare`'s
/// correction). Until the source has opened the document the layout is one placeholder page of
/// A4 size; the reading position asked for meanwhile is kept and shown when the page count
/// arrives, and a refusal is `openFailure`. Drawing never calls the source: it paints what the
/// renderer has delivered through the page scheduler (a low-resolution preview first, then
/// sharp pieces at the scale being drawn) and a placeholder where nothing has arrived yet.
public final class PagedLayout<Source: PageSource>: ContentLayout {
    public let source: Source
    public var palette: Palette {
        didSet { if palette != oldValue { changeLog.record(.everything) } }
    }

    var changeLog = ChangeLog()
    /// Where each page goes: the one place frames are computed.
    var frames: PageFrames
    /// Page sizes in page points, nil until read; one estimated page until the document is open.
    private var pointSizes: [PagePointSize?] = [nil]
    /// The size unread pages are assumed to have: the first page's, A4 portrait before it is
    /// known (the most common paper size).
    private var estimatedPointSize: PagePointSize = (width: 595.28, height: 841.89)
    /// Whether the source has opened the document and the page count is known.
    public private(set) var isOpen = false
    /// Why the source could not open the document, when it could not (the viewer ends with it).
    public private(set) var openFailure: DocumentError?
    /// Whether the reading anchor still has to be shown: set when the page count arrives.
    private var isAnchorPending = false
    /// The reading position asked for before the page count was known.
    private var requestedAnchor: ReadingAnchor?
    /// Whether sizes arrived from the source since the last `prepare`: it keeps the reading
    /// position in place.
    private var sizesArrived = false
    /// What the renderer is asked for as the view moves, what it delivered, and pages drawn
    /// from it.
    public let scheduler = PageScheduler()
    /// The reading position: the page at the viewport's top and how far into it (0…1).
    var anchorPage = 0
    var anchorFraction = 0.0
    /// The text laid over the pages, read as the reading tools and the screen reader ask.
    public private(set) lazy var textLayout = PageTextLayout(pages: self, reader: source.text?.makeTextReader() ?? NoPageText())
    /// Each page's label from the document (printed page numbers), where it has them; none
    /// until every page has been measured.
    public private(set) var pageLabels: [String?] = []
    /// Labels the source reads apart from the page sizes (a PDF's `/PageLabels`, with its
    /// outline), the first time one is asked for.
    public private(set) lazy var readLabels = PageLabelList { [unowned self] deliver in source.loadPageLabels(deliver) }
    /// Whether every page's size has arrived from the source (for tests and benchmarks).
    public private(set) var hasAllSizes = false

    public init(source: Source, palette: Palette = .light, paged: Bool = false) {
        self.source = source
        self.palette = palette
        frames = PageFrames(isPaged: paged, style: source.style, readsRightToLeft: source.readsRightToLeft)
        frames.relayOut(pageCount: 1, size: pointSize)
        if let opening = source.opening {
            receive(opening)
            // Nothing was shown before: the view starts where the reader asks.
            isAnchorPending = false
        }
        source.start(reporting: PageSourceDelivery(opened: { [weak self] in self?.receive($0) },
                                                   sizes: { [weak self] in self?.receive($0) },
                                                   rendered: { [weak self] in self?.receive($0) },
                                                   recounted: { [weak self] in self?.recount($0) }))
    }

    deinit {
        source.stop()
    }

    /// One page per viewport side by side, rather than a column.
    public var isPaged: Bool { frames.isPaged }
    public var viewportWidth: Double { frames.viewportWidth }
    public var viewportHeight: Double { frames.viewportHeight }

    /// The number of pages: one placeholder page until the document is open.
    public var pageCount: Int { pointSizes.count }

    public var revision: Int { changeLog.revision }

    public func changes(since revision: Int) -> ContentChange { changeLog.changes(since: revision) }

    public var contentSize: ContentSize { frames.contentSize }

    /// The width pages have in continuous mode at zoom 1.
    public var columnWidth: Double { frames.columnWidth }

    /// Page `index`'s size in page points, read or estimated.
    public func pointSize(_ index: Int) -> PagePointSize { pointSizes[index] ?? estimatedPointSize }

    /// Whether page `index`'s size is known (an unknown one is drawn as a placeholder).
    public func isMeasured(_ index: Int) -> Bool { pointSizes[index] != nil }

    /// Page `index`'s rectangle in content coordinates (zoom 1, logical px).
    public func pageRect(_ index: Int) -> ContentRect { frames.pageRect(index, size: pointSize(index)) }

    /// Page `index`'s box: its frame and how its own coordinates land in it, turned.
    public func pageBox(_ index: Int) -> PageBox { frames.box(index, size: pointSize(index)) }

    /// Quarter turns clockwise every page is shown at, 0 to 3.
    public var quarterTurns: Int { frames.quarterTurns }

    /// The pages that meet `rect`.
    public func pages(meeting rect: ContentRect) -> ClosedRange<Int> { frames.pages(meeting: rect) }

    /// The page shown at slot `slot` from the left, and the slot of a page: the same number,
    /// except in pages read right to left. The page numbers the viewer asks about
    /// (`title(ofPage:)`, `maximumZoomScale(ofPage:)`) are slots, as its pages are offsets.
    public func page(atSlot slot: Int) -> Int { frames.page(atSlot: slot) }

    public func slot(ofPage page: Int) -> Int { frames.slot(ofPage: page) }

    /// The page at slot `slot`'s own name (an image's file name), for the page label.
    public func title(ofPage slot: Int) -> String? {
        guard (0..<pageCount).contains(slot) else { return nil }
        return source.title(ofPage: page(atSlot: slot))
    }

    /// Whether pages are still being found on a worker, or pages on screen wait for their
    /// renderer (`PageScheduler.isAwaitingVisiblePixels`): a program that draws once waits for
    /// renderers still starting.
    public var isReadingContent: Bool { source.isReadingContent || scheduler.isAwaitingVisiblePixels }

    /// The zoom at which the page at the reading position fits the viewport whole: the
    /// smallest zoom worth offering.
    public var fitPageZoom: Double {
        guard viewportHeight > 0, pageCount > 0 else { return 1 }
        let rect = pageRect(anchorPage)
        return min(1, viewportHeight / (rect.height + 2 * PageFrames.pageGapPixels),
                   viewportWidth / (rect.width + 2 * PageFrames.sideMarginPixels))
    }

    public func setViewportSize(width: Double, height: Double) {
        if frames.setViewport(width: width, height: height, size: pointSize) {
            changeLog.record(.everything)
        }
    }

    public var readingAnchor: ReadingAnchor {
        get { requestedAnchor ?? ReadingAnchor(section: anchorPage, block: 0, fraction: anchorFraction) }
        set {
            guard isOpen else {
                requestedAnchor = newValue
                return
            }
            guard newValue.section >= 0, newValue.section < pageCount else { return }
            anchorPage = newValue.section
            anchorFraction = newValue.fraction.isFinite ? min(max(newValue.fraction, 0), 1) : 0
            if newValue == .top { anchorFraction = 0 }
            measure(anchorPage)
        }
    }

    public var anchorOffset: ContentPoint {
        guard pageCount > 0 else { return .zero }
        if !isPaged, anchorPage == 0, anchorFraction == 0 { return .zero }
        return frames.offset(ofPage: anchorPage, fraction: anchorFraction, size: pointSize(anchorPage))
    }

    /// The content offset that shows `destination` at the viewport's top (zoom 1, logical px).
    public func offset(of destination: PageDestination) -> ContentPoint {
        let page = min(max(destination.page, 0), max(pageCount - 1, 0))
        measure(page)
        if isPaged { return frames.offset(ofPage: page, fraction: 0, size: pointSize(page)) }
        let box = pageBox(page), rect = box.rect
        // A place down an upright page; a turned page is shown from its top.
        let top = box.quarterTurns == 0 ? destination.topPoints.map { $0 * box.scale } ?? 0 : 0
        // A little of what is above the target shows, as a heading's own space would.
        return ContentPoint(x: 0, y: max(rect.y + top - PageFrames.pageGapPixels, 0))
    }

    /// The content offset that shows page `page` at the viewport's top.
    public func offset(ofPage page: Int) -> ContentPoint { offset(of: PageDestination(page: page, topPoints: nil)) }

    /// Reads page `index`'s size now if it has not been read and the source can; returns
    /// whether its height changed.
    @discardableResult
    public func measure(_ index: Int) -> Bool {
        guard isOpen, index >= 0, index < pageCount, pointSizes[index] == nil,
              let reading = source.readSize(ofPage: index) else { return false }
        return store(reading, ofPage: index)
    }

    /// Keeps a page's size as read; returns whether its height changed.
    private func store(_ reading: PageSizeReading, ofPage page: Int) -> Bool {
        switch reading {
        case .size(let size):
            pointSizes[page] = size
        case .unreadable(let reason):
            pointSizes[page] = estimatedPointSize
            failures[page] = failures[page] ?? reason
        }
        return frames.resize(page, to: pointSize(page), sizes: pointSize)
    }

    public func prepare(_ visible: ContentRect, margin: Double, drawScale scale: Double) -> ContentPoint {
        guard viewportWidth > 0, pageCount > 0 else { return .zero }
        // The scale sharp pieces are asked for at: what the frame will draw.
        if scale > 0 { drawScale = scale }
        var moved = ContentPoint.zero
        if isAnchorPending {
            // The page count has just arrived: the reading position shows at the top, whatever
            // the placeholder page showed.
            isAnchorPending = false
            lastVisible = nil
            let anchor = anchorOffset
            moved = isPaged ? ContentPoint(x: anchor.x - visible.x, y: 0) : ContentPoint(x: 0, y: anchor.y - visible.y)
        } else if sizesArrived, !isPaged {
            // The page at the top stays where it was as estimates became sizes.
            let rect = pageRect(anchorPage)
            moved.y = rect.y + anchorFraction * rect.height - visible.y
        }
        sizesArrived = false
        let more = prepareLaidOut(ContentRect(x: visible.x + moved.x, y: visible.y + moved.y,
                                              width: visible.width, height: visible.height), margin: margin)
        return ContentPoint(x: moved.x + more.x, y: moved.y + more.y)
    }

    private func prepareLaidOut(_ visible: ContentRect, margin: Double) -> ContentPoint {
        scheduler.noteMotion(to: visible, paged: isPaged)
        var correction = ContentPoint.zero
        if isPaged {
            // The pages on screen first: a source that measures by decoding starts with them.
            var changed = false
            for page in pages(meeting: visible) where measure(page) { changed = true }
            for page in pages(meeting: ContentRect(x: visible.x - viewportWidth, y: 0,
                                                   width: visible.width + 2 * viewportWidth, height: 1)) where measure(page) {
                changed = true
            }
            // A spread's partner moves as a page's size becomes known.
            if changed, frames.showsSpreads { changeLog.record(.everything) }
        } else {
            correction = measureKeepingTop(visible, margin: margin)
        }
        let shown = ContentRect(x: visible.x + correction.x, y: visible.y + correction.y,
                                width: visible.width, height: visible.height)
        if isPaged {
            anchorPage = page(nearestCentreOf: shown)
            anchorFraction = 0
        } else {
            // A page's top scrolled to at a zoom other than 1 comes back from the engine's
            // offset a rounding error above it (14,137 px at 0.85 is 14,136.999…): the page
            // read is the one whose top is shown, not the one before.
            anchorPage = pages(meeting: ContentRect(x: 0, y: shown.y + Self.topTolerancePixels, width: 1, height: 0.001)).lowerBound
            let rect = pageRect(anchorPage)
            anchorFraction = min(max((shown.y - rect.y) / rect.height, 0), 1)
        }
        lastVisible = shown
        scheduler.lastMargin = margin
        requestPixels(for: shown, margin: margin)
        return correction
    }

    /// How far below the viewport's top a page's top may be and still count as shown at the
    /// top, in logical px: far above a zoomed offset's rounding error, far below a pixel.
    static var topTolerancePixels: Double { 1e-6 }

    /// Reads the sizes of the pages within `margin` of `visible` and within the scheduler's
    /// look-ahead past it (in a column); returns how
    /// far the view moves so that what it showed stays put: the top page where it shows real
    /// pixels, else the next page's top (an unread page was only an estimate, drawn as a
    /// placeholder).
    private func measureKeepingTop(_ visible: ContentRect, margin: Double) -> ContentPoint {
        let top = pages(meeting: ContentRect(x: 0, y: visible.y, width: 1, height: 0.001)).lowerBound
        let topRect = pageRect(top)
        let fraction = (visible.y - topRect.y) / topRect.height
        let held = isMeasured(top) || top + 1 >= pageCount ? top : top + 1
        let heldTop = pageRect(held).y
        var changed = false
        // The pages the scheduler asks previews of ahead are measured too: it asks only for
        // pages whose size is known.
        let ahead = margin + scheduler.lookAheadPixels(viewportLength: visible.height)
        let reach = scheduler.motionDirection >= 0
            ? ContentRect(x: visible.x, y: visible.y - margin, width: visible.width, height: visible.height + margin + ahead)
            : ContentRect(x: visible.x, y: visible.y - ahead, width: visible.width, height: visible.height + margin + ahead)
        var page = pages(meeting: reach).lowerBound
        while page < pageCount, page <= pages(meeting: reach).upperBound {
            if measure(page) { changed = true }
            page += 1
        }
        guard changed else { return .zero }
        changeLog.record(.everything)
        return ContentPoint(x: 0, y: held == top
            ? pageRect(top).y + fraction * pageRect(top).height - visible.y
            : pageRect(held).y - heldTop)
    }

    public func draw(_ rect: ContentRect, on cairo: OpaquePointer) {
        scheduler.drawPages(rect, on: cairo, layout: self, numbersPlaceholders: isOpen)
    }

    /// Pages are drawn from the pixels the renderer delivered (`previews`, `pieces`): a tile
    /// of them would be a second copy.
    public var drawsWithoutTiles: Bool { true }

    /// A document's pages: each is painted whole, from its pixels (opaque, `PageRenderJob`'s
    /// RGB24), its preview or its placeholder. A picture may be transparent or not drawn yet.
    /// Half of a spread's frame is pages, so not painting under them keeps a spread's frame
    /// within 1.3× a single page's (`glide-bench pages spread`).
    public func opaqueRects(meeting rect: ContentRect) -> [ContentRect] {
        guard style == .document, viewportWidth > 0, pageCount > 0 else { return [] }
        return pages(meeting: rect).map(pageRect)
    }

    // MARK: What the source reports

    /// The end of the source's open: the real page count and first page size replace the
    /// placeholder page.
    private func receive(_ opening: PageSourceOpening) {
        guard !isOpen, openFailure == nil else { return }
        switch opening {
        case .failure(let error):
            openFailure = error
        case .pages(let count, let firstPageSize):
            isOpen = true
            // A comic learns from its listing, on a worker, that it is a manga.
            if source.readsRightToLeft { frames.readsRightToLeft = true }
            estimatedPointSize = firstPageSize ?? (612, 792)
            pointSizes = Array(repeating: nil, count: count)
            if count > 0 { pointSizes[0] = firstPageSize }
            frames.relayOut(pageCount: pageCount, size: pointSize)
            if let requestedAnchor {
                self.requestedAnchor = nil
                readingAnchor = requestedAnchor
            } else {
                anchorPage = max(min(anchorPage, pageCount - 1), 0)
            }
            isAnchorPending = true
        }
        changeLog.record(.everything)
    }

    /// The source's pages were counted again: the sizes of those that remain are kept.
    private func recount(_ count: Int) {
        pointSizes = (0..<count).map { $0 < pointSizes.count ? pointSizes[$0] : nil }
        frames.relayOut(pageCount: count, size: pointSize)
        anchorPage = max(min(anchorPage, count - 1), 0)
        changeLog.record(.everything)
    }

    /// Some pages' sizes, read by the source behind its renders; the labels come with the last.
    private func receive(_ measured: PageSizes) {
        if let labels = measured.labels {
            pageLabels = labels
            hasAllSizes = true
        }
        for (page, size) in measured.sizes where page < pageCount {
            _ = store(size, ofPage: page)
        }
        sizesArrived = true
        changeLog.record(.everything)
    }

    /// A result from the renderer: the page's pixels are redrawn, and what the screen still
    /// needs is asked for again.
    private func receive(_ result: PageRenderResult) {
        let page = result.job.page
        guard page < pageCount else { return }
        let isOnScreen = scheduler.receive(result, in: self)
        let rect = pageRect(page)
        changeLog.record(.band(rect.y...rect.maxY))
        if isOnScreen, let lastVisible { requestPixels(for: lastVisible, margin: scheduler.lastMargin) }
    }
}

/// The text of pages that have none (a source without a text layer).
private final class NoPageText: PageTextReader {
    func read(page: Int, deliver: @escaping @Sendable (PageText?) -> Void) {
        deliver(nil)
    }
}

extension PagedLayout where Source: FilePageSource {
    /// The pages of `file`.
    public convenience init(file: Source.File, palette: Palette = .light, paged: Bool = false) {
        self.init(source: Source(file: file), palette: palette, paged: paged)
    }

    public var file: Source.File { source.file }
}
