/// A picture whose dark pixels can be counted: a test's rendered frame, a screenshot, a
/// surface the test compositor read back. Each image says what dark is for it; the counting is
/// this one loop.
public protocol InkCounting {
    var width: Int { get }
    var height: Int { get }
    /// Whether the pixel at `x`, `y` is ink (dark on the light page).
    func isInk(x: Int, y: Int) -> Bool
}

extension InkCounting {
    /// How many ink pixels `rows` and `columns` (all by default) hold, looking at every
    /// `step`-th row and column.
    public func inkCount(rows: Range<Int>? = nil, columns: Range<Int>? = nil, step: Int = 1) -> Int {
        var count = 0
        for y in stride(from: rows?.lowerBound ?? 0, to: rows?.upperBound ?? height, by: step) {
            for x in stride(from: columns?.lowerBound ?? 0, to: columns?.upperBound ?? width, by: step) where isInk(x: x, y: y) {
                count += 1
            }
        }
        return count
    }
}

/// Green below 100 of 255 in a `0xAARRGGBB` pixel: dark on both light palettes (the text's
/// colour, not the page's).
public func isDarkPixel(_ pixel: UInt32) -> Bool { (pixel >> 8) & 0xff < 100 }
