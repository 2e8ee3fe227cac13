/// Everything needed to draw one frame of a scroll view, read after `advance(to:)`.
public struct ScrollFrame: Sendable, Equatable {
    /// The time this state is for, in ms.
    public var timeMilliseconds: Double

    /// The zoomed-content point at the viewport's top-left, in px (UIScrollView's
    /// `contentOffset`); the unscaled content point there is `contentOffset / zoomScale`.
    public var contentOffset: LogicalPoint

    /// The content's magnification.
    public var zoomScale: Double

    /// What the scroll view is doing.
    public var phase: ScrollPhase

    /// The horizontal scroll indicator.
    public var horizontalIndicator: ScrollIndicatorModel

    /// The vertical scroll indicator.
    public var verticalIndicator: ScrollIndicatorModel

    /// The page control.
    public var pageControl: PageControlModel

    /// Whether nothing will change without new input: no finger down, no animation, the
    /// indicators faded out.
    public var isAtRest: Bool

    /// Whether the app should keep requesting frame callbacks: something animates or fades.
    /// While a finger holds still nothing changes until the next touch event.
    public var needsFrames: Bool
}
