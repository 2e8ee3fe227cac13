import CCairo
import DocumentKit
import Glibc
import Localization

/// What a paged layout tells its `PageScheduler` of its pages: how they are laid out (zoom 1,
/// logical px), their sizes in page points, and which sizes are known rather than estimated.
public protocol PageGeometry: AnyObject {
    /// One page per viewport side by side, rather than a column.
    var isPaged: Bool { get }
    var pageCount: Int { get }
    var viewportWidth: Double { get }
    var viewportHeight: Double { get }
    var palette: Palette { get }
    /// The pages that meet `rect`, first to last.
    func pages(meeting rect: ContentRect) -> ClosedRange<Int>
    /// Page `page`'s rectangle in content coordinates.
    func pageRect(_ page: Int) -> ContentRect
    /// Page `page`'s size in page points, read or estimated.
    func pointSize(_ page: Int) -> (width: Double, height: Double)
    /// Whether page `page`'s size is known (an unknown one is drawn as a placeholder).
    func isMeasured(_ page: Int) -> Bool
    /// How the pages look: a document's, or pictures'.
    var style: PageStyle { get }
    /// What a page that cannot be shown says, for `reason`.
    func failureNotice(ofPage page: Int, reason: String) -> String
    /// Page `page`'s box: its frame and how its own (upright) coordinates land in it, turned.
    func pageBox(_ page: Int) -> PageBox
}

extension PageGeometry {
    public var style: PageStyle { .document }

    public func failureNotice(ofPage page: Int, reason: String) -> String { PageScheduler.notice(ofPage: page, reason: reason) }

    public func pageBox(_ page: Int) -> PageBox { PageBox(rect: pageRect(page), pointSize: pointSize(page)) }
}

/// The one page scheduler of the paged kinds (PDF, DjVu, images, comics, a TIFF's pages): what a renderer is asked for, most
/// urgent first, as the view moves; what it delivers, kept in byte-bounded caches; and pages
/// painted from those pixels (a low-resolution preview first, then sharp pieces at the scale
/// being drawn) with a placeholder where nothing has arrived yet. It never renders: its kind's
/// renderer does (in processes of its own, or on a worker), asked with the jobs `jobs(for:)`
/// returns, and hands back `PageRenderResult`s to `receive`.
public final class PageScheduler {
    /// Rendered pixels: each page's preview, about 60 Letter pages; sharp pieces at the scales
    /// drawn lately, three screens at 2560×1600.
    public let previews = PagePixelCache(capacityBytes: 16 << 20)
    public let pieces = PagePixelCache(capacityBytes: 48 << 20)
    /// Why pages could not be rendered.
    public var failures: [Int: String] = [:]
    /// Each page's links, from its preview.
    public var links: [Int: [PageLink]] = [:]

    /// What the last `prepare` saw, and which way the view last moved (+1 down or right).
    public var lastVisible: ContentRect?
    public var motionDirection = 1.0
    /// How far the view moved between the last two `prepare`s, in logical px.
    public var lastMotionPixels = 0.0
    /// Motion per frame above which previews ahead come before sharp pixels: 20 px a frame is
    /// 1,200 px/s at 60 Hz, past reading speed (a slow drag), well under a fling.
    public static let fastMotionPixels = 20.0
    /// How many frames of a fling's motion its previews reach ahead, the pages there measured
    /// first: half a second at 60 Hz, about what a renderer takes for a 300 dpi scan
    /// (`glide-bench pages scaling`: frames with a placeholder in a 5,000 px/s fling fell from
    /// 0.42 to 0.06 of them with one renderer, as pages are asked for before they come into view).
    public static let lookAheadFrames = 30.0

