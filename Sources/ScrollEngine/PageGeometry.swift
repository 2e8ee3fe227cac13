/// The pages along one axis: the viewport's size apart from the first offset, the last page
/// ending at the last offset (as UIScrollView's `isPagingEnabled` stops on multiples of its
/// bounds).
struct PageGeometry {
    /// The smallest offset, page 0, in px.
    var firstOffset: Double
    /// The largest offset, the last page, in px.
    var lastOffset: Double
    /// The distance between pages (the viewport's size), in px.
    var pageLength: Double

    /// The most pages counted: far more than any document has, and small enough that page
    /// arithmetic never overflows an Int, whatever content size a caller gives.
    static let maximumPageCount = 1 << 40

    /// How many pages there are; at least one.
    var pageCount: Int {
        guard pageLength > 0, lastOffset > firstOffset else { return 1 }
        // A sliver under a thousandth of a pixel past whole pages is rounding, not a page.
        let pages = ((lastOffset - firstOffset) / pageLength - 0.001).rounded(.up)
        guard pages.isFinite else { return PageGeometry.maximumPageCount }
        return Int(min(pages, Double(PageGeometry.maximumPageCount - 1))) + 1
    }

    /// The offset showing `page`, in px.
    func offset(ofPage page: Int) -> Double {
        min(firstOffset + Double(page) * pageLength, lastOffset)
    }

    /// The page whose offset is nearest to `offset`.
    func nearestPage(to offset: Double) -> Int {
        let lower = clampedPage(Int(fractionalPage(at: offset).rounded(.down)))
        let upper = clampedPage(lower + 1)
        let isUpperNearer = abs(self.offset(ofPage: upper) - offset)
            < abs(self.offset(ofPage: lower) - offset)
        return isUpperNearer ? upper : lower
    }

    /// The page a release at `offset` px with `velocity` px/s goes to: the next page in the
    /// fling's direction when faster than `threshold` px/s, else the nearest page (Flutter's
    /// PageScrollPhysics: round(page ± 0.5)), so never more than one page.
    func releasePage(from offset: Double, velocity: Double, threshold: Double) -> Int {
        let page = fractionalPage(at: offset)
        if velocity > threshold { return clampedPage(Int(page.rounded(.down)) + 1) }
        if velocity < -threshold { return clampedPage(Int(page.rounded(.up)) - 1) }
        return nearestPage(to: offset)
    }

    /// `page` limited to the pages that exist.
    func clampedPage(_ page: Int) -> Int {
        min(max(page, 0), pageCount - 1)
    }

    private func fractionalPage(at offset: Double) -> Double {
        guard pageLength > 0 else { return 0 }
        let page = (offset - firstOffset) / pageLength
        return min(max(page, -1), Double(pageCount))
    }
}
