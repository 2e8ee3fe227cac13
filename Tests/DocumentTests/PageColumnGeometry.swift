@testable import DocumentKit
import PageKit

/// Letter pages in a column, 600 px wide and 10 px apart, as a page scheduler's tests lay them
/// out: every page measured, none paged.
final class PageColumnGeometry: PageGeometry {
    var palette = Palette.light
    let isPaged = false
    let pageCount: Int
    let viewportWidth = 600.0
    let viewportHeight = 800.0
    /// From one page's top to the next one's, in logical px.
    static let pitch = 786.0

    init(pageCount: Int) {
        self.pageCount = pageCount
    }

    func pages(meeting rect: ContentRect) -> ClosedRange<Int> {
        let first = min(max(Int((rect.y / PageColumnGeometry.pitch).rounded(.down)), 0), pageCount - 1)
        let last = min(max(Int((rect.maxY / PageColumnGeometry.pitch).rounded(.down)), first), pageCount - 1)
        return first...last
    }

    func pageRect(_ page: Int) -> ContentRect { ContentRect(x: 0, y: Double(page) * PageColumnGeometry.pitch, width: 600, height: 776) }
    func pointSize(_ page: Int) -> (width: Double, height: Double) { (612, 792) }
    func isMeasured(_ page: Int) -> Bool { true }
}