    /// How far past the view, in the direction of motion, previews are asked for and pages
    /// measured, in logical px: the view's own length (`viewportLength`), or while flung as far
    /// as the view travels in `lookAheadFrames`.
    public func lookAheadPixels(viewportLength: Double) -> Double {
        max(viewportLength, isMovingFast ? lastMotionPixels * PageScheduler.lookAheadFrames : 0)
    }
    public var lastMargin = 0.0
    /// Device px per logical px the content is drawn at, as the last `prepare` said; nil before.
    public var drawScale: Double?
    var lastWanted: [PageRenderJob] = []
    /// The previews and pieces the view shows now: the caches never evict them, so a zoom
    /// whose screen needs more than a cap holds does not render the same pieces forever.
    var visibleJobs: Set<PageRenderJob> = []
    /// Visible previews and sharp pieces not delivered yet, as of the last request.
    public private(set) var missingVisibleCount = 0
    /// Whether pages are asked for as night pages (`Palette.nightPages`), as the layout's
    /// palette said at the last request.
    public private(set) var invertsLightness = false

    public init() {}

    /// Notes that the view moved to `visible` (before it is laid out): which way, and how far.
    /// A zoom (the view's size in content px changed) or a jump (a link, a page chosen, a page
    /// label dragged: farther than the view's own length in one frame, 48,000 px/s at 60 Hz
    /// against `ScrollViewConfiguration`'s fastest fling of 8,000) is no fling, and counts as no
    /// motion: a fling's look-ahead from it put some 30 pages' previews before the sharp pieces
    /// the zoom needed (`glide-bench pdf`, zoom end to crisp: about 100 ms against 35 ms with
    /// the render thread in Glide's process, some 120 renders a zoom instead of 15).
    public func noteMotion(to visible: ContentRect, paged: Bool) {
        guard let lastVisible else { return }
        let moved = paged ? visible.x - lastVisible.x : visible.y - lastVisible.y
        let isZoom = abs(visible.width - lastVisible.width) > PageScheduler.sizeTolerancePixels
            || abs(visible.height - lastVisible.height) > PageScheduler.sizeTolerancePixels
        let isJump = abs(moved) > (paged ? visible.width : visible.height)
        if moved != 0, !isZoom { motionDirection = moved > 0 ? 1 : -1 }
        lastMotionPixels = isZoom || isJump ? 0 : abs(moved)
    }

    /// How far the view's size in content px may change without being a zoom: rounding.
    static let sizeTolerancePixels = 0.01

    // MARK: Requests

    /// What to ask the renderer for so that `visible` shows, most urgent first: previews of the
    /// pages on screen, their sharp pieces at the scale last drawn, then previews of the pages
    /// ahead in the direction of motion and behind, then sharp pieces just ahead; nil when that
    /// is what was asked last. Anything no longer asked for is dropped before it starts.
    public func jobs(for visible: ContentRect, margin: Double, in layout: some PageGeometry) -> [PageRenderJob]? {
        if layout.palette.nightPages != invertsLightness {
            // Night pages were turned on or off: every page is asked for again in the new
            // style, and the pixels of the old one are drawn until the new ones arrive.
            invertsLightness = layout.palette.nightPages
            lastWanted = []
        }
        var onScreen: [PageRenderJob] = [], sharp: [PageRenderJob] = []
        var missing = 0
        let shown = ordered(layout.pages(meeting: visible))
        for page in shown where failures[page] == nil && layout.isMeasured(page) {
            if !previews.contains(.preview(page: page), invertsLightness: invertsLightness) {
                onScreen.append(.preview(page: page))
                missing += 1
            }
        }
        var onView: Set<PageRenderJob> = []
        for page in shown where failures[page] == nil && layout.isMeasured(page) {
            onView.insert(.preview(page: page))
            let pieces = visiblePieces(of: page, in: visible, layout: layout)
            onView.formUnion(pieces)
            let wanted = pieces.filter { !self.pieces.contains($0, invertsLightness: invertsLightness) }
            missing += wanted.count
            sharp += wanted
        }
        visibleJobs = onView
        let ahead = layout.isPaged ? visible.width : visible.height
        let nearby = aheadAndBehind(visible, ahead: margin + lookAheadPixels(viewportLength: ahead), behind: margin, layout: layout)
        var previewsNearby: [PageRenderJob] = []
        for page in nearby where failures[page] == nil && layout.isMeasured(page)
            && !previews.contains(.preview(page: page), invertsLightness: invertsLightness) {
            previewsNearby.append(.preview(page: page))
        }
        var sharpAhead: [PageRenderJob] = []
        let next = shifted(visible, by: ahead / 2, paged: layout.isPaged)
        for page in ordered(layout.pages(meeting: next)) where failures[page] == nil && layout.isMeasured(page) {
            sharpAhead += visiblePieces(of: page, in: next, layout: layout)
                .filter { !pieces.contains($0, invertsLightness: invertsLightness) && !sharp.contains($0) }
        }
        missingVisibleCount = missing
        // While the view moves fast, a preview of the next page is worth more than sharp
        // pixels that will be gone in a moment.
        let jobs = isMovingFast ? onScreen + previewsNearby + sharp + sharpAhead : onScreen + sharp + previewsNearby + sharpAhead
        guard jobs != lastWanted else { return nil }
        lastWanted = jobs
        return jobs
    }

