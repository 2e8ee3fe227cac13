import DocumentKit

/// Where each page of a paged document goes, at zoom 1 in logical px: the one place page frames
/// are computed from page sizes. Continuous (the default): pages stacked in a column with a gap,
/// each as wide as the column (fit width, never wider than `maximumPageWidthPixels`) and
/// centred. Paged (`isPaged`): one page per viewport side by side, each fitted whole.
///
/// Pictures (`PageStyle.picture`) have no margin, and keep the page control's band at the
/// bottom clear (`bottomInsetPixels`); pages read right to left (a manga's) put the first page
/// at the right: page `p` is at slot `pageCount - 1 - p` from the left.
///
/// Two-page spreads (`showsSpreads`) put pages side by side in pairs, a spread a viewport
/// when paged and a row in the column: the first page alone when the book has a cover
/// (`hasCover`), on the side a book's first page is (the right, or the left read right to
/// left), and a last page without a partner on the other. A spread's pages share one height,
/// as facing pages of a book do; a page alone takes the room it would have beside a page of
/// its own shape, so pages keep their size as they turn. A slot (the view's page when paged)
/// is then a spread.
///
/// Fit page, a page's quarter turns and two-page spreads are changes to this type alone: the
/// layout, its scheduler, its links and its text ask it for frames and never place a page
/// themselves.
public struct PageFrames {
    /// The space between pages and above the first and below the last in continuous mode, in
    /// logical px: Evince's continuous view leaves about 12 px; 16 leaves room for the
    /// page's edge line.
    public static let pageGapPixels = 16.0
    /// Space beside a page that fits the window's width, in logical px (as text's minimum
    /// side margin).
    public static let sideMarginPixels = 16.0
    /// The widest a page is at zoom 1, in logical px: a Letter page at 1200 px is about
    /// 140 px per inch, a laptop panel's density, so zoom 1 is about print size on a wide
    /// window; zoom makes it larger.
    public static let maximumPageWidthPixels = 1200.0
    /// The margin around a page in paging mode, in logical px.
    public static let pagedMarginPixels = 8.0
    /// The narrowest a column gets, in logical px, so a tiny window still shows pages.
    static let minimumColumnWidthPixels = 40.0

    /// The space between the two pages of a spread, in logical px: none between pictures (a
    /// comic's double-page drawing meets in the middle), the page edge's room between a
    /// document's pages (half the column's gap, as Evince's dual view leaves a narrow gutter).
    static func spreadGapPixels(_ style: PageStyle) -> Double { style == .picture ? 0 : PageFrames.pageGapPixels / 2 }

    /// One page per viewport side by side, rather than a column.
    public let isPaged: Bool
    public let style: PageStyle
    /// Whether the first page is at the right.
    public var readsRightToLeft: Bool
    /// Whether pages are shown two side by side (`arrange(spreads:cover:size:)` sets it).
    public private(set) var showsSpreads = false
    /// Whether the first page is shown alone in spreads, as a book's cover.
    public private(set) var hasCover = true
    /// Spreads: each spread's width in units of its height, its pages' shown aspects summed
    /// (a page alone counts twice: it takes the room of a pair of its shape).
    private var spreadAspects: [Double] = []
    public private(set) var viewportWidth = 0.0
    public private(set) var viewportHeight = 0.0
    public private(set) var pageCount = 0
    /// Room kept clear at the bottom of every paged picture, in logical px: the band the page
    /// control needs, so at rest it covers no part of the image.
    public var bottomInsetPixels = 0.0
    /// Quarter turns clockwise every page is shown at, 0 to 3: a page on its side takes the
    /// room of its turned shape. Set it through `turn(byQuarterTurns:pageCount:size:)`.
    public private(set) var quarterTurns = 0
    /// Continuous mode: each page's height plus the gap after it.
    private var heights = HeightIndex([])

    public init(isPaged: Bool, style: PageStyle = .document, readsRightToLeft: Bool = false) {
        self.isPaged = isPaged
        self.style = style
        self.readsRightToLeft = readsRightToLeft
    }

    /// How many slots the pages take: one a page, or one a spread.
    public var slotCount: Int {
        guard showsSpreads, pageCount > 0 else { return pageCount }
        return hasCover ? pageCount / 2 + 1 : (pageCount + 1) / 2
    }

    /// The spread (from the first, in reading order) that page `page` is in; the page itself
    /// without spreads.
    public func spread(ofPage page: Int) -> Int {
        guard showsSpreads else { return page }
        return hasCover ? (page + 1) / 2 : page / 2
    }

    /// The pages of spread `spread`, first to last in reading order.
    public func pages(inSpread spread: Int) -> ClosedRange<Int> {
        guard showsSpreads else { return spread...spread }
        let first = hasCover ? max(2 * spread - 1, 0) : 2 * spread
        let last = hasCover && spread == 0 ? 0 : first + 1
        return min(first, max(pageCount - 1, 0))...min(last, max(pageCount - 1, 0))
    }

    /// The spread at slot `slot` from the left, and the slot of a spread: the same number,
    /// except in pages read right to left.
    private func spread(atSlot slot: Int) -> Int { readsRightToLeft ? slotCount - 1 - slot : slot }

