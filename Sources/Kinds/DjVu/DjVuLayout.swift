import DocumentKit
import Localization
import Machinery
import PageKit

/// A DjVu document laid out for the renderer as a PDF is: pages stacked in a column with a gap,
/// each as wide as the column (fit width, never wider than the window) and centred; or,
/// `isPaged`, one page per viewport side by side, each fitted whole.
///
/// The page count and the first page's size are known when the file opens; the other pages'
/// sizes arrive from the render worker, a few at a time behind its renders, and are estimated
/// from the first page's until then, the reading position held where it was. Drawing never calls DjVuLibre:
/// it paints what the render worker has delivered (a low-resolution preview first, then sharp
/// pieces at the scale being drawn) and a placeholder where nothing has arrived yet.
public final class DjVuLayout: ContentLayout {
    public let file: DjVuFile
    public let isPaged: Bool
    public var palette: Palette {
        didSet { if palette != oldValue { changeLog.record(.everything) } }
    }

    /// The space between pages, the side margin, the widest page and the paged margin, in
    /// logical px: a PDF's (`PDFLayout`), so both kinds of pages look alike.
    static let pageGapPixels = 16.0
    static let sideMarginPixels = 16.0
    static let maximumPageWidthPixels = 1200.0
    static let pagedMarginPixels = 8.0

    public private(set) var viewportWidth = 0.0
    public private(set) var viewportHeight = 0.0
    var changeLog = ChangeLog()

    let worker: DjVuRenderWorker
    /// Page sizes in page points, nil until read.
    private var pointSizes: [(width: Double, height: Double)?]
    /// The size unread pages are assumed to have: the first page's.
    private let estimatedPointSize: (width: Double, height: Double)
    /// Whether sizes arrived since the last `prepare`: it keeps the reading position in place.
    private var sizesArrived = false
    /// Continuous mode: each page's height plus the gap after it, in logical px.
    private var heights = HeightIndex([])
    /// What the renderer is asked for as the view moves, what it delivered, and pages drawn
    /// from it (`PageScheduler`, as every paged kind's).
    public let scheduler = PageScheduler()

    /// The reading position: the page at the viewport's top and how far into it (0…1).
    private var anchorPage = 0
    private var anchorFraction = 0.0

    /// The hidden text laid over the pages, read as the reading tools and the screen reader ask.
    public private(set) lazy var textLayout = DjVuTextLayout(djvu: self)

    /// The outline once the worker has read it (see `loadOutline`).
    private(set) var loadedOutline: DjVuOutline?
    private var outlineHandlers: [(DjVuOutline) -> Void] = []

    public init(file: DjVuFile, palette: Palette = .light, paged: Bool = false) {
        self.file = file
        self.palette = palette
        isPaged = paged
        estimatedPointSize = file.firstPageSize.points
        pointSizes = Array(repeating: nil, count: file.pageCount)
        pointSizes[0] = estimatedPointSize
        let box = LoopThreadReference<DjVuLayout>()
        worker = DjVuRenderWorker(file: file, deliver: { result in
            MainThreadMailbox.shared.post { box.object?.receive(result) }
        }, deliverOutline: { outline in
            MainThreadMailbox.shared.post { box.object?.receive(outline) }
        }, deliverSizes: { sizes in
            MainThreadMailbox.shared.post { box.object?.receive(sizes) }
        })
        box.object = self
        heights = HeightIndex((0..<pageCount).map(columnHeight))
    }

    deinit {
        worker.stop()
    }

    public var pageCount: Int { pointSizes.count }

    public var revision: Int { changeLog.revision }

    public func changes(since revision: Int) -> ContentChange { changeLog.changes(since: revision) }

    public var contentSize: ContentSize {
        isPaged
            ? ContentSize(width: viewportWidth * Double(pageCount), height: viewportHeight)
            : ContentSize(width: viewportWidth, height: (DjVuLayout.pageGapPixels + heights.total).rounded(.up))
    }

