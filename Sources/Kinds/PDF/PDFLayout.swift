import CPoppler
import DocumentKit
import Localization
import Machinery
import PageKit

/// A PDF laid out for the renderer: pages stacked in a column with a gap, each as wide as the
/// column (fit width, never wider than the window) and centred; or, `isPaged`, one page per
/// viewport side by side, each fitted whole.
///
/// Page sizes are learned lazily, only for pages near the viewport (the rest are estimated
/// from the first page), so a 2,000-page PDF opens as fast as a 1-page one. Until poppler has
/// opened the file (`PDFOpening`, on a thread of its own) the layout is one placeholder page
/// of A4 size; the reading position asked for meanwhile is kept and shown when the page count
/// arrives, and a refusal is `openFailure`. Drawing never
/// calls poppler: it paints what the render worker has delivered (a low-resolution preview
/// first, then sharp pieces at the scale being drawn) and a placeholder where nothing has
/// arrived yet.
public final class PDFLayout: ContentLayout {
    public let file: PDFFile
    public let isPaged: Bool
    public var palette: Palette {
        didSet { if palette != oldValue { changeLog.record(.everything) } }
    }

    /// The space between pages and above the first and below the last in continuous mode, in
    /// logical px: Evince's continuous view leaves about 12 px; 16 leaves room for the
    /// page's edge line.
    static let pageGapPixels = 16.0
    /// Space beside a page that fits the window's width, in logical px (as text's minimum
    /// side margin).
    static let sideMarginPixels = 16.0
    /// The widest a page is at zoom 1, in logical px: a Letter page at 1200 px is about
    /// 140 px per inch, a laptop panel's density, so zoom 1 is about print size on a wide
    /// window; zoom makes it larger.
    static let maximumPageWidthPixels = 1200.0
    /// The margin around a page in paging mode, in logical px.
    static let pagedMarginPixels = 8.0

    public private(set) var viewportWidth = 0.0
    public private(set) var viewportHeight = 0.0
    var changeLog = ChangeLog()

    /// The loop thread's poppler document, nil until opened: page sizes only. Rendering uses
    /// the worker's own.
    private var document: PopplerDocumentHandle?
    let worker: PDFRenderWorker
    /// Page sizes in PDF points, nil until read; one estimated page until the file is open.
    private var pointSizes: [(width: Double, height: Double)?] = [nil]
    /// The size unread pages are assumed to have: the first page's, A4 portrait before it
    /// is known (the most common paper size).
    private var estimatedPointSize = (width: 595.28, height: 841.89)
    /// Why poppler could not open the file, when it could not (the viewer ends with it).
    public private(set) var openFailure: DocumentError?
    /// Whether the reading anchor still has to be shown: set when the page count arrives.
    private var isAnchorPending = false
    /// The reading position asked for before the page count was known.
    private var requestedAnchor: ReadingAnchor?
    /// Continuous mode: each page's height plus the gap after it, in logical px.
    private var heights = HeightIndex([])
    /// What the renderer is asked for as the view moves, what it delivered, and pages drawn
    /// from it (`PageScheduler`, as every paged kind's).
    public let scheduler = PageScheduler()
    /// The reading position: the page at the viewport's top and how far into it (0…1).
    private var anchorPage = 0
    private var anchorFraction = 0.0
    /// The text laid over the pages, read as the reading tools and the screen reader ask.
    public private(set) lazy var textLayout = PDFTextLayout(pdf: self)

    /// The PDF's outline once the worker has read it (see `loadOutline`).
    public private(set) var loadedOutline: PDFOutline?
    private var outlineHandlers: [(PDFOutline) -> Void] = []
    /// An outline that arrived before the page count.
    private var pendingOutline: PDFOutline?
    /// The page labels (`/PageLabels`), read with the outline when one is first asked for.
    public private(set) lazy var pageLabels = PageLabelList { [unowned self] deliver in
        self.loadOutline { deliver($0.pageLabels) }
    }

    public init(file: PDFFile, palette: Palette = .light, paged: Bool = false) {
        self.file = file
        self.palette = palette
        isPaged = paged
        let box = LoopThreadReference<PDFLayout>()
        worker = PDFRenderWorker(file: file, deliver: { result in
            MainThreadMailbox.shared.post { box.object?.receive(result) }
        }, deliverOutline: { outline in
            MainThreadMailbox.shared.post { box.object?.receive(outline) }
        })
        box.object = self
        heights = HeightIndex((0..<pageCount).map(columnHeight))
        if let outcome = file.opening.outcome {
            receive(outcome)
            // Nothing was shown before: the view starts where the reader asks.
            isAnchorPending = false
        } else {
            file.opening.whenDone { outcome in MainThreadMailbox.shared.post { box.object?.receive(outcome) } }
        }
    }

    deinit {
        worker.stop()
    }

    /// The number of pages: one placeholder page until the file is open.
    public var pageCount: Int { pointSizes.count }

