import DocumentKit

/// Where the home puts things: a header with its title and the Open… button, then the
/// documents as a grid of cells (a first-page thumbnail, its title, its kind and progress),
/// centred, as many columns as fit. Pure geometry, content coordinates (logical px, zoom 1).
public struct HomeGrid: Equatable, Sendable {
    /// Room around the grid and between cells, in logical px: GNOME's HIG spacing of 24 px
    /// between groups (the same as Loupe's and Files' grid gutters).
    public static let paddingPixels = 24.0
    public static let spacingPixels = 24.0
    /// A cell's width bounds, in logical px: Files' "large" grid icons are 192 px wide;
    /// cells grow to 240 so a wide window holds no more than a few across.
    public static let minimumCellWidthPixels = 152.0
    public static let maximumCellWidthPixels = 240.0
    /// The header's height: a 24 px title and a 44 px button (Apple's HIG touch target).
    public static let headerHeightPixels = 92.0
    /// Below each thumbnail: the title's line, the kind and progress line and the progress bar.
    public static let labelHeightPixels = 68.0
    /// The Open… button's size, in logical px (44 px tall: the touch target).
    public static let openButtonWidthPixels = 112.0
    public static let openButtonHeightPixels = 44.0

    public let viewportWidth: Double
    public let count: Int
    public let columns: Int
    public let cellWidth: Double
    /// Where the first column starts, so the grid is centred.
    public let left: Double

    public init(viewportWidth: Double, count: Int) {
        self.viewportWidth = viewportWidth
        self.count = count
        let room = max(viewportWidth - 2 * Self.paddingPixels, Self.minimumCellWidthPixels)
        let columns = max(1, Int(((room + Self.spacingPixels) / (Self.minimumCellWidthPixels + Self.spacingPixels)).rounded(.down)))
        self.columns = columns
        let width = min((room - Double(columns - 1) * Self.spacingPixels) / Double(columns), Self.maximumCellWidthPixels)
        cellWidth = width.rounded(.down)
        let used = Double(columns) * cellWidth + Double(columns - 1) * Self.spacingPixels
        left = max(Self.paddingPixels, ((viewportWidth - used) / 2).rounded(.down))
    }

    /// A thumbnail is a portrait page, 3:4 (as ThumbnailPicture lays documents out).
    public var thumbnailHeight: Double { (cellWidth * 4 / 3).rounded() }
    public var cellHeight: Double { thumbnailHeight + Self.labelHeightPixels }
    public var rows: Int { (count + columns - 1) / columns }

    public var contentSize: ContentSize {
        ContentSize(width: viewportWidth,
                    height: Self.headerHeightPixels + Double(rows) * (cellHeight + Self.spacingPixels) + Self.paddingPixels)
    }

    public func frame(ofEntry index: Int) -> ContentRect {
        let row = index / columns, column = index % columns
        return ContentRect(x: left + Double(column) * (cellWidth + Self.spacingPixels),
                           y: Self.headerHeightPixels + Double(row) * (cellHeight + Self.spacingPixels),
                           width: cellWidth, height: cellHeight)
    }

    public func thumbnailFrame(ofEntry index: Int) -> ContentRect {
        let cell = frame(ofEntry: index)
        return ContentRect(x: cell.x, y: cell.y, width: cell.width, height: thumbnailHeight)
    }

    /// The "Remove from recent" button offered over a cell's thumbnail, at its foot.
    public func removeButtonFrame(ofEntry index: Int) -> ContentRect {
        let thumbnail = thumbnailFrame(ofEntry: index)
        let inset = 8.0
        return ContentRect(x: thumbnail.x + inset, y: thumbnail.maxY - Self.openButtonHeightPixels - inset,
                           width: thumbnail.width - 2 * inset, height: Self.openButtonHeightPixels)
    }

    /// The Open… button, at the header's right, level with the grid's right edge.
    public var openButtonFrame: ContentRect {
        let right = left + Double(columns) * cellWidth + Double(columns - 1) * Self.spacingPixels
        return ContentRect(x: right - Self.openButtonWidthPixels, y: (Self.headerHeightPixels - Self.openButtonHeightPixels) / 2,
                           width: Self.openButtonWidthPixels, height: Self.openButtonHeightPixels)
    }

    /// The entry whose cell holds `point`; nil between cells and outside the grid.
    public func entry(at point: ContentPoint) -> Int? {
        guard point.y >= Self.headerHeightPixels, point.x >= left else { return nil }
        let column = Int(((point.x - left) / (cellWidth + Self.spacingPixels)).rounded(.down))
        let row = Int(((point.y - Self.headerHeightPixels) / (cellHeight + Self.spacingPixels)).rounded(.down))
        guard column < columns else { return nil }
        let index = row * columns + column
        guard index < count, frame(ofEntry: index).contains(point) else { return nil }
        return index
    }

    /// The entry a key moves to from `index`: along the row, between rows in the same
    /// column (the last row's nearest), to the first or the last.
    public func entry(from index: Int, moving direction: EntryDirection) -> Int {
        guard count > 0 else { return 0 }
        let last = count - 1
        switch direction {
        case .left: return max(index - 1, 0)
        case .right: return min(index + 1, last)
        case .up: return index >= columns ? index - columns : index
        case .down: return index + columns <= last ? index + columns : (index / columns < (last / columns) ? last : index)
        case .first: return 0
        case .last: return last
        }
    }
}