    /// The pages shown at slot `slot` from the left (a spread's two), first to last in reading
    /// order.
    public func pages(atSlot slot: Int) -> ClosedRange<Int> { pages(inSpread: spread(atSlot: slot)) }

    /// The page shown at slot `slot` from the left (a spread's first), and the slot of a page:
    /// the same number, except in pages read right to left or in spreads.
    public func page(atSlot slot: Int) -> Int { pages(atSlot: slot).lowerBound }

    public func slot(ofPage page: Int) -> Int { spread(atSlot: spread(ofPage: page)) }

    /// Whether page `page` is on the left of its spread (a page alone: on the side it would
    /// take beside a partner).
    private func isOnTheLeft(_ page: Int) -> Bool {
        let leads = (hasCover ? page + 1 : page) % 2 == 0
        return leads != readsRightToLeft
    }

    /// The margin around a paged page: none around a picture, which fills what it can.
    private var pagedMarginPixels: Double { style == .picture ? 0 : PageFrames.pagedMarginPixels }

    /// The width pages have in continuous mode (a spread's two together).
    public var columnWidth: Double {
        max(min(viewportWidth - 2 * PageFrames.sideMarginPixels, PageFrames.maximumPageWidthPixels * (showsSpreads ? 2 : 1)),
            PageFrames.minimumColumnWidthPixels)
    }

    /// The content's size.
    public var contentSize: ContentSize {
        isPaged
            ? ContentSize(width: viewportWidth * Double(slotCount), height: viewportHeight)
            : ContentSize(width: viewportWidth, height: (PageFrames.pageGapPixels + heights.total).rounded(.up))
    }

    /// A page of `size` points as it is shown: on its side, its width and height swap.
    public func shownSize(_ size: PagePointSize) -> PagePointSize {
        quarterTurns % 2 == 1 ? (size.height, size.width) : size
    }

    /// Page `page`'s box: its frame and how its own (upright) coordinates land in it.
    public func box(_ page: Int, size: PagePointSize) -> PageBox {
        PageBox(rect: pageRect(page, size: size), pointSize: size, quarterTurns: quarterTurns)
    }

    /// Turns every page by `turns` quarter turns clockwise (negative: counter-clockwise) and
    /// lays them out again.
    public mutating func turn(byQuarterTurns turns: Int, size: (Int) -> PagePointSize) {
        quarterTurns = ((quarterTurns + turns) % 4 + 4) % 4
        relayOut(pageCount: pageCount, size: size)
    }

    /// Shows pages two side by side (`spreads`), the first alone when `cover`, or one by one,
    /// and lays them out again.
    public mutating func arrange(spreads: Bool, cover: Bool, size: (Int) -> PagePointSize) {
        showsSpreads = spreads
        hasCover = cover
        relayOut(pageCount: pageCount, size: size)
    }

    /// Page `page`'s rectangle in content coordinates, for a page of `size` points (upright).
    public func pageRect(_ page: Int, size upright: PagePointSize) -> ContentRect {
        let size = shownSize(upright)
        if showsSpreads { return spreadPageRect(page, size: size) }
        if isPaged {
            let room = max(viewportHeight - (style == .picture ? bottomInsetPixels : 0), 1)
            let fit = min((viewportWidth - 2 * pagedMarginPixels) / size.width, (room - 2 * pagedMarginPixels) / size.height)
            let width = max(size.width * fit, 1), height = max(size.height * fit, 1)
            return ContentRect(x: Double(slot(ofPage: page)) * viewportWidth + ((viewportWidth - width) / 2).rounded(),
                               y: ((room - height) / 2).rounded(), width: width, height: height)
        }
        let width = columnWidth
        return ContentRect(x: ((viewportWidth - width) / 2).rounded(),
                           y: PageFrames.pageGapPixels + heights.offset(of: page),
                           width: width, height: heights[page] - PageFrames.pageGapPixels)
    }

    /// Page `page`'s rectangle in spreads (`size` as shown): the spread's pages at one height,
    /// fitted whole in the viewport when paged, across the column otherwise, and centred.
    private func spreadPageRect(_ page: Int, size: PagePointSize) -> ContentRect {
        let spread = spread(ofPage: page)
        let aspect = size.width / size.height
        let together = spread < spreadAspects.count ? spreadAspects[spread] : 2 * aspect
        let gap = PageFrames.spreadGapPixels(style)
        let left: Double, width: Double, top: Double, height: Double
        if isPaged {
            let room = max(viewportHeight - (style == .picture ? bottomInsetPixels : 0), 1)
            height = max(min(room - 2 * pagedMarginPixels, (viewportWidth - 2 * pagedMarginPixels - gap) / together), 1)
            left = Double(slot(ofPage: page)) * viewportWidth
            width = viewportWidth
            top = ((room - height) / 2).rounded()
        } else {
            let row = spread < heights.count ? heights[spread] : (columnWidth - gap) / together + PageFrames.pageGapPixels
            height = row - PageFrames.pageGapPixels
            left = ((viewportWidth - columnWidth) / 2).rounded()
            width = columnWidth
            top = PageFrames.pageGapPixels + heights.offset(of: min(spread, heights.count))
        }
        let start = left + ((width - together * height - gap) / 2).rounded()
        let x = isOnTheLeft(page) ? start : start + ((together - aspect) * height).rounded() + gap
        return ContentRect(x: x, y: top, width: max(aspect * height, 1), height: height)
    }

