import CCairo
import DocumentKit

/// Where the content sits in a buffer for one frame, in device px.
struct ContentPlacement {
    /// Device px per logical content px (buffer scale × zoom).
    var scale: Double
    /// The device pixel of the content at `scale` that is at the buffer's top-left.
    var originX: Int
    var originY: Int
    /// The content's size at `scale`.
    var width: Int
    var height: Int

    /// The content's extent in buffer pixels.
    var bufferRect: DeviceRect { DeviceRect(x: -originX, y: -originY, width: width, height: height) }
}

/// Paints buffer pixels from cached tiles: exactly, or scaled while a pinch changes the zoom.
struct TileCompositor {
    let tiles: TileCache
    let content: any ContentLayout

    /// Paints `rect` (buffer px) from tiles drawn at the placement's own scale.
    func paint(_ rect: DeviceRect, placement: ContentPlacement, on cairo: OpaquePointer) {
        let inside = rect.intersection(placement.bufferRect)
        paintPage(rect, outside: inside, on: cairo)
        guard !inside.isEmpty else { return }
        let width = TileCache.tileWidth(contentWidthPixels: placement.width)
        let height = TileCache.tileHeightPixels
        let columns = (inside.x + placement.originX) / width...(inside.maxX - 1 + placement.originX) / width
        let rows = (inside.y + placement.originY) / height...(inside.maxY - 1 + placement.originY) / height
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        for row in rows {
            for column in columns {
                let surface = tiles.tile(column: column, row: row, width: width, scale: placement.scale, content: content)
                let tileRect = DeviceRect(x: column * width - placement.originX, y: row * height - placement.originY,
                                          width: width, height: height).intersection(inside)
                cairo_set_source_surface(cairo, surface, Double(column * width - placement.originX),
                                         Double(row * height - placement.originY))
                cairo_rectangle(cairo, Double(tileRect.x), Double(tileRect.y), Double(tileRect.width), Double(tileRect.height))
                cairo_fill(cairo)
            }
        }
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
    }

    /// Draws `rect` (buffer px) straight from the content, at the placement's scale, for
    /// content that keeps its own pixels (`drawsWithoutTiles`): each pixel is written once,
    /// into the buffer, instead of into a tile (a new 1280×256 tile cost about 0.2 ms of
    /// writes to cold memory in `glide-bench pdf`'s fling) and then into the buffer.
    func draw(_ rect: DeviceRect, placement: ContentPlacement, on cairo: OpaquePointer) {
        let inside = rect.intersection(placement.bufferRect)
        paintPage(rect, outside: inside, on: cairo)
        guard !inside.isEmpty else { return }
        let page = content.palette.page
        let drawn = ContentRect(x: Double(inside.x + placement.originX) / placement.scale,
                                y: Double(inside.y + placement.originY) / placement.scale,
                                width: Double(inside.width) / placement.scale, height: Double(inside.height) / placement.scale)
        cairo_save(cairo)
        cairo_rectangle(cairo, Double(inside.x), Double(inside.y), Double(inside.width), Double(inside.height))
        cairo_clip(cairo)
        // As under a tile: the page colour first, the content over it; not under what the
        // content paints opaque anyway (even-odd: the rectangle less its holes).
        cairo_set_source_rgba(cairo, page.red, page.green, page.blue, 1)
        let holes = content.opaqueRects(meeting: drawn).map { TileCompositor.wholePixels(within: $0, placement: placement) }
            .map { $0.intersection(inside) }.filter { !$0.isEmpty }
        cairo_rectangle(cairo, Double(inside.x), Double(inside.y), Double(inside.width), Double(inside.height))
        for hole in holes {
            cairo_rectangle(cairo, Double(hole.x), Double(hole.y), Double(hole.width), Double(hole.height))
        }
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(cairo)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
        cairo_translate(cairo, -Double(placement.originX), -Double(placement.originY))
        cairo_scale(cairo, placement.scale, placement.scale)
        content.draw(drawn, on: cairo)
        cairo_restore(cairo)
    }

    /// The buffer pixels wholly inside `rect` (content, zoom 1), less one at each edge: a
    /// page's pixels start on the device pixel nearest its edge, which may be half a pixel in.
    static func wholePixels(within rect: ContentRect, placement: ContentPlacement) -> DeviceRect {
        let left = Int((rect.x * placement.scale).rounded(.up)) - placement.originX + 1
        let top = Int((rect.y * placement.scale).rounded(.up)) - placement.originY + 1
        let right = Int((rect.maxX * placement.scale).rounded(.down)) - placement.originX - 1
        let bottom = Int((rect.maxY * placement.scale).rounded(.down)) - placement.originY - 1
        return DeviceRect(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0))
    }

    /// Paints the whole buffer from tiles drawn at `tileScale`, stretched to the placement's
    /// scale: what a pinch shows until the zoom settles and the tiles are drawn again.
    func paintScaled(_ rect: DeviceRect, placement: ContentPlacement, tileScale: Double, on cairo: OpaquePointer) {
        let inside = rect.intersection(placement.bufferRect)
        paintPage(rect, outside: inside, on: cairo)
        guard !inside.isEmpty else { return }
        let factor = placement.scale / tileScale
        let tileContentWidth = Int((Double(placement.width) / factor).rounded())
        let width = TileCache.tileWidth(contentWidthPixels: tileContentWidth)
        let height = TileCache.tileHeightPixels
        let left = (Double(inside.x + placement.originX) / factor).rounded(.down)
        let right = (Double(inside.maxX + placement.originX) / factor).rounded(.up)
        let top = (Double(inside.y + placement.originY) / factor).rounded(.down)
        let bottom = (Double(inside.maxY + placement.originY) / factor).rounded(.up)
        let lastColumn = max(0, (tileContentWidth - 1) / width)
        let lastRow = max(0, (Int((Double(placement.height) / factor).rounded(.up)) - 1) / height)
        cairo_save(cairo)
        cairo_rectangle(cairo, Double(inside.x), Double(inside.y), Double(inside.width), Double(inside.height))
        cairo_clip(cairo)
        cairo_translate(cairo, -Double(placement.originX), -Double(placement.originY))
        cairo_scale(cairo, factor, factor)
        // Whole-pixel edges: antialiased tile edges would leave faint seams between tiles.
        cairo_set_antialias(cairo, CAIRO_ANTIALIAS_NONE)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        for row in max(0, Int(top) / height)...min(lastRow, max(0, Int(bottom) / height)) {
            for column in max(0, Int(left) / width)...min(lastColumn, max(0, Int(right) / width)) {
                let surface = tiles.tile(column: column, row: row, width: width, scale: tileScale, content: content)
                cairo_set_source_surface(cairo, surface, Double(column * width), Double(row * height))
                cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
                cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_BILINEAR)
                cairo_rectangle(cairo, Double(column * width), Double(row * height), Double(width), Double(height))
                cairo_fill(cairo)
            }
        }
        cairo_restore(cairo)
    }

    /// Paints the page colour over `rect` except `inside` (content beyond its edges:
    /// overscroll, or content narrower than the window).
    private func paintPage(_ rect: DeviceRect, outside inside: DeviceRect, on cairo: OpaquePointer) {
        guard inside != rect else { return }
        let page = content.palette.page
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_set_source_rgba(cairo, page.red, page.green, page.blue, 1)
        cairo_rectangle(cairo, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        if !inside.isEmpty {
            cairo_rectangle(cairo, Double(inside.x), Double(inside.y), Double(inside.width), Double(inside.height))
        }
        cairo_fill(cairo)
        cairo_restore(cairo)
    }
}
