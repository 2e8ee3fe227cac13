import DocumentKit
import PageKit

/// A fixed-layout book's pages two side by side, as the paged kinds' (`PageFrames` places
/// them): `d` and Shift+D, a manga's order with `--right-to-left` (or the package's
/// `page-progression-direction`, not read yet).
extension FixedLayoutPagesLayout: PageSpreads {
    var pageSpreads: (any PageSpreads)? { self }

    var showsSpreads: Bool { frames.showsSpreads }

    var hasCover: Bool { frames.hasCover }

    var readsRightToLeft: Bool { frames.readsRightToLeft }

    /// The page at `point` (else the reading position's) stays the reading position.
    func arrange(spreads: Bool, cover: Bool, keepingPageAt point: ContentPoint?) {
        guard spreads != frames.showsSpreads || cover != frames.hasCover else { return }
        if let point, pageCount > 0, viewportWidth > 0 { anchorPage = page(at: point) }
        frames.arrange(spreads: spreads, cover: cover, size: pointSize)
        changeLog.record(.everything)
    }

    func readRightToLeft() {
        frames.readsRightToLeft = true
        changeLog.record(.everything)
    }

    func pages(atSlot slot: Int) -> ClosedRange<Int> {
        pageCount > 0 ? frames.pages(atSlot: min(max(slot, 0), frames.slotCount - 1)) : 0...0
    }

    func slot(ofPage page: Int) -> Int { frames.slot(ofPage: page) }
}
