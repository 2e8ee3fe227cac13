import CCairo
import CPangoCairo
import DocumentKit
import ImageDecoding
import Machinery

/// A text document laid out lazily in a column: sections near the viewport are shaped with
/// pango, the rest have heights estimated from their size in bytes, corrected as they are laid
/// out. A correction above the reading position is absorbed by the estimate of a section
/// further up, so what is on screen never jumps; the reading position is a block, not a
/// pixel offset, and survives reflow.
public final class DocumentLayout: ContentLayout {
    public private(set) var document: TextDocument
    /// The typography at the default text size.
    public let typography: Typography
    /// The typography the text is set in: `typography` at `textScale`.
    private(set) var textTypography: Typography
    public let images: ImageStore
    public var palette: Palette {
        didSet {
            guard palette != oldValue else { return }
            // Link and code colours are pango attributes: shape again.
            sections.removeAll()
            sectionShapes?.reset()
            changeLog.record(.everything)
        }
    }

    /// Whether the text is cut into pages of the viewport's height, never cutting a line.
    public var isPaginated = false {
        didSet { if isPaginated != oldValue { reflow() } }
    }

    /// Room kept clear at the bottom of every page in paging mode, in logical px: the band a
    /// page control needs, so at rest it covers no text.
    public var pageBottomInsetPixels = 0.0 {
        didSet { if pageBottomInsetPixels != oldValue, isPaginated { reflow() } }
    }

    /// The text's size as a multiple of the default (text zoom), within `textScaleRange`.
    public private(set) var textScale = 1.0

    /// The text sizes a reader may choose: from half the default (8.5 px body text) to three
    /// times it (51 px), about the largest accessibility text size of iOS (AX5 body, 53 pt
    /// against 17 pt). Larger would put a handful of words on a line.
    public static let textScaleRange = 0.5...3.0

    /// The viewport's size in logical px.
    public private(set) var viewportWidth = 0.0
    public private(set) var viewportHeight = 0.0
    /// The section at the bottom of the viewport when it was last prepared.
    public private(set) var lastVisibleSection = 0

    /// Which `<details>` disclosures are open (closed at first unless marked `open`); see
    /// `DocumentLayout+Disclosures`.
    var disclosureState = DisclosureState()
    /// Counts the times a disclosure opened or closed (the accessible tree reads again).
    private(set) var disclosureRevision = 0

    /// How many sections pango has laid out since the layout was made, for tests of laziness.
    public private(set) var sectionsLaidOutCount = 0

    /// Sections that come out empty (no blocks) laid out by one `prepare`, at most this many.
    /// Sections with text stop the layout once they fill the margin, but an empty section
    /// takes no room, so a flood of what shows nothing (a run of combining marks, of blank
    /// lines) would have every one of its sections laid out by one frame: 4,880 for 40 MB of
    /// U+0301, 111 ms (glide-bench in release, issue 28). An empty section costs 30 µs (marks)
    /// to 1.3 ms (blank lines), measured the same way, so 8 keep a prepare near 10 ms at
    /// worst; the rest follow on the next frames (`hasPendingLayout`), blank until then.
    static let emptySectionsPerPrepare = 8

    /// Whether the last `prepare` stopped at `emptySectionsPerPrepare` before it reached its
    /// margin: another frame should prepare again.
    public private(set) var hasPendingLayout = false

    /// Sections with text outside the viewport shaped by one `prepare`, at most this many: the
    /// margin fills a section a frame, so a fling that brings several into the margin at once
    /// (or a jump, or a new width) never lays them all out in one frame. Sections in the
    /// viewport are always shaped: they are what the frame shows. One 8 KB section takes pango
    /// 4–9 ms (a book's chapter, measured for issue 24), so one keeps a frame in its budget.
    /// A book's margin is shaped on the chapters' worker instead (`SectionShapes`), and its
    /// frames shape none of it.
    static let marginSectionsPerPrepare = 1

    /// Shaped sections kept for drawing, at most this many (about 70 screens at 8 KB each);
    /// others keep only their height and are shaped again when they come back into view.
    static let shapedSectionCapacity = 12

