/// How a paged document's pages are fitted to the window (issue 26): the zoom the viewer keeps
/// as the window changes, until the reader zooms by hand.
public enum PageFit: String, Codable, Sendable, CaseIterable {
    /// As Glide decides: the whole page when paged; in a column the page's width, no larger
    /// than a readable size (`PagedLayout.zoomScale(fitting:)` says which and why).
    case automatic
    /// The page's width fills the window's column (`w`).
    case width
    /// The whole page shows in the window, in a column too (`f`).
    case page
    /// Zoomed by hand (a pinch, the zoom keys): no fit is kept until one is chosen again
    /// (Evince's `EV_SIZING_FREE`).
    case free
}
