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
    public var capacityBytes: Int

    /// The bytes the tiles hold now.
    public private(set) var byteCount = 0

    /// How many tiles have been drawn since the cache was made (for tests and benchmarks).
    public private(set) var drawnTileCount = 0

    private struct Key: Hashable {
        var column: Int
        var row: Int
        /// Device px per logical content px (scale × zoom).
        var scale: Double
    }

    private var tiles: [Key: (surface: OpaquePointer, byteCount: Int, lastUse: Int)] = [:]
    private var frameNumber = 0

    public init(capacityBytes: Int = 48 << 20) {
        self.capacityBytes = capacityBytes
    }

    deinit {
        for tile in tiles.values { cairo_surface_destroy(tile.surface) }
    }

    /// Starts a frame: tiles used from now on are kept until the next frame starts.
    func beginFrame() {
        frameNumber += 1
    }

    /// Whether the tile at `column`, `row` for `scale` is cached.
    func contains(column: Int, row: Int, scale: Double) -> Bool {
        tiles[Key(column: column, row: row, scale: scale)] != nil
    }

    /// The tile `width` device px wide at `column`, `row` for `scale`, drawn from `content`
    /// if it is not cached.
    func tile(column: Int, row: Int, width: Int, scale: Double, content: any ContentLayout) -> OpaquePointer {
        let key = Key(column: column, row: row, scale: scale)
        if let tile = tiles[key] {
            tiles[key]?.lastUse = frameNumber
            return tile.surface
        }
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
        let bytes = width * height * 4
        tiles[key] = (surface, bytes, frameNumber)
        byteCount += bytes
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
            for (key, tile) in tiles {
                let top = Double(key.row) * height / key.scale, bottom = top + height / key.scale
                if top < band.upperBound, bottom > band.lowerBound { remove(key, tile) }
            }
        }
    }

    func removeAll() {
        for tile in tiles.values { cairo_surface_destroy(tile.surface) }
        tiles.removeAll()
        byteCount = 0
    }

    /// Evicts least recently used tiles until the cache fits its cap, sparing this frame's.
    func trim() {
        guard byteCount > capacityBytes else { return }
        let candidates = tiles.filter { $0.value.lastUse < frameNumber }.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, tile) in candidates {
            guard byteCount > capacityBytes else { return }
            remove(key, tile)
        }
    }

    private func remove(_ key: Key, _ tile: (surface: OpaquePointer, byteCount: Int, lastUse: Int)) {
        cairo_surface_destroy(tile.surface)
        tiles[key] = nil
        byteCount -= tile.byteCount
    }
}
