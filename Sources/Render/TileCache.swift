import CCairo
import Document

/// Content drawn into square tiles of device pixels, kept up to a memory cap and evicted
/// least recently used first (never a tile the current frame uses).
public final class TileCache {
    /// A tile's side in device px: 256 px tiles (256 KB) keep the content entering a frame to
    /// a row of small draws during a fling, and a 2560×1600 window to about 80 tiles.
    public static let tileSizePixels = 256

    /// The most bytes the tiles may hold: two screens of tiles at 2560×1600 (88 tiles each).
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

    private var tiles: [Key: (surface: OpaquePointer, lastUse: Int)] = [:]
    private var frameNumber = 0

    public init(capacityBytes: Int = 48 << 20) {
        self.capacityBytes = capacityBytes
    }

    deinit {
        for tile in tiles.values { cairo_surface_destroy(tile.surface) }
    }

    private static var tileBytes: Int { tileSizePixels * tileSizePixels * 4 }

    /// Starts a frame: tiles used from now on are kept until the next frame starts.
    func beginFrame() {
        frameNumber += 1
    }

    /// Whether the tile at `column`, `row` for `scale` is cached.
    func contains(column: Int, row: Int, scale: Double) -> Bool {
        tiles[Key(column: column, row: row, scale: scale)] != nil
    }

    /// The tile at `column`, `row` for `scale`, drawn from `content` if it is not cached.
    func tile(column: Int, row: Int, scale: Double, content: any ContentLayout) -> OpaquePointer {
        let key = Key(column: column, row: row, scale: scale)
        if let tile = tiles[key] {
            tiles[key]?.lastUse = frameNumber
            return tile.surface
        }
        let side = TileCache.tileSizePixels
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side))!
        let cairo = cairo_create(surface)!
        let page = content.palette.page
        cairo_set_source_rgba(cairo, page.red, page.green, page.blue, 1)
        cairo_paint(cairo)
        cairo_translate(cairo, -Double(column * side), -Double(row * side))
        cairo_scale(cairo, scale, scale)
        let rect = ContentRect(x: Double(column * side) / scale, y: Double(row * side) / scale,
                               width: Double(side) / scale, height: Double(side) / scale)
        content.draw(rect, on: cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        tiles[key] = (surface, frameNumber)
        byteCount += TileCache.tileBytes
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
            let side = Double(TileCache.tileSizePixels)
            for (key, tile) in tiles {
                let top = Double(key.row) * side / key.scale, bottom = top + side / key.scale
                if top < band.upperBound, bottom > band.lowerBound {
                    cairo_surface_destroy(tile.surface)
                    tiles[key] = nil
                    byteCount -= TileCache.tileBytes
                }
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
            cairo_surface_destroy(tile.surface)
            tiles[key] = nil
            byteCount -= TileCache.tileBytes
        }
    }
}
