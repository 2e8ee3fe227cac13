import CPixels

/// Night pages: pixels with their lightness inverted and their hue and saturation kept (HSL),
/// so white paper turns black, black text white, and a red stays the same red. Done where the
/// pixels are made (a page renderer, an image decoder), never on the frame path (issue 26).
public enum NightPixels {
    /// Inverts the lightness of `count` opaque cairo RGB24/ARGB32 pixels in place (the top
    /// byte kept). In HSL, lightness is (max + min) / 2 of the channels; adding
    /// 255 − max − min to each channel makes it 1 − L while keeping max − min (the chroma) and
    /// the channels' order (the hue), and every channel stays within 0…255.
    ///
    /// The loop is C's (`glide_invert_lightness`): SSE2's byte-wise maximum and minimum do four
    /// pixels at a time, twice as fast as Swift's vectorised loop over 32-bit pixels, which has
    /// no unsigned 32-bit maximum before SSE4.1. Night pages must cost little next to drawing
    /// the page (`glide-bench pages night`: a page of text costs poppler about 4 ms at 2 px/pt,
    /// and one pass over its 1.9 million pixels about 1 ms of that).
    public static func invertLightness(_ pixels: UnsafeMutableRawPointer, count: Int) {
        glide_invert_lightness(pixels.assumingMemoryBound(to: UInt32.self), count)
    }
}