    /// The pages that meet `rect`, first to last.
    public func pages(meeting rect: ContentRect) -> ClosedRange<Int> {
        guard pageCount > 0 else { return 0...0 }
        let slots: ClosedRange<Int>
        if isPaged {
            guard viewportWidth > 0 else { return 0...0 }
            let first = min(max(Int((rect.x / viewportWidth).rounded(.down)), 0), slotCount - 1)
            let last = min(max(Int(((rect.maxX - 0.001) / viewportWidth).rounded(.down)), first), slotCount - 1)
            if !showsSpreads { return readsRightToLeft ? page(atSlot: last)...page(atSlot: first) : first...last }
            slots = readsRightToLeft ? spread(atSlot: last)...spread(atSlot: first) : first...last
        } else {
            let first = heights.index(containing: rect.y - PageFrames.pageGapPixels)
            let last = heights.index(containing: max(rect.y, rect.maxY - 0.001) - PageFrames.pageGapPixels)
            if !showsSpreads { return first...max(first, last) }
            slots = first...max(first, last)
        }
        return pages(inSpread: slots.lowerBound).lowerBound...pages(inSpread: slots.upperBound).upperBound
    }

    /// The content offset at which page `page` is the one shown, `fraction` of the way down it
    /// (in spreads, its spread).
    public func offset(ofPage page: Int, fraction: Double, size: PagePointSize) -> ContentPoint {
        if isPaged { return ContentPoint(x: Double(slot(ofPage: page)) * viewportWidth, y: 0) }
        let rect = pageRect(page, size: size)
        return ContentPoint(x: 0, y: rect.y + fraction * rect.height)
    }

    /// Sets the viewport and lays every page out again; `size` gives each page's size.
    /// Returns whether anything changed.
    public mutating func setViewport(width: Double, height: Double, size: (Int) -> PagePointSize) -> Bool {
        guard width != viewportWidth || height != viewportHeight else { return false }
        let widthChanged = width != viewportWidth
        viewportWidth = width
        viewportHeight = height
        if widthChanged { relayOut(pageCount: pageCount, size: size) }
        return true
    }

    /// Lays every page out again, for `pageCount` pages of sizes `size`.
    public mutating func relayOut(pageCount: Int, size: (Int) -> PagePointSize) {
        self.pageCount = pageCount
        guard showsSpreads else {
            spreadAspects = []
            heights = isPaged ? HeightIndex([]) : HeightIndex((0..<pageCount).map { columnHeight(size($0)) })
            return
        }
        spreadAspects = (0..<slotCount).map { aspect(ofSpread: $0, size: size) }
        heights = isPaged ? HeightIndex([]) : HeightIndex(spreadAspects.map(rowHeight))
    }

    /// Page `page` now has `size` (`sizes` gives every page's, for a spread's partner);
    /// returns whether its frame's height changed, or in spreads whether its spread changed.
    @discardableResult
    public mutating func resize(_ page: Int, to size: PagePointSize, sizes: (Int) -> PagePointSize) -> Bool {
        if showsSpreads {
            let spread = spread(ofPage: page)
            guard spread < spreadAspects.count else { return false }
            let aspect = aspect(ofSpread: spread, size: { $0 == page ? size : sizes($0) })
            guard aspect != spreadAspects[spread] else { return false }
            spreadAspects[spread] = aspect
            if !isPaged, spread < heights.count { heights.set(spread, to: rowHeight(aspect)) }
            return true
        }
        guard !isPaged, viewportWidth > 0, page < heights.count else { return false }
        let height = columnHeight(size)
        guard height != heights[page] else { return false }
        heights.set(page, to: height)
        return true
    }

    /// A spread's width in units of its height: its pages' shown aspects summed, a page alone
    /// counted twice.
    private func aspect(ofSpread spread: Int, size: (Int) -> PagePointSize) -> Double {
        let pages = pages(inSpread: spread)
        let aspects = pages.map { page in
            let shown = shownSize(size(page))
            return shown.width / max(shown.height, 1e-9)
        }
        return aspects.count == 1 ? 2 * aspects[0] : aspects.reduce(0, +)
    }

    /// The height a row of spread aspect `aspect` takes in the column, gap included.
    private func rowHeight(_ aspect: Double) -> Double {
        ((columnWidth - PageFrames.spreadGapPixels(style)) / aspect).rounded() + PageFrames.pageGapPixels
    }

    /// The height a page of `size` (upright) takes in the column, gap included.
    private func columnHeight(_ upright: PagePointSize) -> Double {
        let size = shownSize(upright)
        return (columnWidth * size.height / size.width).rounded() + PageFrames.pageGapPixels
    }
}
