import Glibc

/// Moving the pixels already in a buffer, for a scrolling frame: a copy of what stays on
/// screen costs about as much as writing the buffer once, far less than drawing it.
enum BufferBlit {
    /// Moves the pixels of `buffer` so that the pixel at (x, y) lands at (x − dx, y − dy);
    /// the rows and columns that come into view keep stale pixels, to be drawn by the caller.
    static func move(_ buffer: PixelBuffer, dx: Int, dy: Int) {
        let rows = max(0, -dy)..<min(buffer.height, buffer.height - dy)
        let columns = max(0, -dx)..<min(buffer.width, buffer.width - dx)
        guard !rows.isEmpty, !columns.isEmpty, dx != 0 || dy != 0 else { return }
        let stride = buffer.stride
        if dx == 0 {
            // Whole rows: one move of the block that stays.
            memmove(buffer.pixels + rows.lowerBound * stride, buffer.pixels + (rows.lowerBound + dy) * stride,
                    rows.count * stride)
            return
        }
        let byteCount = columns.count * 4
        // Rows go in the order that never overwrites a source row before it is read.
        let order: [Int] = dy > 0 ? Array(rows) : rows.reversed()
        for row in order {
            memmove(buffer.pixels + row * stride + columns.lowerBound * 4,
                    buffer.pixels + (row + dy) * stride + (columns.lowerBound + dx) * 4, byteCount)
        }
    }

    /// The parts of a `width`×`height` buffer moved by (dx, dy) that hold no moved pixels.
    static func exposedRects(width: Int, height: Int, dx: Int, dy: Int) -> [DeviceRect] {
        var rects: [DeviceRect] = []
        if dy > 0 { rects.append(DeviceRect(x: 0, y: height - dy, width: width, height: dy)) }
        if dy < 0 { rects.append(DeviceRect(x: 0, y: 0, width: width, height: -dy)) }
        if dx > 0 { rects.append(DeviceRect(x: width - dx, y: 0, width: dx, height: height)) }
        if dx < 0 { rects.append(DeviceRect(x: 0, y: 0, width: -dx, height: height)) }
        return rects
    }
}
