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
        guard dx != 0 || dy != 0, abs(dx) < buffer.width, abs(dy) < buffer.height else { return buffer }
        // Pixel (x, y) of a buffer starting `shift` bytes on is pixel (x + dx, y + dy) of this
        // one, wherever x + dx is still inside a row; the other columns are the exposed ones.
        let shift = dy * buffer.stride + dx * 4
        if -buffer.roomBeforeBytes <= shift, shift <= buffer.roomAfterBytes {
            return buffer.sliding(by: shift)
        }
        // Out of room (or none): one copy of what stays, in place or to the far end of the
        // room behind the motion, so the frames after this one slide again.
        let start = buffer.roomBeforeBytes + buffer.roomAfterBytes == 0 ? 0
            : shift > 0 ? -buffer.roomBeforeBytes : buffer.roomAfterBytes
        let kept = max(0, -shift)..<min(buffer.byteCount, buffer.byteCount - shift)
        memmove(buffer.pixels + start + kept.lowerBound, buffer.pixels + kept.lowerBound + shift, kept.count)
        return buffer.sliding(by: start)
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
