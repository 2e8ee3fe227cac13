import CCairo
import DocumentKit

/// Content drawn into tiles of device pixels, kept up to a memory cap and evicted least
/// recently used first (never a tile the current frame uses).
///
/// Tiles are rows of the content as wide as it is (split into equal columns above 2048 px):
/// each text line is then drawn once or twice, not once per narrow tile it crosses.
public final class TileCache {
    /// A tile's height in device px: a fling exposes a row every few frames, each a small draw.
    public static let tileHeightPixels = 256
    /// The widest a tile gets, in device px (2 MB a tile at a height of 256).
    public static let maximumTileWidthPixels = 2048

    /// The width of the tiles for content `contentWidthPixels` device px wide: equal columns
    /// no wider than the maximum, in whole multiples of 64 px.
    public static func tileWidth(contentWidthPixels: Int) -> Int {
        let columns = max(1, (contentWidthPixels + maximumTileWidthPixels - 1) / maximumTileWidthPixels)
        let width = (contentWidthPixels + columns - 1) / columns
        return max(64, (width + 63) / 64 * 64)
    }

    /// The most bytes the tiles may hold: about two screens of tiles at 2560×1600.
    public var capacityBytes: Int {
        get { tiles.capacityBytes }
        set { tiles.capacityBytes = newValue }
    }

    /// The bytes the tiles hold now.
    public var byteCount: Int { tiles.byteCount }

    /// How many tiles have been drawn since the cache was made (for tests and benchmarks).
    public private(set) var drawnTileCount = 0

    private struct Key: Hashable {
        var column: Int
        var row: Int
        /// Device px per logical content px (scale × zoom).
        var scale: Double
    }

    private var tiles: ByteBoundedCache<Key, OpaquePointer>
    /// The cache's use count when this frame began: tiles used since are the frame's.
    private var frameStart = 0

    public init(capacityBytes: Int = 48 << 20) {
        tiles = ByteBoundedCache(capacityBytes: capacityBytes)
    }

    deinit {
        for surface in tiles.values { cairo_surface_destroy(surface) }
    }

    /// Starts a frame: tiles used from now on are kept until the next frame starts.
    func beginFrame() {
        frameStart = tiles.useCount
    }

    /// Whether the tile at `column`, `row` for `scale` is cached.
    func contains(column: Int, row: Int, scale: Double) -> Bool {
        tiles.contains(Key(column: column, row: row, scale: scale))
    }

    /// The tile `width` device px wide at `column`, `row` for `scale`, drawn from `content`
    /// if it is not cached.
    func tile(column: Int, row: Int, width: Int, scale: Double, content: any ContentLayout) -> OpaquePointer {
        let key = Key(column: column, row: row, scale: scale)
        if let surface = tiles.value(for: key) { return surface }
        let height = TileCache.tileHeightPixels
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let cairo = cairo_create(surface)!
        let page = content.palette.page
        cairo_set_source_rgba(cairo, page.red, page.green, page.blue, 1)
        cairo_paint(cairo)
        cairo_translate(cairo, -Double(column * width), -Double(row * height))
        cairo_scale(cairo, scale, scale)
        let rect = ContentRect(x: Double(column * width) / scale, y: Double(row * height) / scale,
                               width: Double(width) / scale, height: Double(height) / scale)
        content.draw(rect, on: cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        tiles.insert(surface, byteCount: width * height * 4, for: key)
        drawnTileCount += 1
        return surface
    }

    /// Drops the tiles showing content that changed.
    func invalidate(_ change: ContentChange) {
        switch change {
        case .none:
            return
        case .everything:
            removeAll()
        case .band(let band):
            let height = Double(TileCache.tileHeightPixels)
            let stale = tiles.removeAll { key in
                let top = Double(key.row) * height / key.scale, bottom = top + height / key.scale
                return top < band.upperBound && bottom > band.lowerBound
            }
            for tile in stale { cairo_surface_destroy(tile.value) }
        }
    }

    func removeAll() {
        for tile in tiles.removeAll(where: { _ in true }) { cairo_surface_destroy(tile.value) }
    }

    /// Drops every tile the last frame did not use: for a view come to rest, where the tiles
    /// of what was scrolled past would otherwise stay up to the cap (48 MB) while the reader
    /// reads one screen. Scrolling on draws the rows it uncovers, as it does for new content.
    public func releaseTilesNotShown() {
        let start = frameStart
        let unseen = tiles.removeAll { [tiles] key in (tiles.lastUse(of: key) ?? 0) <= start }
        for tile in unseen { cairo_surface_destroy(tile.value) }
    }

    /// Evicts least recently used tiles until the cache fits its cap, sparing this frame's.
    func trim() {
        let start = frameStart
        for tile in tiles.trim(sparing: { _, lastUse in lastUse > start }) { cairo_surface_destroy(tile.value) }
    }
}
