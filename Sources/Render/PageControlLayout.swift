import ScrollEngine

/// Where the page control's dots are drawn in a viewport, for drawing and for hit-testing
/// taps and scrubs, in logical px.
///
/// As many dots as fit are shown (UIPageControl: "a certain number of dots are displayed
/// before they're clipped"); with more pages the visible run follows the current page, and
/// the dots at an edge with more pages beyond it shrink, as on iOS 14.
public struct PageControlLayout: Sendable, Equatable {
    /// One drawn dot.
    public struct Dot: Sendable, Equatable {
        public var page: Int
        /// The dot's centre.
        public var centerX: Double
        public var radius: Double
        public var isCurrent: Bool
    }

    public let dots: [Dot]
    /// The dots' centre line.
    public let centerY: Double
    /// The rounded backdrop behind the dots.
    public let backdropX: Double
    public let backdropWidth: Double
    public let backdropHeight: Double
    /// The number of pages and the current one.
    public let pageCount: Int
    public let currentPage: Int

    public init(_ model: PageControlModel, viewportWidth: Double, viewportHeight: Double, style: OverlayStyle) {
        let pitch = model.dotPitchPixels
        let room = viewportWidth - 2 * style.pageControlSideMarginPixels - style.pageControlBackdropHeightPixels
        let fitting = max(1, Int(room / max(pitch, 1)) + 1)
        let visible = min(model.numberOfPages, fitting)
        let first = min(max(model.currentPage - visible / 2, 0), max(model.numberOfPages - visible, 0))
        let centerX = viewportWidth / 2
        var dots: [Dot] = []
        for slot in 0..<visible {
            let page = first + slot
            let isCurrent = page == model.currentPage
            var radius = isCurrent ? style.currentDotRadiusPixels : style.dotRadiusPixels
            // Shrink towards an edge that has more pages beyond it.
            let fromStart = slot, fromEnd = visible - 1 - slot
            if first > 0, fromStart < style.edgeDotScales.count { radius *= style.edgeDotScales[fromStart] }
            if first + visible < model.numberOfPages, fromEnd < style.edgeDotScales.count {
                radius *= style.edgeDotScales[fromEnd]
            }
            dots.append(Dot(page: page, centerX: centerX + (Double(slot) - Double(visible - 1) / 2) * pitch,
                            radius: radius, isCurrent: isCurrent))
        }
        self.dots = dots
        centerY = viewportHeight - style.pageControlBottomInsetPixels
        backdropHeight = style.pageControlBackdropHeightPixels
        backdropWidth = Double(max(visible - 1, 0)) * pitch + backdropHeight
        backdropX = centerX - backdropWidth / 2
        pageCount = model.numberOfPages
        currentPage = model.currentPage
    }

    /// Whether a point lies on the control (its backdrop, with a 44 px tall touch target as in
    /// Apple's Human Interface Guidelines).
    public func contains(x: Double, y: Double) -> Bool {
        x >= backdropX && x <= backdropX + backdropWidth && abs(y - centerY) <= max(backdropHeight, 44) / 2
    }

    /// Which way a tap at `x` moves: towards the side of the current dot it lands on.
    public func direction(ofTapAtX x: Double) -> PageDirection {
        let current = dots.first(where: \.isCurrent)?.centerX ?? backdropX + backdropWidth / 2
        return x < current ? .previous : .next
    }

    /// Whether a finger that landed on the control at `startX` and is now at `x` scrubs: once
    /// it reaches another page's dot; a shake within one dot stays a tap.
    public func isScrub(fromX startX: Double, toX x: Double) -> Bool {
        page(atScrubX: x) != page(atScrubX: startX)
    }

    /// The page a finger scrubbing along the control at `x` selects: the nearest dot's, and
    /// past the ends the pages beyond them, one per dot pitch.
    public func page(atScrubX x: Double) -> Int {
        guard let first = dots.first, let last = dots.last else { return 0 }
        let pitch = dots.count > 1 ? (last.centerX - first.centerX) / Double(dots.count - 1) : 1
        let page = first.page + Int(((x - first.centerX) / max(pitch, 1)).rounded())
        return min(max(page, 0), max(pageCount - 1, 0))
    }
}
