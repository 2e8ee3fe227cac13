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
    /// `zoom`, among the `links` of the `pages` near it (each page's rectangle in content
    /// coordinates and its width in page points): a link's area grows about its centre to at
    /// least 44 screen px each way; where grown areas overlap, the link nearest the point wins.
    public static func hit(at point: ContentPoint, zoom: Double, pages: some Sequence<Int>,
                           links: (Int) -> [PageLink]?, pageRect: (Int) -> ContentRect, pageWidthPoints: (Int) -> Double) -> Target? {
        let minimum = minimumHitPixels / max(zoom, 0.01)
        var best: (target: Target, distance: Double)?
        for page in pages {
            guard let pageLinks = links(page) else { continue }
            let rect = pageRect(page)
            let factor = rect.width / pageWidthPoints(page)
            for link in pageLinks {
                let width = max(link.width * factor, minimum), height = max(link.height * factor, minimum)
                let centreX = rect.x + (link.x + link.width / 2) * factor
                let centreY = rect.y + (link.y + link.height / 2) * factor
                let dx = abs(point.x - centreX), dy = abs(point.y - centreY)
                guard dx <= width / 2, dy <= height / 2 else { continue }
                let distance = max(dx - link.width * factor / 2, 0) + max(dy - link.height * factor / 2, 0)
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
