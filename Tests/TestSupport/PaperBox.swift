/// A picture whose pixels can be read as 0xRRGGBB: a test's rendered frame, a screenshot, a
/// surface the test compositor read back.
public protocol RGBPixels {
    var width: Int { get }
    var height: Int { get }
    /// The pixel at `x`, `y` as 0xRRGGBB.
    func rgb(x: Int, y: Int) -> UInt32
}

extension RGBPixels {
    /// The box around the pure white pixels, in px: a page's paper, on Glide's warm off-white
    /// (0xFBFAF7) or dark background, which are never pure white. Every `step`-th row and
    /// column is looked at; nil when no pixel is white. A page's shape (upright or on its
    /// side) is this box's aspect.
    public func paperBox(step: Int = 2) -> (x: Int, y: Int, width: Int, height: Int)? {
        var left = Int.max, right = -1, top = Int.max, bottom = -1
        for y in stride(from: 0, to: height, by: step) {
            for x in stride(from: 0, to: width, by: step) where rgb(x: x, y: y) == 0xFF_FFFF {
                left = min(left, x)
                right = max(right, x)
                top = min(top, y)
                bottom = max(bottom, y)
            }
        }
        guard right >= 0 else { return nil }
        return (left, top, right - left + 1, bottom - top + 1)
    }
}