    /// Each page's title from the document's directory, where it has one (printed page
    /// numbers), for a later page control; none until every page has been measured.
    public private(set) var pageTitles: [String?] = []

    /// The width pages have in continuous mode at zoom 1.
    var columnWidth: Double {
        max(min(viewportWidth - 2 * DjVuLayout.sideMarginPixels, DjVuLayout.maximumPageWidthPixels), 40)
    }

    /// Page `index`'s size in page points, read or estimated.
    public func pointSize(_ index: Int) -> (width: Double, height: Double) { pointSizes[index] ?? estimatedPointSize }

    /// Whether page `index`'s size is known (an unknown one is drawn as a placeholder).
    public func isMeasured(_ index: Int) -> Bool { pointSizes[index] != nil }

    /// Page `index`'s rectangle in content coordinates (zoom 1, logical px).
    public func pageRect(_ index: Int) -> ContentRect {
        let size = pointSize(index)
        if isPaged {
            let fit = min((viewportWidth - 2 * DjVuLayout.pagedMarginPixels) / size.width,
                          (viewportHeight - 2 * DjVuLayout.pagedMarginPixels) / size.height)
            let width = max(size.width * fit, 1), height = max(size.height * fit, 1)
            return ContentRect(x: Double(index) * viewportWidth + ((viewportWidth - width) / 2).rounded(),
                               y: ((viewportHeight - height) / 2).rounded(), width: width, height: height)
        }
        let width = columnWidth
        return ContentRect(x: ((viewportWidth - width) / 2).rounded(),
                           y: DjVuLayout.pageGapPixels + heights.offset(of: index),
                           width: width, height: heights[index] - DjVuLayout.pageGapPixels)
    }

    /// The zoom at which the page at the reading position fits the viewport whole.
    public var fitPageZoom: Double {
        guard viewportHeight > 0, pageCount > 0 else { return 1 }
        let rect = pageRect(anchorPage)
        return min(1, viewportHeight / (rect.height + 2 * DjVuLayout.pageGapPixels),
                   viewportWidth / (rect.width + 2 * DjVuLayout.sideMarginPixels))
    }

    /// The pages that meet `rect`.
    public func pages(meeting rect: ContentRect) -> ClosedRange<Int> {
        guard pageCount > 0 else { return 0...0 }
        if isPaged {
            guard viewportWidth > 0 else { return 0...0 }
            let first = min(max(Int((rect.x / viewportWidth).rounded(.down)), 0), pageCount - 1)
            let last = min(max(Int(((rect.maxX - 0.001) / viewportWidth).rounded(.down)), first), pageCount - 1)
            return first...last
        }
        let first = heights.index(containing: rect.y - DjVuLayout.pageGapPixels)
        let last = heights.index(containing: max(rect.y, rect.maxY - 0.001) - DjVuLayout.pageGapPixels)
        return first...max(first, last)
    }

    /// The logical height page `index` has in the column at the current width, gap included.
    private func columnHeight(_ index: Int) -> Double {
        let size = pointSize(index)
        return (columnWidth * size.height / size.width).rounded() + DjVuLayout.pageGapPixels
    }

    public func setViewportSize(width: Double, height: Double) {
        guard width != viewportWidth || height != viewportHeight else { return }
        let widthChanged = width != viewportWidth
        viewportWidth = width
        viewportHeight = height
        if widthChanged, !isPaged { heights = HeightIndex((0..<pageCount).map(columnHeight)) }
        changeLog.record(.everything)
    }

    public var readingAnchor: ReadingAnchor {
        get { ReadingAnchor(section: anchorPage, block: 0, fraction: anchorFraction) }
        set {
            guard newValue.section >= 0, newValue.section < pageCount else { return }
            anchorPage = newValue.section
            anchorFraction = newValue.fraction.isFinite ? min(max(newValue.fraction, 0), 1) : 0
            if newValue == .top { anchorFraction = 0 }
        }
    }

