import CCairo
import DocumentKit
import ImageDecoding
import Localization
import Machinery
import PageKit
import TextKind

/// A fixed-layout book's pages side by side, one a viewport, each page the shape its spine
/// document declares (`EPUBViewport`), fitted whole and centred above the page control's band,
/// as a PDF's pages and an image collection's are: PageKit's `PageFrames` places them, two
/// side by side in spreads too.
///
/// A page's document is read on a worker (its viewport meta, then its blocks) and shows a
/// placeholder with its number until then. A page that is one picture draws that image over
/// the page, from the image decoders (`ImageStore`); a page with text is laid out as a text
/// column at its viewport's width, at most one page's layout a frame, and drawn scaled to the
/// page; the reading tools find, select, copy and follow links in that column (`FixedLayoutText`).
final class FixedLayoutPagesLayout: ContentLayout {
    let book: FixedLayoutBook
    let images: ImageStore
    var palette: Palette {
        didSet {
            guard palette != oldValue else { return }
            for layout in textLayouts.values { layout.palette = palette }
            // A page's pictures are its pixels: night pages invert them where they are decoded.
            images.invertsLightness = palette.nightPages
            changeLog.record(.everything)
        }
    }

    /// Room kept clear at the bottom of every page, in logical px: the page control's band.
    var pageBottomInsetPixels: Double {
        get { frames.bottomInsetPixels }
        set {
            guard newValue != frames.bottomInsetPixels else { return }
            frames.bottomInsetPixels = newValue
            changeLog.record(.everything)
        }
    }

    /// Where each page goes, a picture's way: fitted whole, a page or a spread a viewport.
    var frames = PageFrames(isPaged: true, style: .picture)
    var viewportWidth: Double { frames.viewportWidth }
    var viewportHeight: Double { frames.viewportHeight }
    var changeLog = ChangeLog()
    /// The page in the middle of the view when last prepared: the reading position.
    var anchorPage = 0
    /// The pages read so far, by index.
    private(set) var pages: [Int: FixedLayoutPage] = [:]
    /// The pages whose read was last asked of the worker.
    private var requestedPages: [Int] = []
    /// The text pages near the view, laid out at their viewport's size, and the revision of
    /// each that was last drawn.
    private(set) var textLayouts: [Int: DocumentLayout] = [:]
    private var drawnRevisions: [Int: Int] = [:]
    private(set) var hasPendingLayout = false
    /// What the last `prepare` was given: the pages on screen, whose text the reading tools
    /// show (`FixedLayoutText`).
    private(set) var lastVisible: ContentRect?
    /// The pages' text for the reading tools.
    private(set) lazy var text = FixedLayoutText(pages: self)
    /// The size of the last page read that declared one: what a page not read yet is taken to
    /// be (the pages of a book are almost always of one size).
    private var lastDeclaredViewport: EPUBViewport?
    private let reference = LoopThreadReference<FixedLayoutPagesLayout>()
    /// The worker's group for this layout's reads, so those no longer near are dropped.
    private let workGroup: Int

    /// A page whose size is not known yet is 2:3, the shape of most printed books and comics.
    static let placeholderViewport = EPUBViewport(widthPixels: 1000, heightPixels: 1500)

    init(book: FixedLayoutBook, palette: Palette, images: ImageStore) {
        self.book = book
        self.palette = palette
        self.images = images
        images.invertsLightness = palette.nightPages
        workGroup = Int(bitPattern: UInt(bitPattern: ObjectIdentifier(reference).hashValue))
        reference.object = self
        images.observeChanges { [weak self] _ in self?.changeLog.record(.everything) }
        frames.relayOut(pageCount: book.package.spine.count, size: pointSize)
    }

    deinit {
        WorkQueue.shared.cancelPending(inGroup: workGroup)
    }

    var pageCount: Int { book.package.spine.count }

    var revision: Int { changeLog.revision }

    func changes(since revision: Int) -> ContentChange { changeLog.changes(since: revision) }

    var contentSize: ContentSize { frames.contentSize }

    func setViewportSize(width: Double, height: Double) {
        if frames.setViewport(width: width, height: height, size: pointSize) { changeLog.record(.everything) }
    }

    var anchorOffset: ContentPoint { frames.offset(ofPage: anchorPage, fraction: 0, size: pointSize(anchorPage)) }

    var readingAnchor: ReadingAnchor {
        get { ReadingAnchor(section: anchorPage, block: 0, fraction: 0) }
        set { if (0..<pageCount).contains(newValue.section) { anchorPage = newValue.section } }
    }

