import TestCompositor
import TestSupport

/// Reading what glide drew: where the text is, how far it moved, the scroll indicator.
extension SurfaceImage {
    /// Glide's page colour (`Palette`), #FBFAF7.
    public static let pageColor: UInt32 = 0xFB_FAF7

    /// One value per row that differs between rows with different pixels in columns
    /// `columns` (FNV-1a over the pixels), for matching rows between frames.
    public func rowHashes(columns: Range<Int>) -> [UInt64] {
        (0..<height).map { row in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for column in columns {
                hash = (hash ^ UInt64(pixels[row * width + column] & 0xff_ffff)) &* 0x100_0000_01b3
            }
            return hash
        }
    }

    /// Whether row `row` has ink (a pixel clearly darker than the page) in `columns`.
    public func rowHasInk(_ row: Int, columns: Range<Int>) -> Bool {
        columns.contains { luminance(x: $0, y: row) < 160 }
    }

    /// The content's vertical movement from `earlier` to this image, in buffer px (positive:
    /// the content moved up, as when the offset grows), found as the shift in `range` that
    /// matches the most rows with ink; with the fraction of those rows that match exactly.
    ///
    /// The columns left of the indicator's strip are compared, so the indicator, which
    /// moves differently, does not count.
    public func verticalShift(from earlier: SurfaceImage, in range: ClosedRange<Int>) -> (shift: Int, matching: Double) {
        let columns = 0..<(width - width / 40)
        let mine = rowHashes(columns: columns), theirs = earlier.rowHashes(columns: columns)
        let inked = (0..<height).filter { rowHasInk($0, columns: columns) }
        var best = (shift: 0, matching: -1.0)
        for shift in range {
            let comparable = inked.filter { (0..<earlier.height).contains($0 + shift) }
            guard comparable.count > height / 10 else { continue }
            let matches = comparable.filter { mine[$0] == theirs[$0 + shift] }.count
            let fraction = Double(matches) / Double(comparable.count)
            if fraction > best.matching { best = (shift, fraction) }
        }
        return best
    }

    /// How many pixels of the scroll indicator's strip are drawn: the column band `inset` to
    /// `inset + thickness` logical px from the right edge (3 and 3 in `OverlayStyle`), at
    /// `scale` buffer px per logical px, over the whole height, darker than the page.
    public func indicatorPixelCount(scale: Int = 1, inset: Int = 3, thickness: Int = 3) -> Int {
        let columns = (width - (inset + thickness) * scale)..<(width - inset * scale)
        var count = 0
        for y in 0..<height {
            for x in columns where luminance(x: x, y: y) < 235 { count += 1 }
        }
        return count
    }

    /// The darkest luminance in the indicator's strip (255 when it is not drawn).
    public func indicatorDarkestLuminance(scale: Int = 1, inset: Int = 3, thickness: Int = 3) -> Double {
        rightEdgeDarkest(scale: scale, inset: inset, thickness: thickness).min() ?? 255
    }

    /// Of the 2×2 blocks of pixels that hold ink, the fraction whose four pixels are not all
    /// equal: 0 for an image upscaled ×2 by pixel doubling, high for text drawn at the
    /// buffer's full resolution.
    public func fractionOfInkBlocksWithDetail() -> Double {
        var inked = 0, detailed = 0
        for y in stride(from: 0, to: height - 1, by: 2) {
            for x in stride(from: 0, to: width - 1, by: 2) {
                let block = [rgb(x: x, y: y), rgb(x: x + 1, y: y), rgb(x: x, y: y + 1), rgb(x: x + 1, y: y + 1)]
                guard block.contains(where: { $0 != Self.pageColor }) else { continue }
                inked += 1
                if Set(block).count > 1 { detailed += 1 }
            }
        }
        return inked == 0 ? 0 : Double(detailed) / Double(inked)
    }

    /// The image reduced by `factor` in each direction, each pixel the mean luminance of
    /// its block, as a grid of luminances.
    public func downsampledLuminance(by factor: Int) -> [[Double]] {
        (0..<(height / factor)).map { row in
            (0..<(width / factor)).map { column in
                var sum = 0.0
                for dy in 0..<factor {
                    for dx in 0..<factor { sum += luminance(x: column * factor + dx, y: row * factor + dy) }
                }
                return sum / Double(factor * factor)
            }
        }
    }

    /// The rightmost column with ink (luminance below 160), left of the indicator's strip;
    /// -1 if there is none.
    public func rightmostInkColumn() -> Int {
        for x in stride(from: width - 12, through: 0, by: -1) {
            for y in 0..<height where luminance(x: x, y: y) < 160 { return x }
        }
        return -1
    }

    /// The luminances as a grid, row by row.
    public var luminanceGrid: [[Double]] { downsampledLuminance(by: 1) }
}

extension SurfaceImage: RGBPixels {}

extension SurfaceImage: InkCounting {
    /// Green below 100 of 255: text on the light page.
    public func isInk(x: Int, y: Int) -> Bool { isDarkPixel(rgb(x: x, y: y)) }
}
