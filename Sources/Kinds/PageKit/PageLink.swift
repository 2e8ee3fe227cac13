import DocumentKit

/// Where a link or an outline entry leads inside a paged document: a page and, when the file
/// says, how far down it (page points from the page's top).
public struct PageDestination: Equatable, Sendable {
    public var page: Int
    public var topPoints: Double?

    public init(page: Int, topPoints: Double?) {
        self.page = page
        self.topPoints = topPoints
    }
}

/// A link on a page: its rectangle in page points from the page's top-left, and where it goes.
public struct PageLink: Equatable, Sendable {
    public enum Target: Equatable, Sendable {
        /// A place in the document.
        case destination(PageDestination)
        /// An address outside the document, as the file names it.
        case uri(String)
    }

    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var target: Target

    public init(x: Double, y: Double, width: Double, height: Double, target: Target) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.target = target
    }

    /// The smallest a link's hit area is on screen, in logical px: Apple's 44 pt touch target.
    public static let minimumHitPixels = 44.0

    /// The link under `point` (content coordinates, zoom 1) when the content is shown at
    /// `zoom`, among the `links` of the `pages` near it (each page's box: where its points land
    /// in the content, turned with it): a link's area grows about its centre to at least 44
    /// screen px each way; where grown areas overlap, the link nearest the point wins.
    public static func hit(at point: ContentPoint, zoom: Double, pages: some Sequence<Int>,
                           links: (Int) -> [PageLink]?, box: (Int) -> PageBox) -> Target? {
        let minimum = minimumHitPixels / max(zoom, 0.01)
        var best: (target: Target, distance: Double)?
        for page in pages {
            guard let pageLinks = links(page) else { continue }
            let pageBox = box(page)
            for link in pageLinks {
                let shown = pageBox.contentRect(ofPointsX: link.x, y: link.y, width: link.width, height: link.height)
                let width = max(shown.width, minimum), height = max(shown.height, minimum)
                let dx = abs(point.x - (shown.x + shown.width / 2)), dy = abs(point.y - (shown.y + shown.height / 2))
                guard dx <= width / 2, dy <= height / 2 else { continue }
                let distance = max(dx - shown.width / 2, 0) + max(dy - shown.height / 2, 0)
                if best == nil || distance < best!.distance { best = (link.target, distance) }
            }
        }
        return best?.target
    }

    /// The rectangle around `point` that links meeting it can be hit from at `zoom`: where to
    /// look for pages.
    public static func hitArea(around point: ContentPoint, zoom: Double) -> ContentRect {
        let minimum = minimumHitPixels / max(zoom, 0.01)
        return ContentRect(x: point.x - minimum, y: point.y - minimum, width: 2 * minimum, height: 2 * minimum)
    }
}
