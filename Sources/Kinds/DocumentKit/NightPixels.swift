/// Night pages: pixels with their lightness inverted and their hue and saturation kept (HSL),
/// so white paper turns black, black text white, and a red stays the same red. Done by a page
/// renderer on what it drew (issue 26).
public enum NightPixels {
    /// Inverts the lightness of `count` cairo RGB24/ARGB32 pixels in place (alpha kept). In HSL,
    /// lightness is (max + min) / 2 of the channels; adding 255 − max − min to each channel makes
    /// it 1 − L while keeping max − min (the chroma) and the channels' order (the hue), and every
    /// channel stays within 0…255.
    public static func invertLightness(_ pixels: UnsafeMutableRawPointer, count: Int) {
        let words = pixels.assumingMemoryBound(to: UInt32.self)
        for index in 0..<count {
            let pixel = words[index]
            let red = Int((pixel >> 16) & 0xff), green = Int((pixel >> 8) & 0xff), blue = Int(pixel & 0xff)
            let shift = 255 - max(red, green, blue) - min(red, green, blue)
            words[index] = (pixel & 0xff00_0000) | UInt32(red + shift) << 16 | UInt32(green + shift) << 8 | UInt32(blue + shift)
        }
    }
}
