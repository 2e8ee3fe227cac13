import DocumentKit

/// Where the overview's cells are: one per page, a thumbnail box with the page's number under
/// it, in rows centred across the viewport. A document that scrolls down gets a grid that
/// scrolls down (rows after rows); a paged one gets screens of whole rows side by side, paged
/// as its pages were. Logical px at zoom 1.
public struct PageOverviewGrid: Equatable, Sendable {
    /// A thumbnail box's width: six columns in a 1280 px window and three rows in 800 px, so
    /// about 18 pages show at once, as many as Evince's and Papers' thumbnail sidebars show
    /// in a window's height, while a page's layout (headings, figures) stays recognisable.
    public static let thumbnailWidthPixels = 160.0
    /// The room between cells and around the grid: GNOME's HIG spacing of 24 px between
    /// groups of content.
    public static let gapPixels = 24.0
    /// The band under a thumbnail for its page number: one line of 13 px text with room.
    public static let labelHeightPixels = 22.0
    /// Thumbnail boxes are no narrower than this in a very narrow window, where one column
    /// shrinks to the window's width.
    public static let minimumThumbnailWidthPixels = 40.0

    public let pageCount: Int
    public let viewportWidth: Double
    public let viewportHeight: Double
    /// Screens side by side (a paged document), rather than rows down.
    public let isPaged: Bool
    /// Columns in a row, and, when paged, rows on a screen.
    public let columns: Int
    public let rowsPerScreen: Int
    /// A thumbnail box's size: the page's aspect within it decides the thumbnail's.
    public let boxWidth: Double
    public let boxHeight: Double
    /// Where the first column starts, so the grid is centred.
    private let leftMargin: Double

    /// A grid of `pageCount` pages in a viewport of `viewportWidth`×`viewportHeight`; the
    /// boxes have the aspect (height over width) of a typical page of the document, and a
    /// paged grid keeps `bottomInset` px clear for the page control.
    public init(pageCount: Int, viewportWidth: Double, viewportHeight: Double, isPaged: Bool, pageAspect: Double,
                bottomInset: Double = 0) {
        let gap = PageOverviewGrid.gapPixels
        self.pageCount = max(pageCount, 0)
        self.viewportWidth = max(viewportWidth, 1)
        self.viewportHeight = max(viewportHeight, 1)
        self.isPaged = isPaged
        let width = min(PageOverviewGrid.thumbnailWidthPixels,
                        max(PageOverviewGrid.minimumThumbnailWidthPixels, self.viewportWidth - 2 * gap))
        boxWidth = width
        // Very tall or wide pages (a scroll, a panorama) keep a box a row can hold.
        let aspect = pageAspect.isFinite && pageAspect > 0 ? min(max(pageAspect, 0.5), 2) : 1.414
        boxHeight = (width * aspect).rounded()
        columns = max(1, Int((self.viewportWidth - gap) / (width + gap)))
        let pitchY = boxHeight + PageOverviewGrid.labelHeightPixels + gap
        rowsPerScreen = max(1, Int((self.viewportHeight - bottomInset - gap) / pitchY))
        let used = Double(columns) * width + Double(columns - 1) * gap
        leftMargin = ((self.viewportWidth - used) / 2).rounded(.down)
    }

    /// The distance from one column to the next, and from one row to the next.
    public var pitchX: Double { boxWidth + PageOverviewGrid.gapPixels }
    public var pitchY: Double { boxHeight + PageOverviewGrid.labelHeightPixels + PageOverviewGrid.gapPixels }

    /// Pages on one screen of a paged grid.
    public var pagesPerScreen: Int { columns * rowsPerScreen }

    /// How many rows (scrolling) or screens (paged) the pages fill.
    public var groupCount: Int {
        guard pageCount > 0 else { return 0 }
        let perGroup = isPaged ? pagesPerScreen : columns
        return (pageCount + perGroup - 1) / perGroup
    }

    /// The pages of group `group` (a row when scrolling, a screen when paged).
    public func pages(inGroup group: Int) -> ClosedRange<Int>? {
        let perGroup = isPaged ? pagesPerScreen : columns
        let first = group * perGroup
        guard group >= 0, first < pageCount else { return nil }
        return first...min(first + perGroup - 1, pageCount - 1)
    }