    /// Whether a preview or sharp piece on view at the last request has neither arrived nor
    /// failed: read live, so a program that draws once (a thumbnail, a link read after the
    /// pixels) waits for renderers that are still starting rather than for a quiet spell.
    public var isAwaitingVisiblePixels: Bool {
        visibleJobs.contains { job in
            guard failures[job.page] == nil else { return false }
            if case .preview = job { return !previews.contains(job) }
            return !pieces.contains(job)
        }
    }

    /// Whether the last frames moved the view more than `fastMotionPixels` each.
    public var isMovingFast: Bool { lastMotionPixels > PageScheduler.fastMotionPixels }

    /// `pages` in the direction of motion.
    private func ordered(_ pages: ClosedRange<Int>) -> [Int] {
        motionDirection >= 0 ? Array(pages) : pages.reversed()
    }

    private func shifted(_ rect: ContentRect, by distance: Double, paged: Bool) -> ContentRect {
        var moved = rect
        if paged { moved.x += distance * motionDirection } else { moved.y += distance * motionDirection }
        return moved
    }

    /// The pages within `ahead` past `visible` in the direction of motion, nearest first, then
    /// those within `behind` before it; none of those on screen.
    private func aheadAndBehind(_ visible: ContentRect, ahead: Double, behind: Double, layout: some PageGeometry) -> [Int] {
        let shown = layout.pages(meeting: visible)
        let forward = ordered(layout.pages(meeting: reach(visible, forward: ahead, paged: layout.isPaged)))
            .filter { !shown.contains($0) }
        let direction = motionDirection
        motionDirection = -direction
        let backward = ordered(layout.pages(meeting: reach(visible, forward: behind, paged: layout.isPaged)))
            .filter { !shown.contains($0) }
        motionDirection = direction
        return forward + backward.filter { !forward.contains($0) }
    }

