import CCairo
import Document

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
        let side = TileCache.tileSizePixels
        let columns = (inside.x + placement.originX) / side...(inside.maxX - 1 + placement.originX) / side
        let rows = (inside.y + placement.originY) / side...(inside.maxY - 1 + placement.originY) / side
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        for row in rows {
            for column in columns {
                let surface = tiles.tile(column: column, row: row, scale: placement.scale, content: content)
                let tileRect = DeviceRect(x: column * side - placement.originX, y: row * side - placement.originY,
                                          width: side, height: side).intersection(inside)
                cairo_set_source_surface(cairo, surface, Double(column * side - placement.originX),
                                         Double(row * side - placement.originY))
                cairo_rectangle(cairo, Double(tileRect.x), Double(tileRect.y), Double(tileRect.width), Double(tileRect.height))
                cairo_fill(cairo)
            }
        }
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
    }

    /// Paints the whole buffer from tiles drawn at `tileScale`, stretched to the placement's
    /// scale: what a pinch shows until the zoom settles and the tiles are drawn again.
    func paintScaled(_ rect: DeviceRect, placement: ContentPlacement, tileScale: Double, on cairo: OpaquePointer) {
        let inside = rect.intersection(placement.bufferRect)
        paintPage(rect, outside: inside, on: cairo)
        guard !inside.isEmpty else { return }
        let factor = placement.scale / tileScale
        let side = TileCache.tileSizePixels
        let left = (Double(inside.x + placement.originX) / factor).rounded(.down)
        let right = (Double(inside.maxX + placement.originX) / factor).rounded(.up)
        let top = (Double(inside.y + placement.originY) / factor).rounded(.down)
        let bottom = (Double(inside.maxY + placement.originY) / factor).rounded(.up)
        let lastColumn = max(0, (Int((Double(placement.width) / factor).rounded(.up)) - 1) / side)
        let lastRow = max(0, (Int((Double(placement.height) / factor).rounded(.up)) - 1) / side)
        cairo_save(cairo)
        cairo_rectangle(cairo, Double(inside.x), Double(inside.y), Double(inside.width), Double(inside.height))
        cairo_clip(cairo)
        cairo_translate(cairo, -Double(placement.originX), -Double(placement.originY))
        cairo_scale(cairo, factor, factor)
        // Whole-pixel edges: antialiased tile edges would leave faint seams between tiles.
        cairo_set_antialias(cairo, CAIRO_ANTIALIAS_NONE)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        for row in max(0, Int(top) / side)...min(lastRow, max(0, Int(bottom) / side)) {
            for column in max(0, Int(left) / side)...min(lastColumn, max(0, Int(right) / side)) {
                let surface = tiles.tile(column: column, row: row, scale: tileScale, content: content)
                cairo_set_source_surface(cairo, surface, Double(column * side), Double(row * side))
                cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
                cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_BILINEAR)
                cairo_rectangle(cairo, Double(column * side), Double(row * side), Double(side), Double(side))
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
