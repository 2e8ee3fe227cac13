import Glibc

/// Moving the pixels already in a buffer, for a scrolling frame: a copy of what stays on
/// screen costs about as much as writing the buffer once, far less than drawing it. A buffer
/// with room around its pixels (`PixelBuffer.roomBeforeBytes`) moves where it starts instead,
/// which copies nothing: foot scrolls its terminal this way (`shm_scroll` in its `shm.c`
/// moves a `wl_buffer`'s offset into its memfd).
public enum BufferBlit {
    /// The room to give a buffer for sliding, in heights of the buffer (before and after its
    /// pixels together). One height: a buffer drawn every other frame of a 5,000 px/s fling
    /// in an 800 px window moves 167 px a frame, so four frames of five slide and the fifth
    /// copies once, for one more buffer's worth of shared memory (touched only as the pixels
    /// slide over it).
    public static let slideRoomHeights = 1

    /// Moves the pixels of `buffer` so that the pixel at (x, y) lands at (x − dx, y − dy);
    /// the rows and columns that come into view keep stale pixels, to be drawn by the caller.
    /// Returns the buffer as it now lies: where its room allows, the same memory starting
    /// `dy` rows and `dx` pixels further on, so nothing was copied.
    static func move(_ buffer: PixelBuffer, dx: Int, dy: Int) -> PixelBuffer {
        let rows = max(0, -dy)..<min(buffer.height, buffer.height - dy)
        let columns = max(0, -dx)..<min(buffer.width, buffer.width - dx)
        guard !rows.isEmpty, !columns.isEmpty, dx != 0 || dy != 0 else { return buffer }
        let stride = buffer.stride
        // Pixel (x, y) of a buffer starting `shift` bytes on is pixel (x + dx, y + dy) of this
        // one, wherever x + dx is still inside a row; the other columns are the exposed ones.
        let shift = dy * stride + dx * 4
        if -buffer.roomBeforeBytes <= shift, shift <= buffer.roomAfterBytes {
            return buffer.sliding(by: shift)
        }
        if buffer.roomBeforeBytes + buffer.roomAfterBytes > 0 {
            // Out of room: one copy of what stays to the far end of the room, behind the
            // motion, so the frames after this one slide again.
            let start = shift > 0 ? -buffer.roomBeforeBytes : buffer.roomAfterBytes
            let kept = max(0, -shift)..<min(buffer.byteCount, buffer.byteCount - shift)
            memmove(buffer.pixels + start + kept.lowerBound, buffer.pixels + kept.lowerBound + shift, kept.count)
            return buffer.sliding(by: start)
        }
        if dx == 0 {
            // Whole rows: one move of the block that stays.
            memmove(buffer.pixels + rows.lowerBound * stride, buffer.pixels + (rows.lowerBound + dy) * stride,
                    rows.count * stride)
            return buffer
        }
        let byteCount = columns.count * 4
        // Rows go in the order that never overwrites a source row before it is read.
        let order: [Int] = dy > 0 ? Array(rows) : rows.reversed()
        for row in order {
            memmove(buffer.pixels + row * stride + columns.lowerBound * 4,
                    buffer.pixels + (row + dy) * stride + (columns.lowerBound + dx) * 4, byteCount)
        }
        return buffer
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
