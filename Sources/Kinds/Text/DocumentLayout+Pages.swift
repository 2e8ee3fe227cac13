import DocumentKit

/// Finding blocks' pages in paging mode, for an outline that follows the pages.
extension DocumentLayout {
    /// The page (from 0) on which the text of the block at `location` starts; 0 when the
    /// layout is not paginated.
    ///
    /// Exact when the block's section has been laid out since the last reflow, and its place
    /// as exact as the heights of the sections before it. Otherwise estimated from the
    /// section's place and the block's share of its text, so it may be a page or two off
    /// until the section comes near the viewport.
    public func page(of location: BlockLocation) -> Int {
        guard isPaginated, viewportHeight > 0, location.section < document.sectionCount else { return 0 }
        let offset: Double
        if let tops = blockTextTops[location.section], location.block < tops.count {
            offset = tops[location.block]
        } else {
            offset = location.shareOfSectionBefore * height(ofSection: location.section)
        }
        let page = Int(((top(ofSection: location.section) + offset) / viewportHeight).rounded(.down))
        return min(max(page, 0), pageCount - 1)
    }
}