    /// Whether poppler has opened the file and the page count is known.
    public var isOpen: Bool { document != nil }

    public var revision: Int { changeLog.revision }

    public func changes(since revision: Int) -> ContentChange { changeLog.changes(since: revision) }

    public var contentSize: ContentSize {
        isPaged
            ? ContentSize(width: viewportWidth * Double(pageCount), height: viewportHeight)
            : ContentSize(width: viewportWidth, height: (PDFLayout.pageGapPixels + heights.total).rounded(.up))
    }

    /// The width pages have in continuous mode at zoom 1.
    var columnWidth: Double {
        max(min(viewportWidth - 2 * PDFLayout.sideMarginPixels, PDFLayout.maximumPageWidthPixels), 40)
    }

    /// Page `index`'s size in PDF points, read or estimated.
    public func pointSize(_ index: Int) -> (width: Double, height: Double) { pointSizes[index] ?? estimatedPointSize }

    public func isMeasured(_ index: Int) -> Bool { pointSizes[index] != nil }

    /// Page `index`'s rectangle in content coordinates (zoom 1, logical px).
    public func pageRect(_ index: Int) -> ContentRect {
        let size = pointSize(index)
        if isPaged {
            let fit = min((viewportWidth - 2 * PDFLayout.pagedMarginPixels) / size.width,
                          (viewportHeight - 2 * PDFLayout.pagedMarginPixels) / size.height)
            let width = max(size.width * fit, 1), height = max(size.height * fit, 1)
            return ContentRect(x: Double(index) * viewportWidth + ((viewportWidth - width) / 2).rounded(),
                               y: ((viewportHeight - height) / 2).rounded(), width: width, height: height)
        }
        let width = columnWidth
        return ContentRect(x: ((viewportWidth - width) / 2).rounded(),
                           y: PDFLayout.pageGapPixels + heights.offset(of: index),
                           width: width, height: heights[index] - PDFLayout.pageGapPixels)
    }

    /// The zoom at which the page at the reading position fits the viewport whole: the
    /// smallest zoom worth offering.
    public var fitPageZoom: Double {
        guard viewportHeight > 0, pageCount > 0 else { return 1 }
        let rect = pageRect(anchorPage)
        return min(1, viewportHeight / (rect.height + 2 * PDFLayout.pageGapPixels),
                   viewportWidth / (rect.width + 2 * PDFLayout.sideMarginPixels))
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
        let first = heights.index(containing: rect.y - PDFLayout.pageGapPixels)
        let last = heights.index(containing: max(rect.y, rect.maxY - 0.001) - PDFLayout.pageGapPixels)
        return first...max(first, last)
    }

    /// The logical height page `index` has in the column at the current width, gap included.
    private func columnHeight(_ index: Int) -> Double {
        let size = pointSize(index)
        return (columnWidth * size.height / size.width).rounded() + PDFLayout.pageGapPixels
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
        if isPaged { return ContentPoint(x: Double(anchorPage) * viewportWidth, y: 0) }
        if anchorPage == 0, anchorFraction == 0 { return .zero }
        let rect = pageRect(anchorPage)
        return ContentPoint(x: 0, y: rect.y + anchorFraction * rect.height)
    }

    /// The content offset that shows `destination` at the viewport's top (zoom 1, logical px).
    public func offset(of destination: PDFDestination) -> ContentPoint {
        let page = min(max(destination.page, 0), max(pageCount - 1, 0))
        measure(page)
        let rect = pageRect(page)
        if isPaged { return ContentPoint(x: Double(page) * viewportWidth, y: 0) }
        let top = destination.topPoints.map { $0 * rect.width / pointSize(page).width } ?? 0
        // A little of what is above the target shows, as a heading's own space would.
        return ContentPoint(x: 0, y: max(rect.y + top - PDFLayout.pageGapPixels, 0))
    }

    /// Reads page `index`'s size if it has not been read; returns whether its height changed.
    @discardableResult
    public func measure(_ index: Int) -> Bool {
        guard index >= 0, index < pageCount, pointSizes[index] == nil, let document else { return false }
        guard let size = document.pageSize(index) else {
            pointSizes[index] = estimatedPointSize
            failures[index] = failures[index] ?? localized("poppler cannot read this page")
            return false
        }
        pointSizes[index] = size
        guard !isPaged, viewportWidth > 0 else { return false }
        let height = columnHeight(index)
        guard height != heights[index] else { return false }
        heights.set(index, to: height)
        return true
    }

