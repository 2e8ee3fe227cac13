import DocumentKit

/// A paged kind's layout over the one page scheduler: what every such layout answers alike
/// from the pixels and links its renderer delivered.
public protocol PageScheduling: PageGeometry {
    /// What the renderer is asked for as the view moves, what it delivered, and pages drawn.
    var scheduler: PageScheduler { get }
    var readingAnchor: ReadingAnchor { get }
}

extension PageScheduling {
    /// Rendered pixels: each page's preview, and sharp pieces at the scales drawn lately.
    public var previews: PagePixelCache { scheduler.previews }
    public var pieces: PagePixelCache { scheduler.pieces }
    /// Why pages could not be rendered.
    public var failures: [Int: String] {
        get { scheduler.failures }
        set { scheduler.failures = newValue }
    }
    /// Each page's links, from its preview.
    public var links: [Int: [PageLink]] { scheduler.links }
    /// What the last `prepare` saw.
    public var lastVisible: ContentRect? {
        get { scheduler.lastVisible }
        set { scheduler.lastVisible = newValue }
    }
    /// Device px per logical px the content is drawn at, as the last `prepare` said; nil before.
    public var drawScale: Double? {
        get { scheduler.drawScale }
        set { scheduler.drawScale = newValue }
    }
    /// Visible previews and sharp pieces not delivered yet, as of the last request.
    public var missingVisibleCount: Int { scheduler.missingVisibleCount }

    /// The colour of a page whose pixels have not arrived (`PageScheduler.placeholderColour`).
    public var placeholderColour: (red: Double, green: Double, blue: Double) { PageScheduler.placeholderColour(palette) }

    /// The link under `point` (content coordinates, zoom 1) when the content is shown at
    /// `zoom` (`PageLink.hit`). Links arrive with a page's preview, so a page not yet drawn
    /// has none.
    public func link(at point: ContentPoint, zoom: Double) -> PageLink.Target? {
        guard viewportWidth > 0, pageCount > 0 else { return nil }
        return PageLink.hit(at: point, zoom: zoom, pages: pages(meeting: PageLink.hitArea(around: point, zoom: zoom)),
                            links: { isMeasured($0) ? links[$0] : nil }, box: { pageBox($0) })
    }

    /// The page (0-based) at the reading position.
    public var currentPage: Int { readingAnchor.section }
}