    private let context: OpaquePointer
    private var heights = HeightIndex([])
    private var isExact: [Bool] = []
    private var sections: [Int: (layout: SectionLayout, lastUse: Int)] = [:]
    private var useCount = 0
    /// `useCount` when the running (or last) `prepare` began: sections used since are in its
    /// viewport or margin.
    private var useCountBeforePrepare = 0
    private var changeLog = ChangeLog()
    private(set) var column = ColumnGeometry(left: 0, width: 0, pageHeight: nil, pageMargin: 0, pageBottomMargin: 0)
    /// The reading position: a block and how far into it (0…1) the viewport's top is.
    private var anchor = ReadingAnchor.top
    /// For each section laid out since the last reflow, where each of its blocks' text starts
    /// (logical px from the section's top): kept after the shaped section is evicted, so a
    /// block's page stays exact (see `page(of:)`). A double per block.
    private(set) var blockTextTops: [Int: [Double]] = [:]
    /// A book's chapters being read for this layout, on a worker (nil for text of a file).
    private(set) var chapterReads: ChapterReads?
    /// A book's sections of the margin being shaped for this layout, on the same worker (nil
    /// for text of a file, whose margin the loop shapes a section a frame).
    private(set) var sectionShapes: SectionShapes?
    /// The sections of the margin the last `prepare` wants shaped on the worker, nearest first.
    private var wantedShapes: [Int] = []
    /// How many `findAnchor` answers have not been delivered yet: a link's place being found,
    /// or its chapter read, off the loop (for tests, which wait for it).
    public internal(set) var anchorsBeingFound = 0
    /// Sections whose chapter was not read when they were to be laid out: drawn as
    /// placeholders until it arrives.
    private(set) var waitingSections: Set<Int> = []
    /// The chapters sections wanted since the last `prepare` asked for them, most wanted first.
    private var wantedChapters: [Int] = []

    public init(document: TextDocument, typography: Typography = Typography(), palette: Palette = .light,
                images: ImageStore = ImageStore()) {
        self.document = document
        self.typography = typography
        textTypography = typography
        self.palette = palette
        self.images = images
        context = pango_font_map_create_context(pango_cairo_font_map_get_default())
        // Unhinted metrics keep the layout the same at every scale, so text does not reflow
        // when the window moves to a HiDPI output; glyphs are still rendered for the device.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        images.observeChanges { [weak self] path in self?.imageChanged(atPath: path) }
        startChapterReads()
    }

    /// Reads the document's chapters, if it has any, on a worker from now on.
    private func startChapterReads() {
        chapterReads = document.chapters.map(ChapterReads.init(chapters:))
        chapterReads?.arrived = { [weak self] chapter in self?.chapterArrived(chapter) }
        sectionShapes = chapterReads == nil ? nil : SectionShapes()
        waitingSections.removeAll()
        wantedChapters.removeAll()
    }

    /// Redraws the sections that wait for `chapter`, which is read: the next `prepare` lays
    /// them out (the app asks for a frame after every delivery).
    private func chapterArrived(_ chapter: Int) {
        let arrived = waitingSections.filter { document.chapter(ofSection: $0) == chapter && $0 < heights.count }
        guard let first = arrived.min(), let last = arrived.max() else { return }
        waitingSections.subtract(arrived)
        changeLog.record(.band(top(ofSection: first)...(top(ofSection: last) + heights[last])))
    }

    /// Delivers the mailbox's results on the calling thread until no chapter this layout asked
    /// for is still being read, or `timeoutSeconds` pass: for programs that draw once (tests,
    /// benchmarks, pictures), which then prepare again. Never for the frame loop.
    public func waitForChapterReads(timeoutSeconds: Double = 30) {
        MainThreadMailbox.shared.deliver(while: { isReadingContent }, timeoutSeconds: timeoutSeconds)
    }

    /// Whether a chapter this layout wants is still being read.
    public var isReadingChapters: Bool { chapterReads?.isReading ?? false }

    /// Whether a section of the margin this layout wants is still being shaped on the worker.
    public var isShapingSections: Bool { sectionShapes?.isShaping ?? false }

    /// How many sections were shaped on the chapters' worker and taken in (for tests).
    public var sectionsShapedOffLoopCount: Int { sectionShapes?.takenCount ?? 0 }

    public var isReadingContent: Bool { isReadingChapters || isShapingSections }

