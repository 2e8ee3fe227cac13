import Localization
import ScrollEngine

/// Where the page control's dots are drawn in a viewport, and the one rule for what a tap or
/// a scrub on it does, in logical px.
///
/// At most `OverlayStyle.maximumVisibleDots` dots show (Apple's guidance: more than about 10
/// cannot be counted at a glance). With more pages the run of dots follows the current page,
/// and the dots at an edge with more pages beyond it shrink, as UIPageControl's do since
/// iOS 14. The control sits centred at the bottom, inside the band a paged view reserves for
/// it (`OverlayStyle.pageControlReservedHeightPixels`), so at rest it covers no content.
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
    /// The distance between neighbouring dot centres.
    public let pitch: Double
    /// The height of the area that answers touches, centred on the dots.
    public let hitHeight: Double
    /// The number of pages and the current one.
    public let pageCount: Int
    public let currentPage: Int

    public init(_ model: PageControlModel, viewportWidth: Double, viewportHeight: Double, style: OverlayStyle) {
        pitch = style.dotPitchPixels
        let room = viewportWidth - 2 * style.pageControlSideMarginPixels - style.pageControlBackdropHeightPixels
        let fitting = max(1, Int(room / max(pitch, 1)) + 1)
        let visible = max(0, min(model.numberOfPages, fitting, style.maximumVisibleDots))
        let current = min(max(model.currentPage, 0), max(model.numberOfPages - 1, 0))
        // The run keeps the current dot in its middle, and stops at the first and last page.
        let first = min(max(current - (visible - 1) / 2, 0), max(model.numberOfPages - visible, 0))
        let centerX = viewportWidth / 2
        var dots: [Dot] = []
        for slot in 0..<visible {
            let page = first + slot
            var radius = style.dotDiameterPixels / 2
            let fromStart = slot, fromEnd = visible - 1 - slot
            if first > 0, fromStart < style.edgeDotScales.count { radius *= style.edgeDotScales[fromStart] }
            if first + visible < model.numberOfPages, fromEnd < style.edgeDotScales.count {
                radius *= style.edgeDotScales[fromEnd]
            }
            dots.append(Dot(page: page, centerX: centerX + (Double(slot) - Double(visible - 1) / 2) * pitch,
                            radius: radius, isCurrent: page == current))
        }
        self.dots = dots
        backdropHeight = style.pageControlBackdropHeightPixels
        centerY = viewportHeight - style.pageControlBottomGapPixels - backdropHeight / 2
        backdropWidth = Double(max(visible - 1, 0)) * pitch + backdropHeight
        backdropX = centerX - backdropWidth / 2
        hitHeight = max(backdropHeight, style.minimumTouchTargetPixels)
        pageCount = model.numberOfPages
        currentPage = current
    }

    /// Whether a point lies on the control: its backdrop, widened and heightened to a touch
    /// target of at least 44 px (Apple's Human Interface Guidelines).
    public func contains(x: Double, y: Double) -> Bool {
        let halfWidth = max(backdropWidth, hitHeight) / 2
        return abs(x - (backdropX + backdropWidth / 2)) <= halfWidth && abs(y - centerY) <= hitHeight / 2
    }

    /// Which way a tap at `x` moves: towards the side of the current dot it lands on.
    public func direction(ofTapAtX x: Double) -> PageDirection {
        let current = dots.first(where: \.isCurrent)?.centerX ?? backdropX + backdropWidth / 2
        return x < current ? .previous : .next
    }

    /// Whether a finger that landed on the control at `startX` and is now at `x` scrubs: once
    /// it has travelled half a dot pitch, where a scrub would select another page; a shake
    /// within that stays a tap.
    public func isScrub(fromX startX: Double, toX x: Double) -> Bool {
        abs(x - startX) >= pitch / 2
    }

    /// The page a finger selects that went down on the control at `startX` while `startPage`
    /// showed and now is at `x`: one page per dot pitch travelled, in sequence, and past an
    /// end of the backdrop the first or last page ("scrubbing past the leading or trailing
    /// edge helps people quickly reach the first or last page", Apple's HIG).
    public func page(scrubbingFrom startX: Double, startPage: Int, to x: Double) -> Int {
        let last = max(pageCount - 1, 0)
        if x < backdropX { return 0 }
        if x > backdropX + backdropWidth { return last }
        let page = startPage + Int(((x - startX) / max(pitch, 1)).rounded())
        return min(max(page, 0), last)
    }

    /// The transient label above the control: the page of the pages, after the label printed
    /// on the page where it has one (`xii (12 / 245)`, as Evince's page entry shows a label
    /// with its number), and the title of what that page shows when several files are open.
    /// `shownPages` are the document's pages the current page shows and how many it has, where
    /// they are not the control's own (a spread's two: `12–13 / 245`).
    public func label(title: String?, pageLabel: String? = nil, shownPages: ShownPages? = nil) -> String {
        var position = LocalizedNumber.string(currentPage + 1) + " / " + LocalizedNumber.string(pageCount)
        if let shownPages {
            position = shownPages.pages.count == 1 ? LocalizedNumber.string(shownPages.pages.lowerBound + 1)
                : LocalizedNumber.string(shownPages.pages.lowerBound + 1) + "–" + LocalizedNumber.string(shownPages.pages.upperBound + 1)
            position += " / " + LocalizedNumber.string(shownPages.pageCount)
        }
        if let pageLabel, !pageLabel.isEmpty { position = "\(pageLabel) (\(position))" }
        guard let title, !title.isEmpty else { return position }
        return "\(title) · \(position)"
    }

    /// The centre line of the transient label, above the control's touch target.
    public var labelCenterY: Double { centerY - hitHeight / 2 - 8 }

    /// The width of the label's touch target in logical px: a label such as `xii (12 / 245)`
    /// at 13 px is about 100 px wide, and a finger needs room around it.
    static let labelTargetWidthPixels = 160.0

    /// Whether a point lies on the transient label: a touch target 44 px tall (Apple's Human
    /// Interface Guidelines) around its centre line, as wide as a label with room, or the
    /// control's backdrop when that is wider.
    public func labelContains(x: Double, y: Double) -> Bool {
        let halfWidth = max(backdropWidth, PageControlLayout.labelTargetWidthPixels) / 2
        return abs(x - (backdropX + backdropWidth / 2)) <= halfWidth && abs(y - labelCenterY) <= hitHeight / 2
    }
}

/// The document's pages a paged view's page shows, where they are not the view's own (a
/// spread's two), and how many the document has: what the page label counts.
public struct ShownPages: Sendable, Equatable {
    public var pages: ClosedRange<Int>
    public var pageCount: Int

    public init(pages: ClosedRange<Int>, pageCount: Int) {
        self.pages = pages
        self.pageCount = pageCount
    }
}
