import DocumentKit
import ScrollEngine

/// How the viewer shows its document, decided by the app from the command line and the
/// desktop's preferences.
public struct ViewerOptions: Sendable {
    /// The engine's tuning (deceleration, reduced motion).
    public var configuration = ScrollViewConfiguration()
    /// Pages side by side, one per flick (image collections, several files, `--paging`).
    public var isPaged = false
    /// The outline above the pages (`--split`); only paged documents have one.
    public var isSplit = false
    public var showsPageControl = true
    public var isDirectionalLockEnabled = false
    /// The zoom range; nil for the default (text zooms, pages do not).
    public var zoomRange: ClosedRange<Double>?
    /// How the reader last chose to show this document's pages, kept beside its reading
    /// position; the layout already has the palette they start with.
    public var pageModes = PageModes()
    /// `--dark`: night pages on for every document shown, whatever it remembers.
    public var forcesNightPages = false
    /// The desktop's dark style when the window opened: night pages for a document with no
    /// choice of its own (the app follows later changes, `desktopDarkStyleChanged`).
    public var desktopPrefersDark = false
    /// Pages read right to left, the first at the right (`--right-to-left`), whatever the
    /// document says.
    public var readsRightToLeft = false

    public init() {}
}