    /// The size page `page` is drawn at, in CSS px: its own, else the package's, else that
    /// of the last page read, else 2:3.
    func viewport(ofPage page: Int) -> EPUBViewport {
        pages[page]?.viewport ?? book.package.viewport ?? lastDeclaredViewport ?? FixedLayoutPagesLayout.placeholderViewport
    }

    /// Page `page`'s size as `PageFrames` places it: its viewport's, in CSS px.
    func pointSize(_ page: Int) -> PagePointSize {
        let size = viewport(ofPage: page)
        return (size.widthPixels, size.heightPixels)
    }

    /// Where page `page` is drawn in the content: its viewport's shape fitted whole and centred
    /// in its span (or its half of a spread), above the bottom inset.
    func frame(ofPage page: Int) -> ContentRect { frames.pageRect(page, size: pointSize(page)) }

    /// Asks for the pages in view and one either side: their documents read on the worker,
    /// their images decoded at the scale they are drawn, and one text page laid out a frame.
    /// Nothing moves: the correction is always 0.
    func prepare(_ visible: ContentRect, margin: Double, drawScale: Double) -> ContentPoint {
        guard viewportWidth > 0, viewportHeight > 0, pageCount > 0 else { return .zero }
        anchorPage = page(nearestCentreOf: visible)
        lastVisible = visible
        let near = pages(in: visible.x - viewportWidth, visible.maxX + viewportWidth)
        requestReads(of: near.filter { pages[$0] == nil })
        textLayouts = textLayouts.filter { near.contains($0.key) }
        var laidOutOne = false
        hasPendingLayout = false
        for index in near {
            guard let page = pages[index] else { continue }
            let box = pageBox(index)
            if let source = page.fillingImage {
                if case .image(let image) = images.image(atPath: source), drawScale > 0 {
                    let fitted = FixedLayoutPagesLayout.fitted(image.naturalSize, in: box.uprightFrame)
                    image.noteShown(width: fitted.width, height: fitted.height, drawScale: drawScale)
                }
                continue
            }
            let size = viewport(ofPage: index)
            if textLayouts[index] == nil {
                // One page's layout a frame: the next frame lays out the next.
                guard !laidOutOne else {
                    hasPendingLayout = true
                    continue
                }
                laidOutOne = true
                let layout = DocumentLayout(document: TextDocument(blocks: page.blocks, title: book.title), palette: palette,
                                            images: images)
                layout.setViewportSize(width: size.widthPixels, height: size.heightPixels)
                textLayouts[index] = layout
            }
            guard let layout = textLayouts[index] else { continue }
            _ = layout.prepare(ContentRect(x: 0, y: 0, width: size.widthPixels, height: size.heightPixels), margin: 0,
                               drawScale: drawScale * box.scale)
            if layout.hasPendingLayout { hasPendingLayout = true }
            if drawnRevisions[index] != layout.revision {
                drawnRevisions[index] = layout.revision
                changeLog.record(.everything)
            }
        }
        return .zero
    }

    /// Reads `wanted` on the worker, most wanted first, dropping reads asked for before that
    /// have not started.
    private func requestReads(of wanted: [Int]) {
        guard wanted != requestedPages else { return }
        requestedPages = wanted
        let chapters = book.chapters, package = book.package, reference = reference
        _ = WorkQueue.shared.replacePending(inGroup: workGroup, with: wanted.map { index in
            { ticket in
                guard !ticket.isCancelled else { return }
                let page = FixedLayoutPage.read(index, of: chapters, package: package)
                MainThreadMailbox.shared.post { reference.object?.receive(page, ofPage: index) }
            }
        })
    }

    /// A page's document, read.
    private func receive(_ page: FixedLayoutPage, ofPage index: Int) {
        pages[index] = page
        requestedPages.removeAll { $0 == index }
        if let declared = page.viewport { lastDeclaredViewport = declared }
        // The pages not read yet take this one's shape: all of them are placed again (a
        // book's spine is a few hundred pages at most).
        frames.relayOut(pageCount: pageCount, size: pointSize)
        changeLog.record(.everything)
    }

    func draw(_ rect: ContentRect, on cairo: OpaquePointer) {
        draw(rect, numberingPlaceholders: true, on: cairo)
    }

