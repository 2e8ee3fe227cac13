/// How the scroll indicators and the page control look, in logical px.
///
/// After iOS as cloned by Flutter's Cupertino scrollbar (reference/scroll-physics.md §1):
/// thickness 2.5–3, margin 3, colour black at 35 % on light content (0x59000000) and white at
/// 50 % on dark (0x80FFFFFF). Dots in UIPageControl's proportions, with libadwaita's carousel
/// indicator opacities 0.3 → 0.9 (§2); edge dots shrink as UIPageControl's do since iOS 14.
public struct OverlayStyle: Sendable {
    /// The indicator bar's thickness in logical px.
    public var indicatorThicknessPixels = 3.0
    /// The gap between a bar and the window edge in logical px.
    public var indicatorEdgeInsetPixels = 3.0
    /// The thickness of an indicator widened into a scroll bar under the pointer, in logical
    /// px: the engine's hit width (`scrollbarThicknessPixels`), as GTK's overlay scroll bars
    /// widen to a grabbable size when approached.
    public var expandedIndicatorThicknessPixels = 8.0
    /// Opacity of the track drawn behind a widened bar, relative to the bar's ink.
    public var expandedTrackOpacity = 0.25
    /// A dot's diameter in logical px: UIPageControl's 7 pt dots; the current dot differs by
    /// colour, not size (reference/readers-and-desktop.md).
    public var dotDiameterPixels = 7.0
    /// The distance between neighbouring dot centres in logical px: UIPageControl's 16 pt.
    public var dotPitchPixels = 16.0
    /// The most dots ever shown: Apple's page-control guidance says more than about 10 cannot
    /// be counted at a glance.
    public var maximumVisibleDots = 10
    /// Opacity of the other dots and of the current one.
    public var dotOpacity = 0.3
    public var currentDotOpacity = 0.9
    /// The radius of the outermost and the next dot, as a share of a dot's, when more pages
    /// lie beyond that edge (iOS 14 draws them at about a half and three quarters).
    public var edgeDotScales = [0.5, 0.75]
    /// Height of the rounded backdrop behind the dots, so they read on any content:
    /// UIPageControl's 26 pt height since iOS 14 (its `.prominent` background style).
    public var pageControlBackdropHeightPixels = 26.0
    /// Distance from the window's bottom edge to the backdrop's bottom in logical px.
    public var pageControlBottomGapPixels = 9.0
    /// The least height and width of anything a finger taps: 44 pt (Apple's HIG).
    public var minimumTouchTargetPixels = 44.0
    /// Opacity of the backdrop, which has the page's colour: subtle on text, and enough to
    /// keep the dots legible over a photo.
    public var pageControlBackdropOpacity = 0.75
    /// The least room left and right of the page control in logical px (the 16 pt margins of
    /// Apple's layout guides).
    public var pageControlSideMarginPixels = 16.0
    /// The size of the transient page label's text in logical px: a caption, smaller than the
    /// 17 px body text.
    public var pageLabelFontPixels = 13.0
    /// The size of a notice's text in logical px: a little under the body's 17, as a
    /// status line.
    public var noticeSizePixels = 15.0
    /// Whether the content is dark, so the overlays are drawn light.
    public var isOnDarkContent = false
    /// Whether the page control has the overview's grid button at its end (the document has
    /// an overview of its pages).
    public var showsOverviewButton = false

    public init() {}

    /// The overlay ink as grey level (0 black, 1 white) and its opacity at full strength.
    var ink: (level: Double, alpha: Double) { isOnDarkContent ? (1, 0.5) : (0, 0.35) }

    /// The band at the bottom of a paged view that the page control needs, in logical px: the
    /// content is laid out above it, so at rest the control covers nothing, and the vertical
    /// indicator's track stops above it.
    public var pageControlReservedHeightPixels: Double {
        (pageControlBottomGapPixels + pageControlBackdropHeightPixels / 2 + minimumTouchTargetPixels / 2).rounded(.up)
    }
}