    public func prepare(_ visible: ContentRect, margin: Double, drawScale scale: Double) -> ContentPoint {
        guard viewportWidth > 0, pageCount > 0 else { return .zero }
        // The scale sharp pieces are asked for at: what the frame will draw.
        if scale > 0 { drawScale = scale }
        guard isAnchorPending else { return prepareLaidOut(visible, margin: margin) }
        // The page count has just arrived: the reading position shows at the top, whatever
        // the placeholder page showed.
        isAnchorPending = false
        lastVisible = nil
        let anchor = anchorOffset
        let moved = isPaged ? ContentPoint(x: anchor.x - visible.x, y: 0) : ContentPoint(x: 0, y: anchor.y - visible.y)
        let more = prepareLaidOut(ContentRect(x: visible.x + moved.x, y: visible.y + moved.y,
                                              width: visible.width, height: visible.height), margin: margin)
        return ContentPoint(x: moved.x + more.x, y: moved.y + more.y)
    }

    private func prepareLaidOut(_ visible: ContentRect, margin: Double) -> ContentPoint {
        scheduler.noteMotion(to: visible, paged: isPaged)
        var correction = ContentPoint.zero
        if isPaged {
            for page in pages(meeting: ContentRect(x: visible.x - viewportWidth, y: 0,
                                                   width: visible.width + 2 * viewportWidth, height: 1)) {
                if measure(page) { changeLog.record(.everything) }
            }
            anchorPage = pages(meeting: ContentRect(x: visible.x + visible.width / 2, y: 0, width: 0.001, height: 1)).lowerBound
            anchorFraction = 0
        } else {
            // The page at the top and how far into it, before sizes read now move it.
            let top = pages(meeting: ContentRect(x: 0, y: visible.y, width: 1, height: 0.001)).lowerBound
            let topRect = pageRect(top)
            let fraction = (visible.y - topRect.y) / topRect.height
            // What stays put: the top page where it shows real pixels, else the next page's
            // top (an unread page was only an estimate, drawn as a placeholder).
            let held = isMeasured(top) || top + 1 >= pageCount ? top : top + 1
            let heldTop = pageRect(held).y
            var changed = false
            let reach = ContentRect(x: visible.x, y: visible.y - margin, width: visible.width,
                                    height: visible.height + 2 * margin)
            var page = pages(meeting: reach).lowerBound
            while page < pageCount, page <= pages(meeting: reach).upperBound {
                if measure(page) { changed = true }
                page += 1
            }
            if changed {
                correction.y = held == top
                    ? pageRect(top).y + fraction * pageRect(top).height - visible.y
                    : pageRect(held).y - heldTop
                changeLog.record(.everything)
            }
        }
        let shown = ContentRect(x: visible.x + correction.x, y: visible.y + correction.y,
                                width: visible.width, height: visible.height)
        if !isPaged {
            anchorPage = pages(meeting: ContentRect(x: 0, y: shown.y, width: 1, height: 0.001)).lowerBound
            let rect = pageRect(anchorPage)
            anchorFraction = min(max((shown.y - rect.y) / rect.height, 0), 1)
        }
        lastVisible = shown
        scheduler.lastMargin = margin
        requestPixels(for: shown, margin: margin)
        return correction
    }

    public func draw(_ rect: ContentRect, on cairo: OpaquePointer) {
        drawPages(rect, on: cairo)
    }

    /// Pages are drawn from the pixels the worker delivered (`previews`, `pieces`): a tile of
    /// them would be a second copy.
    public var drawsWithoutTiles: Bool { true }

    /// Asks the worker for the outline; `handler` runs on the loop thread when it arrives
    /// (at once when it already has).
    public func loadOutline(_ handler: @escaping (PDFOutline) -> Void) {
        if let loadedOutline {
            handler(loadedOutline)
            return
        }
        outlineHandlers.append(handler)
        if outlineHandlers.count == 1 { worker.wantOutline() }
    }

    /// The end of poppler's open, on the loop thread: the real page count and first page size
    /// replace the placeholder page.
    func receive(_ outcome: PDFOpening.Outcome) {
        guard !isOpen, openFailure == nil else { return }
        switch outcome {
        case .failure(let error):
            openFailure = error
        case .success(let opened):
            document = opened.document
            estimatedPointSize = opened.firstPageSize ?? (612, 792)
            pointSizes = Array(repeating: nil, count: opened.pageCount)
            pointSizes[0] = opened.firstPageSize
            heights = HeightIndex((0..<pageCount).map(columnHeight))
            if let requestedAnchor {
                self.requestedAnchor = nil
                readingAnchor = requestedAnchor
            } else {
                anchorPage = min(anchorPage, pageCount - 1)
            }
            isAnchorPending = true
            if let pendingOutline {
                self.pendingOutline = nil
                receive(pendingOutline)
            }
        }
        changeLog.record(.everything)
    }

    func receive(_ outline: PDFOutline) {
        guard isOpen else {
            // Held until the page count is known, so it can be kept to the layout's pages.
            pendingOutline = outline
            return
        }
        let limited = outline.limited(toPageCount: pageCount)
        loadedOutline = limited
        let handlers = outlineHandlers
        outlineHandlers = []
        for handler in handlers { handler(limited) }
    }
}
