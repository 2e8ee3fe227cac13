/// Night pages: pixels with their lightness inverted and their hue and saturation kept (HSL),
/// so white paper turns black, black text white, and a red stays the same red. Done where the
/// pixels are made (a page renderer, an image decoder), never on the frame path (issue 26).
public enum NightPixels {
    /// Inverts the lightness of `count` opaque cairo RGB24/ARGB32 pixels in place (the top
    /// byte kept). In HSL, lightness is (max + min) / 2 of the channels; adding
    /// 255 − max − min to each channel makes it 1 − L while keeping max − min (the chroma) and
    /// the channels' order (the hue), and every channel stays within 0…255.
    ///
    /// The channels move by the same amount and each stays within 0…255, so the shift is
    /// added to the packed red, green and blue at once (times 0x010101), in wrapping
    /// arithmetic that is exact here and lets the compiler vectorise the loop: night pages
    /// must cost little next to drawing the page (`glide-bench pages`).
    public static func invertLightness(_ pixels: UnsafeMutableRawPointer, count: Int) {
        let words = pixels.assumingMemoryBound(to: UInt32.self)
        for index in 0..<count {
            let pixel = words[index]
            let red = (pixel >> 16) & 0xff, green = (pixel >> 8) & 0xff, blue = pixel & 0xff
            let shift = 255 &- max(red, green, blue) &- min(red, green, blue)
            words[index] = (pixel & 0xff00_0000) | ((pixel & 0x00ff_ffff) &+ shift &* 0x01_0101)
        }
    }
}