    /// Draws the pages that meet `rect`; a page not read yet is a placeholder, with its number
    /// when `numberingPlaceholders` (the overview numbers its cells itself). A page is drawn
    /// upright in its own coordinates and turned into its frame (`PageBox`); a placeholder
    /// and a notice stand upright in the frame.
    func draw(_ rect: ContentRect, numberingPlaceholders: Bool, on cairo: OpaquePointer) {
        guard viewportWidth > 0, viewportHeight > 0, pageCount > 0 else { return }
        for index in pages(in: rect.x, rect.maxX) {
            let box = pageBox(index)
            guard let page = pages[index] else {
                drawPlaceholder(ofPage: index, in: box.rect, numbered: numberingPlaceholders, on: cairo)
                continue
            }
            if let source = page.fillingImage {
                switch images.loadedImage(atPath: source) {
                case .image(let image):
                    drawTurned(box, on: cairo) { upright in
                        let fitted = FixedLayoutPagesLayout.fitted(image.naturalSize, in: upright)
                        image.draw(x: fitted.x, y: fitted.y, width: fitted.width, height: fitted.height, on: cairo)
                    }
                case .failure(let reason):
                    let frame = box.rect
                    CentredNotice.draw(localized("⚠ '%1$s' cannot be shown:\n%2$s", source, reason), left: frame.x,
                                       width: frame.width, inset: 24, centreY: frame.y + frame.height / 2, palette: palette, on: cairo)
                case .pending, nil:
                    drawPlaceholder(ofPage: index, in: box.rect, numbered: numberingPlaceholders, on: cairo)
                }
            } else if let layout = textLayouts[index] {
                let size = viewport(ofPage: index)
                drawTurned(box, on: cairo) { upright in
                    cairo_rectangle(cairo, 0, 0, upright.width, upright.height)
                    cairo_clip(cairo)
                    fill(upright, with: palette.page, on: cairo)
                    cairo_scale(cairo, box.scale, box.scale)
                    layout.draw(ContentRect(x: 0, y: 0, width: size.widthPixels, height: size.heightPixels), on: cairo)
                }
            } else {
                drawPlaceholder(ofPage: index, in: box.rect, numbered: numberingPlaceholders, on: cairo)
            }
        }
    }

    /// Runs `draw` with cairo in the upright page's coordinates (content px from its
    /// top-left, unturned), given the upright page's rectangle there.
    private func drawTurned(_ box: PageBox, on cairo: OpaquePointer, _ draw: (ContentRect) -> Void) {
        cairo_save(cairo)
        box.turnToUpright(cairo)
        draw(box.uprightFrame)
        cairo_restore(cairo)
    }

    /// The page's shape, tinted, with its number when `numbered`: never a blank page while it
    /// is read.
    private func drawPlaceholder(ofPage page: Int, in frame: ContentRect, numbered: Bool, on cairo: OpaquePointer) {
        fill(frame, with: palette.codeBackground, on: cairo)
        guard numbered else { return }
        CentredNotice.draw("\(page + 1)", left: frame.x, width: frame.width, inset: 0, centreY: frame.y + frame.height / 2,
                           palette: palette, on: cairo)
    }

    private func fill(_ rect: ContentRect, with color: Palette.Color, on cairo: OpaquePointer) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
        cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cairo)
    }

    /// An image of `size` fitted whole in `frame`, centred.
    static func fitted(_ size: ImageSize, in frame: ContentRect) -> ContentRect {
        let scale = min(frame.width / Double(max(size.width, 1)), frame.height / Double(max(size.height, 1)))
        let width = Double(size.width) * scale, height = Double(size.height) * scale
        return ContentRect(x: frame.x + (frame.width - width) / 2, y: frame.y + (frame.height - height) / 2,
                           width: width, height: height)
    }

    /// The page at `point`: the one whose frame holds it, else the first of the spread there
    /// (clamped to the pages there are).
    func page(at point: ContentPoint) -> Int {
        let shown = frames.pages(meeting: ContentRect(x: point.x, y: 0, width: 0.001, height: 1))
        return shown.first { frame(ofPage: $0).contains(point) } ?? shown.lowerBound
    }

    /// The page at the middle of `visible`, the reading position: in a spread shown whole
    /// (unzoomed) its first page in reading order, else the page under the middle.
    func page(nearestCentreOf visible: ContentRect) -> Int {
        let centre = ContentPoint(x: visible.x + visible.width / 2, y: visible.y + visible.height / 2)
        guard visible.width < viewportWidth - 1 else {
            return frames.pages(meeting: ContentRect(x: centre.x, y: 0, width: 0.001, height: 1)).lowerBound
        }
        return page(at: centre)
    }

    /// The pages that meet the span from `left` to `right`, first to last.
    func pages(in left: Double, _ right: Double) -> [Int] {
        guard pageCount > 0, viewportWidth > 0 else { return [] }
        return Array(frames.pages(meeting: ContentRect(x: left, y: 0, width: max(right - left, 0.001), height: 1)))
    }
}