    /// `visible` extended by `distance` in the direction of motion.
    private func reach(_ visible: ContentRect, forward distance: Double, paged: Bool) -> ContentRect {
        var rect = visible
        if paged {
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
    func visiblePieces(of page: Int, in visible: ContentRect, layout: some PageGeometry) -> [PageRenderJob] {
        guard let drawScale else { return [] }
        let box = layout.pageBox(page)
        let size = box.pointSize
        let scale = PageScheduler.pieceScale(drawScale: drawScale, pageWidth: box.uprightWidth, pointWidth: size.width)
        // A page drawn no larger than its preview (a thumbnail of the overview, a page zoomed
        // far out) is sharp with the preview alone.
        guard scale > PagePreviewScale.scale(pageWidthPoints: size.width, pageHeightPoints: size.height) else { return [] }
        let grid = PagePieceGrid(pageWidthPoints: size.width, pageHeightPoints: size.height, scale: scale)
        // The part of the upright page the view shows: a turned page's pieces are its own.
        let shown = box.uprightRect(of: visible)
        let region = grid.pieces(x: shown.x * drawScale, y: shown.y * drawScale,
                                 maxX: shown.maxX * drawScale, maxY: shown.maxY * drawScale)
        var jobs: [PageRenderJob] = []
        let rows = motionDirection >= 0 || layout.isPaged || box.quarterTurns != 0 ? Array(region.rows) : region.rows.reversed()
        for row in rows {
            for column in region.columns {
                jobs.append(.piece(PagePieceKey(page: page, scale: scale, column: column, row: row)))
            }
        }
        return jobs
    }

    /// Device px per page point for a page `pageWidth` logical px wide drawn at `drawScale`
    /// device px per logical px.
    public static func pieceScale(drawScale: Double, pageWidth: Double, pointWidth: Double) -> Double {
        drawScale * pageWidth / pointWidth
    }

    /// A result from the renderer, on the loop thread, for a page of the document: its pixels
    /// (or why there are none) kept. Returns whether the page is on screen, so what the screen
    /// needs is asked for again.
    public func receive(_ result: PageRenderResult, in layout: some PageGeometry) -> Bool {
        let page = result.job.page
        if let failure = result.failure {
            failures[page] = failure
        } else if let pixels = result.pixels, pixels.invertsLightness == invertsLightness {
            // Pixels of the style no longer asked for are dropped: the job was asked again in
            // the current style (its ticket differs), and a white page flashing up in the
            // dark is worse than its placeholder.
            switch result.job {
            case .preview:
                previews.insert(pixels, for: result.job, sparing: visibleJobs)
                links[page] = result.links
            case .piece:
                pieces.insert(pixels, for: result.job, sparing: visibleJobs)
            }
        }
        guard let lastVisible else { return false }
        return layout.pages(meeting: lastVisible).contains(page)
    }
}

// MARK: Drawing

/// Painting pages from delivered pixels; the renderer is never called here.
extension PageScheduler {
    /// Paints the pages meeting `rect`; a page without pixels yet is a placeholder, numbered
    /// when `numbersPlaceholders` (a document still opening has no page numbers to tell).
    public func drawPages(_ rect: ContentRect, on cairo: OpaquePointer, layout: some PageGeometry, numbersPlaceholders: Bool = true) {
        guard layout.viewportWidth > 0, layout.pageCount > 0 else { return }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        let scale = matrix.xx
        for page in layout.pages(meeting: rect) {
            let box = layout.pageBox(page)
            let pageRect = box.rect
            let clip = rect.intersection(pageRect)
            guard clip.width > 0, clip.height > 0 else { continue }
            if layout.style == .document { PageScheduler.drawEdge(of: pageRect, palette: layout.palette, on: cairo) }
            cairo_save(cairo)
            cairo_rectangle(cairo, clip.x, clip.y, clip.width, clip.height)
            cairo_clip(cairo)
            // The page's pixels are upright: drawn in the page's own coordinates, turned.
            let upright = box.uprightFrame
            cairo_save(cairo)
            box.turnToUpright(cairo)
            if let failure = failures[page] {
                // A picture that cannot be shown is only the words why.
                if layout.style == .document {
                    drawPreview(of: page, in: upright, layout: layout, numbered: numbersPlaceholders, on: cairo)
                }
                cairo_restore(cairo)
                drawNotice(layout.failureNotice(ofPage: page, reason: failure), in: pageRect, layout: layout, on: cairo)
            } else {
                // A printout or an exported PDF gets one image a page where the pieces allow.
                if !PageScheduler.drawsVectors(cairo) || !drawWholePage(page, in: upright, size: box.pointSize, on: cairo) {
                    drawPieces(of: page, in: upright, clip: box.uprightRect(of: clip), scale: scale, layout: layout,
                               numbered: numbersPlaceholders, on: cairo)
                }
                cairo_restore(cairo)
            }
            cairo_restore(cairo)
        }
    }

    /// The page's low-resolution preview stretched over it, or the placeholder (a grey page
    /// with its number, never blank white).
    private func drawPreview(of page: Int, in rect: ContentRect, layout: some PageGeometry, numbered: Bool, on cairo: OpaquePointer) {
        guard let preview = previews.pixels(.preview(page: page)) else {
            switch layout.style {
            case .document:
                let colour = PageScheduler.placeholderColour(layout.palette)
                cairo_set_source_rgb(cairo, colour.red, colour.green, colour.blue)
                cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
                cairo_fill(cairo)
                if failures[page] == nil, numbered { drawNotice(LocalizedNumber.string(page + 1), in: rect, layout: layout, on: cairo) }
            case .picture:
                // A tinted frame of the image's shape, once its shape is known; no picture before.
                guard layout.isMeasured(page) else { return }
                let colour = layout.palette.codeBackground
                cairo_set_source_rgba(cairo, colour.red, colour.green, colour.blue, colour.alpha)
                cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
                cairo_fill(cairo)
            }
            return
        }
        cairo_save(cairo)
        cairo_translate(cairo, rect.x, rect.y)
        cairo_scale(cairo, rect.width / Double(preview.width), rect.height / Double(preview.height))
        cairo_set_source_surface(cairo, preview.surface, 0, 0)
        cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
        // Drawn at less than half its size (a page zoomed far out), each pixel averages the
        // preview's under it. Down to half, bilinear's 2×2 pixels already cover each one's
        // share of the preview, and pixman scales with it at a fraction of the cost: an
        // overview's frame, a dozen thumbnails at 0.75 of their previews, took 15–46 ms of loop
        // CPU with cairo's GOOD filter (its separable convolution) as the previews arrived
        // (`glide-bench pages overview`).
        var deviceWidth = Double(preview.width), deviceHeight = 0.0
        cairo_user_to_device_distance(cairo, &deviceWidth, &deviceHeight)
        let isHalvedOrLess = abs(deviceWidth) < Double(preview.width) * PageScheduler.averagedShrinkFactor
        cairo_pattern_set_filter(cairo_get_source(cairo), isHalvedOrLess ? CAIRO_FILTER_GOOD : CAIRO_FILTER_BILINEAR)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    /// The sharp pieces that meet `clip` at the scale being drawn; where some are missing,
    /// first the pieces of the nearest other scale the cache holds, stretched (the page as it
    /// was before a zoom, sharper than the preview).
    private func drawPieces(of page: Int, in rect: ContentRect, clip: ContentRect, scale: Double, layout: some PageGeometry,
                            numbered: Bool, on cairo: OpaquePointer) {
        guard layout.isMeasured(page), scale > 0 else {
            return drawPreview(of: page, in: rect, layout: layout, numbered: numbered, on: cairo)
        }
        let size = layout.pointSize(page)
        let exact = PageScheduler.pieceScale(drawScale: scale, pageWidth: rect.width, pointWidth: size.width)
        guard exact > PagePreviewScale.scale(pageWidthPoints: size.width, pageHeightPoints: size.height) else {
            return drawPreview(of: page, in: rect, layout: layout, numbered: numbered, on: cairo)
        }
        // The page's top-left on a whole device pixel, so pieces land pixel for pixel.
        var originX = rect.x, originY = rect.y
        cairo_user_to_device(cairo, &originX, &originY)
        originX.round()
        originY.round()
        cairo_device_to_user(cairo, &originX, &originY)
        let placement = PiecePlacement(page: page, size: size, originX: originX, originY: originY, clip: clip)
        let wanted = placement.pieces(at: exact, deviceScale: scale)
        // Sharp pieces cover the whole clip: nothing under them shows.
        if !wanted.jobs.allSatisfy({ pieces.contains($0.job) }) {
            drawPreview(of: page, in: rect, layout: layout, numbered: numbered, on: cairo)
            if let nearest = pieces.scales(ofPage: page)?.filter({ $0 != exact })
                .min(by: { abs(log($0 / exact)) < abs(log($1 / exact)) }) {
                paint(placement.pieces(at: nearest, deviceScale: scale * nearest / exact),
                      deviceScale: scale * nearest / exact, placement: placement, on: cairo)
            }
        }
        paint(wanted, deviceScale: scale, placement: placement, on: cairo)
    }

    /// Where a page's pieces go in one draw.
    private struct PiecePlacement {
        var page: Int
        var size: (width: Double, height: Double)
        /// The page's top-left, on a whole device pixel.
        var originX: Double
        var originY: Double
        var clip: ContentRect

        /// The pieces at `pieceScale` that meet the clip, placed as if one logical px were
        /// `deviceScale` of their pixels.
        func pieces(at pieceScale: Double, deviceScale: Double) -> (grid: PagePieceGrid, jobs: [(job: PageRenderJob, column: Int, row: Int)]) {
            let grid = PagePieceGrid(pageWidthPoints: size.width, pageHeightPoints: size.height, scale: pieceScale)
            let region = grid.pieces(x: (clip.x - originX) * deviceScale, y: (clip.y - originY) * deviceScale,
                                     maxX: (clip.maxX - originX) * deviceScale, maxY: (clip.maxY - originY) * deviceScale)
            var jobs: [(job: PageRenderJob, column: Int, row: Int)] = []
            for row in region.rows {
                for column in region.columns {
                    jobs.append((.piece(PagePieceKey(page: page, scale: pieceScale, column: column, row: row)), column, row))
                }
            }
            return (grid, jobs)
        }
    }

    /// Paints the cached ones of `pieces`.
    private func paint(_ wanted: (grid: PagePieceGrid, jobs: [(job: PageRenderJob, column: Int, row: Int)]),
                       deviceScale: Double, placement: PiecePlacement, on cairo: OpaquePointer) {
        for (job, column, row) in wanted.jobs {
            guard let pixels = pieces.pixels(job) else { continue }
            let piece = wanted.grid.rect(column: column, row: row)
            cairo_save(cairo)
            cairo_translate(cairo, placement.originX, placement.originY)
            cairo_scale(cairo, 1 / deviceScale, 1 / deviceScale)
            cairo_set_source_surface(cairo, pixels.surface, Double(piece.x), Double(piece.y))
            cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
            cairo_rectangle(cairo, Double(piece.x), Double(piece.y), Double(pixels.width), Double(pixels.height))
            cairo_fill(cairo)
            cairo_restore(cairo)
        }
    }

    /// A hairline around the page, so white pages stand apart from a white background.
    ///
    /// One stroke of the rectangle is drawn in four bands of whole device pixels (above, below,
    /// left and right of the page), each clipped to its band: the same pixels, bit for bit
    /// (`PageEdgeTests`), but cairo composites only the band's. Unclipped, a stroke whose edges
    /// fall inside device pixels (a page 605.8 px wide) went through cairo's span renderer over
    /// its whole bounding box, the page's inside as zero coverage in an a8 mask that pixman
    /// walked pixel by pixel: a quarter of a spread's frame in `glide-bench pages spread` (perf:
    /// 25 % of the loop's samples, against 53 % for copying the pages' pixels), twice what a
    /// single page's frame spent on it.
    static func drawEdge(of rect: ContentRect, palette: Palette, on cairo: OpaquePointer) {
        let colour = palette.secondaryText
        cairo_save(cairo)
        cairo_set_source_rgba(cairo, colour.red, colour.green, colour.blue, 0.35)
        cairo_set_line_width(cairo, 1)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        func stroke() {
            cairo_rectangle(cairo, rect.x - 0.5, rect.y - 0.5, rect.width + 1, rect.height + 1)
            cairo_stroke(cairo)
        }
        // The device pixels the stroke touches (outer) and those wholly inside the page (inner).
        var outerLeft = rect.x - 1, outerTop = rect.y - 1, outerRight = rect.maxX + 1, outerBottom = rect.maxY + 1
        var innerLeft = rect.x, innerTop = rect.y, innerRight = rect.maxX, innerBottom = rect.maxY
        cairo_user_to_device(cairo, &outerLeft, &outerTop)
        cairo_user_to_device(cairo, &outerRight, &outerBottom)
        cairo_user_to_device(cairo, &innerLeft, &innerTop)
        cairo_user_to_device(cairo, &innerRight, &innerBottom)
        let outer = (left: outerLeft.rounded(.down), top: outerTop.rounded(.down),
                     right: outerRight.rounded(.up), bottom: outerBottom.rounded(.up))
        let inner = (left: innerLeft.rounded(.up), top: innerTop.rounded(.up),
                     right: innerRight.rounded(.down), bottom: innerBottom.rounded(.down))
        // A turned or mirrored matrix, a page under two device pixels, or vectors (a printout, an
        // exported PDF): one stroke.
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.yy > 0, inner.left < inner.right, inner.top < inner.bottom,
              !PageScheduler.drawsVectors(cairo)
        else {
            stroke()
            cairo_restore(cairo)
            return
        }
        let bands = [(outer.left, outer.top, outer.right, inner.top), (outer.left, inner.bottom, outer.right, outer.bottom),
                     (outer.left, inner.top, inner.left, inner.bottom), (inner.right, inner.top, outer.right, inner.bottom)]
        for (left, top, right, bottom) in bands where right > left && bottom > top {
            cairo_save(cairo)
            cairo_identity_matrix(cairo)
            cairo_rectangle(cairo, left, top, right - left, bottom - top)
            cairo_clip(cairo)
            cairo_set_matrix(cairo, &matrix)
            stroke()
            cairo_restore(cairo)
        }
        cairo_restore(cairo)
    }

    /// Below this fraction of its size a preview is drawn averaged (cairo's GOOD filter), at or
    /// above it bilinear: where bilinear's four samples per pixel still meet every pixel of the
    /// preview.
    static let averagedShrinkFactor = 0.5

    /// The colour of a page whose pixels have not arrived: the page colour 10 % of the way
    /// to the text's, visibly not paper, and never blank white.
    public static func placeholderColour(_ palette: Palette) -> (red: Double, green: Double, blue: Double) {
        let page = palette.page, text = palette.text
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * 0.1 }
        return (mix(page.red, text.red), mix(page.green, text.green), mix(page.blue, text.blue))
    }

    /// One line of text in the middle of the page, in plain text (never pango markup).
    private func drawNotice(_ text: String, in rect: ContentRect, layout: some PageGeometry, on cairo: OpaquePointer) {
        let centreY = rect.y + min(rect.height, layout.viewportHeight) / 2
        // A scrolling frame draws strips of a page: pango lays the line out only for the
        // strips it shows in (a line of 13 pt text is under 40 px tall; a wrapped notice
        // under 120 px).
        var left = 0.0, top = 0.0, right = 0.0, bottom = 0.0
        cairo_clip_extents(cairo, &left, &top, &right, &bottom)
        guard top < centreY + PageScheduler.noticeReachPixels, bottom > centreY - PageScheduler.noticeReachPixels else { return }
        CentredNotice.draw(text, left: rect.x, width: rect.width, inset: 16, centreY: centreY, palette: layout.palette, on: cairo)
    }

    /// What a document's page that cannot be shown says, for `reason`.
    public static func notice(ofPage page: Int, reason: String) -> String {
        localized("⚠ Page %1$s cannot be shown: %2$s", LocalizedNumber.string(page + 1), reason)
    }

    /// How far above and below its centre a page's notice may reach, in logical px.
    public static let noticeReachPixels = 120.0
}