    /// The group (row or screen) page `page` is in.
    public func group(ofPage page: Int) -> Int { page / (isPaged ? pagesPerScreen : columns) }

    public var contentSize: ContentSize {
        guard isPaged else {
            let rows = groupCount
            return ContentSize(width: viewportWidth, height: PageOverviewGrid.gapPixels + Double(rows) * pitchY)
        }
        return ContentSize(width: Double(max(groupCount, 1)) * viewportWidth, height: viewportHeight)
    }

    /// Page `page`'s cell: its thumbnail box and the label under it.
    public func cellRect(ofPage page: Int) -> ContentRect {
        let box = boxRect(ofPage: page)
        return ContentRect(x: box.x, y: box.y, width: box.width, height: box.height + PageOverviewGrid.labelHeightPixels)
    }

    /// Page `page`'s thumbnail box.
    public func boxRect(ofPage page: Int) -> ContentRect {
        let gap = PageOverviewGrid.gapPixels
        if isPaged {
            let screen = page / pagesPerScreen, index = page % pagesPerScreen
            return ContentRect(x: Double(screen) * viewportWidth + leftMargin + Double(index % columns) * pitchX,
                               y: gap + Double(index / columns) * pitchY, width: boxWidth, height: boxHeight)
        }
        return ContentRect(x: leftMargin + Double(page % columns) * pitchX, y: gap + Double(page / columns) * pitchY,
                           width: boxWidth, height: boxHeight)
    }

    /// The thumbnail of a page `pageSize` (any unit) in its box: as large as the box allows,
    /// centred across it and resting on its bottom, next to its label.
    public func thumbnailRect(ofPage page: Int, pageSize: ContentSize) -> ContentRect {
        let box = boxRect(ofPage: page)
        guard pageSize.width > 0, pageSize.height > 0 else { return box }
        let scale = min(box.width / pageSize.width, box.height / pageSize.height)
        let width = (pageSize.width * scale).rounded(), height = (pageSize.height * scale).rounded()
        return ContentRect(x: box.x + ((box.width - width) / 2).rounded(), y: box.maxY - height, width: width, height: height)
    }

    /// The pages whose cells may meet `rect` (whole rows or screens); nil when none do.
    public func pages(meeting rect: ContentRect) -> ClosedRange<Int>? {
        guard pageCount > 0 else { return nil }
        let groups: ClosedRange<Int>
        if isPaged {
            let first = Int((rect.x / viewportWidth).rounded(.down))
            let last = Int(((rect.maxX - 0.001) / viewportWidth).rounded(.down))
            groups = max(first, 0)...max(min(last, groupCount - 1), 0)
        } else {
            let top = PageOverviewGrid.gapPixels
            let first = Int(((rect.y - top) / pitchY).rounded(.down))
            let last = Int(((rect.maxY - top) / pitchY).rounded(.down))
            groups = max(first, 0)...max(min(last, groupCount - 1), 0)
        }
        guard groups.lowerBound <= groups.upperBound, let first = pages(inGroup: groups.lowerBound),
              let last = pages(inGroup: groups.upperBound) else { return nil }
        return first.lowerBound...last.upperBound
    }

    /// The page whose cell holds `point`, if any (the gaps between cells hold none).
    public func page(at point: ContentPoint) -> Int? {
        guard let candidates = pages(meeting: ContentRect(x: point.x, y: point.y, width: 0.001, height: 0.001)) else { return nil }
        return candidates.first { cellRect(ofPage: $0).containsIncludingEdges(point) }
    }

    /// The offset (zoom 1) that shows page `page`'s row near the top, or its screen.
    public func offset(showing page: Int) -> ContentPoint {
        guard pageCount > 0 else { return .zero }
        let clamped = min(max(page, 0), pageCount - 1)
        if isPaged { return ContentPoint(x: Double(group(ofPage: clamped)) * viewportWidth, y: 0) }
        return ContentPoint(x: 0, y: boxRect(ofPage: clamped).y - PageOverviewGrid.gapPixels)
    }
}
