import DocumentKit
import PageKit

/// What the render worker is asked for, and what it sends back.
extension PDFLayout {
    /// Asks the worker for what `visible` needs, most urgent first: previews of the pages on
    /// screen, their sharp pieces at the scale last drawn, then previews of the pages ahead in
    /// the direction of motion and behind, then sharp pieces just ahead. Anything no longer
    /// asked for is dropped before it starts.
    func requestPixels(for visible: ContentRect, margin: Double) {
        var onScreen: [PageRenderJob] = [], sharp: [PageRenderJob] = []
        var missing = 0
        let shown = ordered(pages(meeting: visible))
        for page in shown where failures[page] == nil && isMeasured(page) {
            if !previews.contains(.preview(page: page)) {
                onScreen.append(.preview(page: page))
                missing += 1
            }
        }
        var onView: Set<PageRenderJob> = []
        for page in shown where failures[page] == nil && isMeasured(page) {
            onView.insert(.preview(page: page))
            let pieces = visiblePieces(of: page, in: visible)
            onView.formUnion(pieces)
            let wanted = pieces.filter { !self.pieces.contains($0) }
            missing += wanted.count
            sharp += wanted
        }
        visibleJobs = onView
        let ahead = isPaged ? visible.width : visible.height
        let nearby = aheadAndBehind(visible, ahead: margin + ahead, behind: margin)
        var previewsNearby: [PageRenderJob] = []
        for page in nearby where failures[page] == nil && isMeasured(page) && !previews.contains(.preview(page: page)) {
            previewsNearby.append(.preview(page: page))
        }
        var sharpAhead: [PageRenderJob] = []
        let next = shifted(visible, by: ahead / 2)
        for page in ordered(pages(meeting: next)) where failures[page] == nil && isMeasured(page) {
            sharpAhead += visiblePieces(of: page, in: next).filter { !pieces.contains($0) && !sharp.contains($0) }
        }
        missingVisibleCount = missing
        // While the view moves fast, a preview of the next page is worth more than sharp
        // pixels that will be gone in a moment.
        let jobs = isMovingFast ? onScreen + previewsNearby + sharp + sharpAhead : onScreen + sharp + previewsNearby + sharpAhead
        guard jobs != lastWanted else { return }
        lastWanted = jobs
        worker.want(jobs, pointSize: pointSize)
    }

    /// Whether the last frames moved the view more than `fastMotionPixels` each.
    var isMovingFast: Bool { lastMotionPixels > PDFLayout.fastMotionPixels }

    /// `pages` in the direction of motion.
    private func ordered(_ pages: ClosedRange<Int>) -> [Int] {
        motionDirection >= 0 ? Array(pages) : pages.reversed()
    }

    private func shifted(_ rect: ContentRect, by distance: Double) -> ContentRect {
        var moved = rect
        if isPaged { moved.x += distance * motionDirection } else { moved.y += distance * motionDirection }
        return moved
    }

    /// The pages within `ahead` past `visible` in the direction of motion, nearest first, then
    /// those within `behind` before it; none of those on screen.
    private func aheadAndBehind(_ visible: ContentRect, ahead: Double, behind: Double) -> [Int] {
        let shown = pages(meeting: visible)
        let forward = ordered(pages(meeting: reach(visible, forward: ahead))).filter { !shown.contains($0) }
        let direction = motionDirection
        motionDirection = -direction
        let backward = ordered(pages(meeting: reach(visible, forward: behind))).filter { !shown.contains($0) }
        motionDirection = direction
        return forward + backward.filter { !forward.contains($0) }
    }

    /// `visible` extended by `distance` in the direction of motion.
    private func reach(_ visible: ContentRect, forward distance: Double) -> ContentRect {
        var rect = visible
        if isPaged {
            rect.width += distance
            if motionDirection < 0 { rect.x -= distance }
        } else {
            rect.height += distance
            if motionDirection < 0 { rect.y -= distance }
        }
        return rect
    }

    /// The sharp pieces of `page` that `visible` shows, at the scale last drawn (none before
    /// the first draw: previews come first anyway).
    func visiblePieces(of page: Int, in visible: ContentRect) -> [PageRenderJob] {
        guard let drawScale else { return [] }
        let rect = pageRect(page)
        let size = pointSize(page)
        let scale = PDFLayout.pieceScale(drawScale: drawScale, pageWidth: rect.width, pointWidth: size.width)
        let grid = PagePieceGrid(pageWidthPoints: size.width, pageHeightPoints: size.height, scale: scale)
        let region = grid.pieces(x: (visible.x - rect.x) * drawScale, y: (visible.y - rect.y) * drawScale,
                                 maxX: (visible.maxX - rect.x) * drawScale, maxY: (visible.maxY - rect.y) * drawScale)
        var jobs: [PageRenderJob] = []
        let rows = motionDirection >= 0 || isPaged ? Array(region.rows) : region.rows.reversed()
        for row in rows {
            for column in region.columns {
                jobs.append(.piece(PagePieceKey(page: page, scale: scale, column: column, row: row)))
            }
        }
        return jobs
    }

    /// Device px per PDF point for a page `pageWidth` logical px wide drawn at `drawScale`
    /// device px per logical px.
    static func pieceScale(drawScale: Double, pageWidth: Double, pointWidth: Double) -> Double {
        drawScale * pageWidth / pointWidth
    }

    /// A result from the worker, on the loop thread: the page's pixels are redrawn.
    func receive(_ result: PageRenderResult) {
        worker.acknowledge(result.job)
        let page = result.job.page
        guard page < pageCount else { return }
        if let failure = result.failure {
            failures[page] = failure
        } else if let pixels = result.pixels {
            switch result.job {
            case .preview:
                previews.insert(pixels, for: result.job, sparing: visibleJobs)
                links[page] = result.links
            case .piece:
                pieces.insert(pixels, for: result.job, sparing: visibleJobs)
            }
        }
        let rect = pageRect(page)
        changeLog.record(.band(rect.y...rect.maxY))
        if let lastVisible, pages(meeting: lastVisible).contains(page) {
            requestPixels(for: lastVisible, margin: lastMargin)
        }
    }

    /// Whether everything on screen has its sharp pixels (for tests and benchmarks).
    public var isSharp: Bool { isOpen && drawScale != nil && missingVisibleCount == 0 }

    /// How many jobs the worker has rendered (for tests and benchmarks).
    public var renderedJobCount: Int { worker.jobsRendered }

    /// The page renderers' process IDs (for tests: one killed mid-fling is replaced).
    public var rendererProcessIDs: [Int32] { worker.rendererProcessIDs }
}