    public var anchorOffset: ContentPoint {
        guard pageCount > 0 else { return .zero }
        if isPaged { return ContentPoint(x: Double(anchorPage) * viewportWidth, y: 0) }
        if anchorPage == 0, anchorFraction == 0 { return .zero }
        let rect = pageRect(anchorPage)
        return ContentPoint(x: 0, y: rect.y + anchorFraction * rect.height)
    }

    /// The content offset that shows page `page` at the viewport's top (zoom 1, logical px).
    public func offset(ofPage page: Int) -> ContentPoint {
        let page = min(max(page, 0), max(pageCount - 1, 0))
        if isPaged { return ContentPoint(x: Double(page) * viewportWidth, y: 0) }
        // A little of what is above the page shows, as a heading's own space would.
        return ContentPoint(x: 0, y: max(pageRect(page).y - DjVuLayout.pageGapPixels, 0))
    }

    public func prepare(_ visible: ContentRect, margin: Double, drawScale scale: Double) -> ContentPoint {
        guard viewportWidth > 0, pageCount > 0 else { return .zero }
        if scale > 0 { drawScale = scale }
        scheduler.noteMotion(to: visible, paged: isPaged)
        var correction = ContentPoint.zero
        if sizesArrived, !isPaged {
            // The page at the top stays where it was as estimates become sizes.
            let rect = pageRect(anchorPage)
            correction.y = rect.y + anchorFraction * rect.height - visible.y
        }
        sizesArrived = false
        let shown = ContentRect(x: visible.x + correction.x, y: visible.y + correction.y,
                                width: visible.width, height: visible.height)
        if isPaged {
            anchorPage = pages(meeting: ContentRect(x: shown.x + shown.width / 2, y: 0, width: 0.001, height: 1)).lowerBound
            anchorFraction = 0
        } else {
            anchorPage = pages(meeting: ContentRect(x: 0, y: shown.y, width: 1, height: 0.001)).lowerBound
            let rect = pageRect(anchorPage)
            anchorFraction = min(max((shown.y - rect.y) / rect.height, 0), 1)
        }
        lastVisible = shown
        scheduler.lastMargin = margin
        if scale > 0 { requestPixels(for: shown, margin: margin) }
        return correction
    }

    public func draw(_ rect: ContentRect, on cairo: OpaquePointer) {
        drawPages(rect, on: cairo)
    }

    /// Pages are drawn from the pixels the worker delivered: a tile of them would be a second copy.
    public var drawsWithoutTiles: Bool { true }

    /// Asks the worker for the outline; `handler` runs on the loop thread when it arrives
    /// (at once when it already has).
    func loadOutline(_ handler: @escaping (DjVuOutline) -> Void) {
        if let loadedOutline {
            handler(loadedOutline)
            return
        }
        outlineHandlers.append(handler)
        if outlineHandlers.count == 1 { worker.wantOutline() }
    }

    /// Some pages' sizes, from the render worker; the titles come with the last.
    func receive(_ measured: DjVuPageSizes) {
        if let titles = measured.titles {
            pageTitles = titles
            hasAllSizes = true
        }
        for (page, size) in measured.sizes where page < pageCount {
            guard let points = size?.points else {
                failures[page] = failures[page] ?? localized("DjVuLibre cannot read this page")
                continue
            }
            pointSizes[page] = points
            if viewportWidth > 0 { heights.set(page, to: columnHeight(page)) }
        }
        sizesArrived = true
        changeLog.record(.everything)
    }

    func receive(_ outline: DjVuOutline) {
        loadedOutline = outline
        let handlers = outlineHandlers
        outlineHandlers = []
        for handler in handlers { handler(outline) }
    }

    /// Whether every page's size has been read (for tests and benchmarks).
    public private(set) var hasAllSizes = false
}
