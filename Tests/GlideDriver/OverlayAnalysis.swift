import TestCompositor

/// Reading glide's overlays from its pixels: the page control's dots and the scroll bar that
/// a hovered indicator widens into.
extension SurfaceImage {
    /// The page control's dots, left to right, and which is the current page's.
    ///
    /// The dots sit on a rounded backdrop of the page's colour whose centre line is
    /// `bottomInset` logical px (`OverlayStyle`: a 9 px gap below a 26 px backdrop, so 22)
    /// above the bottom edge; the current dot is drawn at 0.9 opacity, the others at 0.3. The
    /// backdrop's extent is read on a row `probe` px above the dots (clear of their 3.5 px
    /// radius, inside the backdrop's 13 px half-height), then the dots are the runs of the
    /// centre line darker than it.
    public func pageControlDots(scale: Int = 1, bottomInset: Int = 22, probe: Int = 8) -> (centres: [Double], current: Int?) {
        let row = height - bottomInset * scale, probeRow = row - probe * scale, middle = width / 2
        let backdrop = luminance(x: middle, y: probeRow)
        func isBackdrop(_ x: Int) -> Bool { abs(luminance(x: x, y: probeRow) - backdrop) < 8 }
        var left = middle, right = middle
        while left > 0, isBackdrop(left - 1) { left -= 1 }
        while right < width - 1, isBackdrop(right + 1) { right += 1 }

        var runs: [(start: Int, end: Int, darkest: Double)] = []
        for x in left...right {
            let value = luminance(x: x, y: row)
            guard value < backdrop - 25 else { continue }
            if let last = runs.last, last.end == x - 1 {
                runs[runs.count - 1] = (last.start, x, min(last.darkest, value))
            } else {
                runs.append((x, x, value))
            }
        }
        let darkest = runs.indices.min { runs[$0].darkest < runs[$1].darkest }
        return (runs.map { Double($0.start + $0.end) / 2 / Double(scale) }, darkest)
    }

    /// For each row, how many pixels of the band `inset + thickness` to `inset` logical px
    /// from the right edge differ from the page (`pageColor`): the columns a scroll bar (8 px
    /// when widened, `OverlayStyle.expandedIndicatorThicknessPixels`) or its track covers.
    public func rightEdgeInkWidths(scale: Int = 1, inset: Int = 3, thickness: Int = 8) -> [Int] {
        let columns = (width - (inset + thickness) * scale)..<(width - inset * scale)
        return (0..<height).map { y in columns.filter { rgb(x: $0, y: y) != Self.pageColor }.count }
    }

    /// For each row, the darkest luminance in the same band (255 where nothing is drawn).
    public func rightEdgeDarkest(scale: Int = 1, inset: Int = 3, thickness: Int = 8) -> [Double] {
        let columns = (width - (inset + thickness) * scale)..<(width - inset * scale)
        return (0..<height).map { y in columns.map { luminance(x: $0, y: y) }.min() ?? 255 }
    }

    /// The most common distance in px between the tops of consecutive lines of text (runs of
    /// rows with ink) left of the indicator's strip: the line height, which scales with the zoom.
    public func commonLinePitch() -> Int {
        let columns = 0..<(width - width / 40)
        var tops: [Int] = []
        var wasInked = false
        for row in 0..<height {
            let inked = rowHasInk(row, columns: columns)
            if inked && !wasInked { tops.append(row) }
            wasInked = inked
        }
        var counts: [Int: Int] = [:]
        for pitch in zip(tops.dropFirst(), tops).map({ $0 - $1 }) { counts[pitch, default: 0] += 1 }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
    }
}