    /// Shapes again the sections that show the image at `path`, which is now decoded, sized
    /// or failed (their height may change), and redraws them.
    private func imageChanged(atPath path: String) {
        let directory = document.baseDirectory
        func shows(_ source: String) -> Bool { BlockShaper.imagePath(of: source, in: directory, readingFrom: images) == path }
        for (index, entry) in sections where entry.layout.blocks.contains(where: { placed in
            if case .image(let source, let darkSource) = placed.block.kind { return shows(source) || darkSource.map(shows) == true }
            return placed.block.styles.contains { style in
                if case .inlineImage(let source) = style.kind { return shows(source) }
                return false
            }
        }) {
            sections[index] = nil
            isExact[index] = false
            changeLog.record(.band(top(ofSection: index)...Double.infinity))
        }
    }

    deinit {
        sections.removeAll()
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    public var revision: Int { changeLog.revision }

    public func changes(since revision: Int) -> ContentChange { changeLog.changes(since: revision) }

    /// Space above the first section and below the last, none in paging mode (pages have
    /// their own margins).
    private var outerMargin: Double { isPaginated ? 0 : typography.pageMarginPixels }

    public var contentSize: ContentSize {
        ContentSize(width: viewportWidth, height: (heights.total + 2 * outerMargin).rounded(.up))
    }

    /// The number of pages in paging mode: the content's height in viewport heights.
    public var pageCount: Int {
        guard isPaginated, viewportHeight > 0 else { return 1 }
        return max(1, Int((heights.total / viewportHeight).rounded()))
    }

    /// The y where `section` starts, in content coordinates.
    func top(ofSection section: Int) -> Double { outerMargin + heights.offset(of: section) }

    /// The height of `section` in logical px, exact or estimated.
    func height(ofSection section: Int) -> Double { heights[section] }

    public func setViewportSize(width: Double, height: Double) {
        let widthChanged = width != viewportWidth
        let heightChanged = height != viewportHeight
        viewportWidth = width
        viewportHeight = height
        if widthChanged || (isPaginated && heightChanged) { reflow() }
    }

    public var readingAnchor: ReadingAnchor {
        get { anchor }
        set {
            // A saved anchor may point past the end of a document that has since shrunk.
            guard newValue.fraction.isFinite, newValue.section >= 0, newValue.block >= 0,
                  newValue.section < max(document.sectionCount, 1) else { return }
            anchor = newValue
            if heights.count > anchor.section { layOut(anchor.section, keeping: .top) }
        }
    }

    public var anchorOffset: ContentPoint {
        guard anchor.section < heights.count, let section = sections[anchor.section]?.layout,
              anchor.block < section.blocks.count else {
            // A section not laid out yet (its chapter still being read): its top, or the very
            // top for a place above the first block.
            return ContentPoint(x: 0, y: anchor.fraction < 0 && anchor.section == 0 ? 0 : top(ofSection: anchor.section))
        }
        let block = section.blocks[anchor.block]
        let local = block.top + anchor.fraction * block.height
        guard isPaginated, viewportHeight > 0 else {
            return ContentPoint(x: 0, y: max(0, top(ofSection: anchor.section) + local).rounded())
        }
        // The page that shows the text there, not the gap of a page break before it.
        let y = top(ofSection: anchor.section) + block.lineTop(atOrBelow: max(local, 0))
        return ContentPoint(x: 0, y: (y / viewportHeight).rounded(.down) * viewportHeight)
    }

    /// Sets the text to `scale` times its default size (clamped to `textScaleRange`) and
    /// re-wraps it to the viewport, laying out only the section with the reading position
    /// and the one at `y` now (the rest lazily, as for a new width). Returns the content y
    /// where the text that was at content y `y` is now, so the app can keep it where it was
    /// on screen (under the fingers, or at the top).
    @discardableResult
    public func setTextScale(_ scale: Double, keepingTextAt y: Double) -> Double {
        let scale = min(max(scale, DocumentLayout.textScaleRange.lowerBound), DocumentLayout.textScaleRange.upperBound)
        guard scale != textScale else { return y }
        guard heights.count > 0 else {
            // Not laid out yet (a size remembered from last time): the first layout uses it.
            textScale = scale
            textTypography = typography.scaled(by: scale)
            return y
        }
        layOut(section(at: y), keeping: .top)
        let kept = anchor(at: y)
        textScale = scale
        textTypography = typography.scaled(by: scale)
        reflow()
        return kept.map(offset(of:)) ?? y
    }

    /// Opens (`isOpen`) or closes the disclosures `keys` and estimates again the sections
    /// that hold them, laying out now only the section with the text at content y `y`, whose
    /// top stays (the rest lazily, as after a reflow). Returns the content y where the text
    /// that was at `y` is now.
    func setDisclosures(_ keys: [DisclosureKey], isOpen: Bool, keepingTextAt y: Double) -> Double {
        guard heights.count > 0 else {
            for key in keys { _ = disclosureState.set(key, isOpen: isOpen) }
            return y
        }
        layOut(section(at: y), keeping: .top)
        let kept = anchor(at: y)
        var changed: ClosedRange<Int>?
        for key in keys where disclosureState.set(key, isOpen: isOpen) {
            guard let range = document.sections(ofDisclosure: key)?.clamped(to: 0...(heights.count - 1)) else { continue }
            changed = changed.map { min($0.lowerBound, range.lowerBound)...max($0.upperBound, range.upperBound) } ?? range
        }
        guard let changed else { return y }
        disclosureRevision += 1
        let oldTop = top(ofSection: changed.lowerBound)
        sectionShapes?.reset()
        for index in changed {
            sections[index] = nil
            blockTextTops[index] = nil
            isExact[index] = false
            heights.set(index, to: estimatedHeight(ofSection: index))
        }
        changeLog.record(.band(min(oldTop, top(ofSection: changed.lowerBound))...Double.infinity))
        return kept.map(offset(of:)) ?? y
    }

    /// Shows `newDocument`, the same file read again after it changed, in place of the
    /// document: the reading position stays at the same block, or the nearest one that still
    /// exists (the last, when the file became shorter than the position). Everything is laid
    /// out again, near the reading position first.
    func showReloaded(_ newDocument: TextDocument) {
        document = newDocument
        startChapterReads()
        let count = max(newDocument.sectionCount, 1)
        if anchor.section >= count { anchor = ReadingAnchor(section: count - 1, block: .max, fraction: 1) }
        reflow()
        if let section = sections[anchor.section]?.layout, anchor.block >= section.blocks.count {
            anchor = section.blocks.isEmpty ? .top : ReadingAnchor(section: anchor.section, block: section.blocks.count - 1, fraction: 1)
        }
    }

    /// Estimates every section again for the current width and page height, then lays out
    /// the one with the reading position so `anchorOffset` is exact.
    private func reflow() {
        let measure = textTypography.measure(forWindowWidth: viewportWidth)
        column = ColumnGeometry(left: ((viewportWidth - measure) / 2).rounded(), width: measure,
                                pageHeight: isPaginated && viewportHeight > 0 ? viewportHeight : nil,
                                pageMargin: typography.pageMarginPixels,
                                pageBottomMargin: max(typography.pageMarginPixels, pageBottomInsetPixels),
                                roomAcross: TableRoom.across(windowWidth: viewportWidth, typography: textTypography),
                                viewportHeight: viewportHeight > 0 ? viewportHeight : nil)
        sections.removeAll()
        sectionShapes?.reset()
        blockTextTops.removeAll()
        waitingSections.removeAll()
        let count = document.sectionCount
        heights = HeightIndex((0..<count).map { estimatedHeight(ofSection: $0) })
        isExact = Array(repeating: false, count: count)
        changeLog.record(.everything)
        if anchor.section < count { layOut(anchor.section, keeping: .top) }
    }

    private func estimatedHeight(ofSection section: Int) -> Double {
        let bytes = document.shownByteCount(ofSection: section, state: disclosureState)
        guard bytes > 0 else { return 0 }
        let estimate = textTypography.estimatedHeight(ofBytes: bytes, measure: column.width)
        guard let pageHeight = column.pageHeight else { return estimate }
        let pageText = column.pageTextHeight ?? pageHeight
        return max(1, (estimate / max(pageText, 1)).rounded(.up)) * pageHeight
    }

    public func prepare(_ visible: ContentRect, margin: Double, drawScale: Double) -> ContentPoint {
        guard heights.count > 0 else { return .zero }
        defer { noteShownImages(within: visible.y - margin...visible.maxY + margin, drawScale: drawScale) }
        useCountBeforePrepare = useCount
        var correction = 0.0
        var emptySectionsLeft = DocumentLayout.emptySectionsPerPrepare
        var marginSectionsLeft = DocumentLayout.marginSectionsPerPrepare
        /// Lays out `index` unless it is a new section of the margin past the budget (false),
        /// counting it against the budgets when it is shaped now. What a `.bottom` layout
        /// could not absorb moves the view (`correction`).
        func layOutCounted(_ index: Int, keeping edge: FixedEdge, isVisible: Bool) -> Bool {
            let isNew = sections[index] == nil
            if isNew, !isVisible, let sectionShapes, !sectionShapes.hasArrival(index), document.isReady(section: index) {
                // A book's margin: the worker shapes it, and a later frame takes it in.
                wantedShapes.append(index)
                return true
            }
            if isNew, !isVisible, marginSectionsLeft <= 0 { return false }
            let moved = layOut(index, keeping: edge)
            if edge == .bottom { correction += moved }
            guard isNew, let shaped = sections[index]?.layout else { return true }
            if !shaped.hasShownBlock { emptySectionsLeft -= 1 } else if !isVisible { marginSectionsLeft -= 1 }
            return true
        }
        let first = section(at: visible.y)
        // A section at the top whose chapter arrives while the one below it shows text keeps
        // its bottom: the reader is looking at that text (a link's note, say), which must not
        // move by the difference between the section's estimate and its height.
        let isAboveText = waitingSections.contains(first) && first + 1 < heights.count && sections[first + 1] != nil
            && top(ofSection: first + 1) < visible.maxY
        _ = layOutCounted(first, keeping: isAboveText ? .bottom : .top, isVisible: true)
        var index = first + 1
        var isCut = false
        while index < heights.count, top(ofSection: index) < visible.maxY + correction + margin {
            guard emptySectionsLeft > 0,
                  layOutCounted(index, keeping: .top, isVisible: top(ofSection: index) < visible.maxY + correction) else {
                isCut = true
                break
            }
            index += 1
        }
        let readAhead = index
        index = first - 1
        while index >= 0, top(ofSection: index + 1) > visible.y - margin + correction {
            guard emptySectionsLeft > 0, layOutCounted(index, keeping: .bottom, isVisible: false) else {
                isCut = true
                break
            }
            index -= 1
        }
        hasPendingLayout = isCut
        noteAnchor(at: visible.y + correction)
        lastVisibleSection = section(at: max(visible.y, visible.maxY - 1) + correction)
        askForChapters(readingAhead: readAhead)
        askForShapes(keeping: max(index, 0)...max(readAhead, first))
        return ContentPoint(x: 0, y: correction)
    }

    /// Asks the worker to shape the sections of the margin this `prepare` wanted, and lets go
    /// of those it shaped that are no longer within `kept`.
    private func askForShapes(keeping kept: ClosedRange<Int>) {
        guard let sectionShapes else { return }
        sectionShapes.dropArrivals(outside: kept)
        let images = BlockImages.store(images, baseDirectory: document.baseDirectory)
        sectionShapes.want(wantedShapes) { index in
            guard let blocks = document.readyBlocks(inSection: index) else { return nil }
            return SectionShapes.Request(
                section: index, blocks: blocks, isFirstSection: index == 0, typography: textTypography, palette: palette,
                column: column,
                disclosures: SectionDisclosures(state: disclosureState, scope: document.disclosureScope(ofSection: index)),
                images: BlockImages.snapshot(of: blocks, from: images))
        }
        wantedShapes.removeAll()
    }

    /// Asks the worker for the chapters sections wanted, then for the one after the margin's
    /// last section when it is not read (the chapter a fling reaches next).
    private func askForChapters(readingAhead section: Int) {
        guard let chapterReads, let chapters = document.chapters else { return }
        if section < heights.count {
            let chapter = chapters.chapter(ofSection: section)
            if !chapters.isRead(chapter: chapter), !wantedChapters.contains(chapter) { wantedChapters.append(chapter) }
        }
        chapterReads.want(wantedChapters)
        wantedChapters.removeAll()
    }

    /// Tells the images of the shaped blocks in `band` the size they are drawn at, so one far
    /// from its decoded size is decoded again for it.
    private func noteShownImages(within band: ClosedRange<Double>, drawScale: Double) {
        guard drawScale > 0 else { return }
        var index = section(at: band.lowerBound)
        while index < heights.count, top(ofSection: index) <= band.upperBound {
            guard let layout = sections[index]?.layout else {
                index += 1
                continue
            }
            for blockIndex in layout.imageBlockIndices {
                let placed = layout.blocks[blockIndex]
                if case .image(let image, let width, let height) = placed.layout.content {
                    image.noteShown(width: width, height: height, drawScale: drawScale)
                }
                for inline in placed.layout.inlineImages {
                    inline.image.noteShown(width: inline.width, height: inline.height, drawScale: drawScale)
                }
            }
            index += 1
        }
    }

    /// The section that holds content coordinate `y`.
    func section(at y: Double) -> Int {
        heights.index(containing: max(0, y - outerMargin))
    }

    private func noteAnchor(at viewportTop: Double) {
        // A page's reading position is its first line, below the page's top margin: the page
        // top itself lies in the last block of the page before.
        let y = isPaginated ? column.pageTextTop(at: viewportTop + 0.5) : viewportTop
        if let noted = anchor(at: y) { anchor = noted }
    }

    /// The block at content y `y` and how far into it `y` is, if its section is laid out.
    private func anchor(at y: Double) -> ReadingAnchor? {
        let index = section(at: y)
        guard let section = sections[index]?.layout else { return nil }
        let local = y - top(ofSection: index)
        let block = section.shownBlockIndex(at: local) ?? 0
        // Below 0 only above the first block (the page margin), so the top of the document
        // stays the top, margin included.
        let fraction = !section.hasShownBlock ? 0
            : min((local - section.blocks[block].top) / max(section.blocks[block].height, 1), 1)
        return ReadingAnchor(section: index, block: block, fraction: fraction)
    }

    /// The content y of `anchor` (laying out its section): unrounded, not paged.
    private func offset(of anchor: ReadingAnchor) -> Double {
        guard anchor.section < heights.count else { return 0 }
        layOut(anchor.section, keeping: .top)
        guard let section = sections[anchor.section]?.layout, anchor.block < section.blocks.count else {
            return top(ofSection: anchor.section)
        }
        let block = section.blocks[anchor.block]
        return top(ofSection: anchor.section) + block.top + anchor.fraction * block.height
    }

    enum FixedEdge {
        /// The section's top stays; what follows moves with its change of height.
        case top
        /// The section's bottom stays: the change goes to estimates above.
        case bottom
    }

    /// Shapes `index` if it is not shaped. Returns how far the content below it moved down
    /// because the change could not be absorbed above (only with `.bottom`).
    @discardableResult
    func layOut(_ index: Int, keeping edge: FixedEdge) -> Double {
        useCount += 1
        if sections[index] != nil {
            sections[index]?.lastUse = useCount
            return 0
        }
        let layout: SectionLayout
        if let arrived = shapedOnWorker(index) {
            layout = arrived
        } else {
            guard let blocks = document.readyBlocks(inSection: index) else {
                waitingSections.insert(index)
                if let chapter = document.chapter(ofSection: index), !wantedChapters.contains(chapter) {
                    wantedChapters.append(chapter)
                }
                return 0
            }
            let shaper = BlockShaper(context: context, typography: textTypography, palette: palette, images: images,
                                     baseDirectory: document.baseDirectory)
            let disclosures = SectionDisclosures(state: disclosureState, scope: document.disclosureScope(ofSection: index))
            layout = SectionLayout(blocks: blocks, isFirstSection: index == 0,
                                   shaper: shaper, column: column, disclosures: disclosures)
        }
        waitingSections.remove(index)
        sectionsLaidOutCount += 1
        sections[index] = (layout, useCount)
        blockTextTops[index] = layout.blocks.map { $0.lineTop(atOrBelow: $0.top) }
        evictShapedSections()
        let change = layout.height - heights[index]
        let wasExact = isExact[index]
        isExact[index] = true
        let oldTop = top(ofSection: index)
        // Shaping again at the same width gives the same height. What was drawn there before
        // (nothing, or a placeholder: a prepare may leave part of its margin for a later frame,
        // and a tile reaches past the margin) is drawn again.
        guard !wasExact, change != 0 else {
            changeLog.record(.band(oldTop...(oldTop + layout.height)))
            return 0
        }
        heights.set(index, to: layout.height)
        guard edge == .bottom else {
            changeLog.record(.band(oldTop...Double.infinity))
            return 0
        }
        let absorbed = absorb(change, above: index)
        let moved = change - absorbed
        let newTop = top(ofSection: index)
        changeLog.record(.band(min(newTop, oldTop)...(moved == 0 ? oldTop + layout.height : Double.infinity)))
        return moved
    }

    /// Section `index` as the worker shaped it, if it arrived and its images are as they were
    /// when it was asked for (one decoded meanwhile changes its height: it is shaped again).
    private func shapedOnWorker(_ index: Int) -> SectionLayout? {
        guard let arrival = sectionShapes?.take(index) else { return nil }
        let now = BlockImages.snapshot(of: arrival.layout.blocks.map(\.block),
                                       from: .store(images, baseDirectory: document.baseDirectory))
        return now == arrival.images ? arrival.layout : nil
    }

    /// Takes `change` logical px out of the estimated sections nearest above `index` (within
    /// a few sections, so little shaped content moves). Returns how much they took.
    private func absorb(_ change: Double, above index: Int) -> Double {
        var remaining = change
        var highest = index
        // Eight sections: a few screens of shaped text between may move, never the viewport.
        for candidate in stride(from: index - 1, through: max(0, index - 8), by: -1) where !isExact[candidate] {
            let taken = remaining > 0 ? min(remaining, heights[candidate]) : remaining
            heights.set(candidate, to: heights[candidate] - taken)
            remaining -= taken
            highest = candidate
            if remaining == 0 { break }
        }
        if remaining != change { changeLog.record(.band(top(ofSection: highest)...top(ofSection: index))) }
        return change - remaining
    }

    /// Section `index` if it is shaped now.
    func shapedSection(_ index: Int) -> SectionLayout? { sections[index]?.layout }

    /// The sections shaped now, by index, in order.
    var shapedSections: [(index: Int, layout: SectionLayout)] {
        sections.map { ($0.key, $0.value.layout) }.sorted { $0.index < $1.index }
    }

    /// Sections without shown blocks hold no pango layouts and are kept: they take no memory to
    /// speak of, and a run of them (a file whose sections are all the tail of one overlong
    /// character) can all be in view at once, where evicting them would lay them out again
    /// every frame.
    ///
    /// Sections shaped on the worker hold its font maps (`ShapingFontMaps`), about 200 KB
    /// each; the oldest of them go too while they hold more than `leasedFontMapCapacity`.
    private func evictShapedSections() {
        var shaped = sections.filter { $0.value.layout.hasShownBlock }
        while shaped.count > DocumentLayout.shapedSectionCapacity,
              let oldest = shaped.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            sections[oldest.key] = nil
            shaped[oldest.key] = nil
        }
        // Never one the running `prepare` has used: a small text size puts more sections in
        // the margin than the capacity, which would take each other out frame after frame.
        var leased = shaped.filter { $0.value.layout.fontMapLease != nil && $0.value.lastUse <= useCountBeforePrepare }
        func leaseCount() -> Int { Set(leased.values.map { ObjectIdentifier($0.layout.fontMapLease!) }).count }
        while leaseCount() > DocumentLayout.leasedFontMapCapacity,
              let oldest = leased.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            sections[oldest.key] = nil
            leased[oldest.key] = nil
        }
    }

    /// The worker's font maps that shaped sections kept for drawing may hold at once (sections
    /// the running `prepare` uses are never let go for it, however many). Each map is about
    /// 200 KB; after a scroll through `glide-bench epub`'s 5 MB book, anonymous memory per byte
    /// of text was 2.14 with twelve maps allowed and two kept warm, 2.03 with three and one,
    /// 2.05 with two and one (goal 2; main gave 1.78 in stop 36's run, before the margin was
    /// shaped off the loop): the maps matter less than the worker's own heap
    /// (`ChapterSections.cacheCapacityBytes`). Two, for memory: what the reader scrolls back to
    /// past a screen or two is shaped again, on the worker.
    static let leasedFontMapCapacity = 2

    public func draw(_ rect: ContentRect, on cairo: OpaquePointer) {
        guard heights.count > 0 else { return }
        var index = section(at: rect.y)
        while index < heights.count, top(ofSection: index) < rect.maxY {
            if let section = sections[index]?.layout {
                let sectionTop = top(ofSection: index)
                cairo_save(cairo)
                cairo_translate(cairo, 0, sectionTop)
                section.draw(top: rect.y - sectionTop, bottom: rect.maxY - sectionTop, palette: palette,
                             typography: textTypography, on: cairo)
                cairo_restore(cairo)
            } else if waitingSections.contains(index) {
                drawPlaceholder(ofSection: index, clippedTo: rect, on: cairo)
            }
            index += 1
        }
    }
}
