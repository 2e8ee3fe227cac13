import CCairo
import DocumentKit

/// Where a page's own coordinates land in the content: the page's frame (`rect`, turned as it
/// is shown), its size in page points as its renderer draws it (never turned), and the quarter
/// turns clockwise it is shown at. Renderers draw pages upright; the scheduler's pixels, a
/// page's links and its text's rectangles are in the page's own coordinates, and go through
/// its box to the content, so all of them turn with the page.
public struct PageBox: Equatable {
    /// The page's frame in content coordinates (zoom 1, logical px), as shown.
    public var rect: ContentRect
    /// The page's size in page points, upright.
    public var pointSize: PagePointSize
    /// Quarter turns clockwise the page is shown at, 0 to 3.
    public var quarterTurns: Int

    public init(rect: ContentRect, pointSize: PagePointSize, quarterTurns: Int = 0) {
        self.rect = rect
        self.pointSize = pointSize
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
    }

    public static func == (a: PageBox, b: PageBox) -> Bool {
        a.rect == b.rect && a.pointSize == b.pointSize && a.quarterTurns == b.quarterTurns
    }

    /// Whether the page is shown on its side (a quarter or three quarters turned).
    public var isSideways: Bool { quarterTurns % 2 == 1 }

    /// Content px per page point.
    public var scale: Double { (isSideways ? rect.height : rect.width) / pointSize.width }

    /// The page's upright size in content px: `rect`'s, untouched by the turn.
    public var uprightWidth: Double { pointSize.width * scale }
    public var uprightHeight: Double { pointSize.height * scale }

    /// The upright page in its own coordinates (content px from its top-left, unturned).
    public var uprightFrame: ContentRect { ContentRect(x: 0, y: 0, width: uprightWidth, height: uprightHeight) }

    /// Moves cairo's coordinates from the content's to the upright page's (`uprightFrame`),
    /// so what is drawn upright there shows turned in `rect`.
    public func turnToUpright(_ cairo: OpaquePointer) {
        let origin = contentPoint(uprightX: 0, y: 0)
        cairo_translate(cairo, origin.x, origin.y)
        cairo_rotate(cairo, Double(quarterTurns) * Double.pi / 2)
    }

    /// The content point of the upright page's point `x`, `y` (content px from its top-left).
    public func contentPoint(uprightX x: Double, y: Double) -> ContentPoint {
        switch quarterTurns {
        case 1: ContentPoint(x: rect.maxX - y, y: rect.y + x)
        case 2: ContentPoint(x: rect.maxX - x, y: rect.maxY - y)
        case 3: ContentPoint(x: rect.x + y, y: rect.maxY - x)
        default: ContentPoint(x: rect.x + x, y: rect.y + y)
        }
    }

    /// The upright page's point (content px from its top-left) at content point `point`.
    public func uprightPoint(of point: ContentPoint) -> (x: Double, y: Double) {
        switch quarterTurns {
        case 1: (point.y - rect.y, rect.maxX - point.x)
        case 2: (rect.maxX - point.x, rect.maxY - point.y)
        case 3: (rect.maxY - point.y, point.x - rect.x)
        default: (point.x - rect.x, point.y - rect.y)
        }
    }

    /// The content rectangle of the page-point rectangle `x`, `y`, `width`, `height` (from the
    /// upright page's top-left): turned with the page.
    public func contentRect(ofPointsX x: Double, y: Double, width: Double, height: Double) -> ContentRect {
        contentRect(ofUpright: ContentRect(x: x * scale, y: y * scale, width: width * scale, height: height * scale))
    }

    /// The content rectangle of `upright`, a rectangle of the upright page in content px from
    /// its top-left.
    public func contentRect(ofUpright upright: ContentRect) -> ContentRect {
        let a = contentPoint(uprightX: upright.x, y: upright.y)
        let b = contentPoint(uprightX: upright.maxX, y: upright.maxY)
        return ContentRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// The part of the upright page (content px from its top-left) that content rectangle
    /// `content` covers.
    public func uprightRect(of content: ContentRect) -> ContentRect {
        let a = uprightPoint(of: ContentPoint(x: content.x, y: content.y))
        let b = uprightPoint(of: ContentPoint(x: content.maxX, y: content.maxY))
        return ContentRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
}
