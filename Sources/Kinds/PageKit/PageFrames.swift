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

    /// One page per viewport side by side, rather than a column.
    public let isPaged: Bool
    public let style: PageStyle
    /// Whether the first page is at the right.
    public var readsRightToLeft: Bool
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

    /// The page shown at slot `slot` from the left, and the slot of a page: the same number,
    /// except in pages read right to left.
    public func page(atSlot slot: Int) -> Int { readsRightToLeft ? pageCount - 1 - slot : slot }

    public func slot(ofPage page: Int) -> Int { self.page(atSlot: page) }

    /// The margin around a paged page: none around a picture, which fills what it can.
    private var pagedMarginPixels: Double { style == .picture ? 0 : PageFrames.pagedMarginPixels }

    /// The width pages have in continuous mode.
    public var columnWidth: Double {
        max(min(viewportWidth - 2 * PageFrames.sideMarginPixels, PageFrames.maximumPageWidthPixels),
            PageFrames.minimumColumnWidthPixels)
    }

    /// The content's size.
    public var contentSize: ContentSize {
        isPaged
            ? ContentSize(width: viewportWidth * Double(pageCount), height: viewportHeight)
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

    /// Page `page`'s rectangle in content coordinates, for a page of `size` points (upright).
    public func pageRect(_ page: Int, size upright: PagePointSize) -> ContentRect {
        let size = shownSize(upright)
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

    /// The pages that meet `rect`, first to last.
    public func pages(meeting rect: ContentRect) -> ClosedRange<Int> {
        guard pageCount > 0 else { return 0...0 }
        if isPaged {
            guard viewportWidth > 0 else { return 0...0 }
            let first = min(max(Int((rect.x / viewportWidth).rounded(.down)), 0), pageCount - 1)
            let last = min(max(Int(((rect.maxX - 0.001) / viewportWidth).rounded(.down)), first), pageCount - 1)
            return readsRightToLeft ? page(atSlot: last)...page(atSlot: first) : first...last
        }
        let first = heights.index(containing: rect.y - PageFrames.pageGapPixels)
        let last = heights.index(containing: max(rect.y, rect.maxY - 0.001) - PageFrames.pageGapPixels)
        return first...max(first, last)
    }

    /// The content offset at which page `page` is the one shown, `fraction` of the way down it.
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
        heights = isPaged ? HeightIndex([]) : HeightIndex((0..<pageCount).map { columnHeight(size($0)) })
    }

    /// Page `page` now has `size`; returns whether its frame's height changed.
    @discardableResult
    public mutating func resize(_ page: Int, to size: PagePointSize) -> Bool {
        guard !isPaged, viewportWidth > 0, page < heights.count else { return false }
        let height = columnHeight(size)
        guard height != heights[page] else { return false }
        heights.set(page, to: height)
        return true
    }

    /// The height a page of `size` (upright) takes in the column, gap included.
    private func columnHeight(_ upright: PagePointSize) -> Double {
        let size = shownSize(upright)
        return (columnWidth * size.height / size.width).rounded() + PageFrames.pageGapPixels
    }
}
