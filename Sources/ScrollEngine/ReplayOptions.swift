import ScrollPhysics

/// The scroll view and frame rate a replay runs with: `glide-replay`'s options.
public struct ReplayOptions: Sendable {
    /// The viewport, in px (`--viewport`, default 800x600).
    public var viewportSize = LogicalSize(width: 800, height: 600)
    /// The content, in px (`--content`, default 800x20000).
    public var contentSize = LogicalSize(width: 800, height: 20000)
    /// `--paging`.
    public var isPagingEnabled = false
    /// `--page-control`.
    public var showsPageControl = false
    /// `--zoom MIN:MAX` (default 1:1, zoom off).
    public var zoomScaleRange: ClosedRange<Double> = 1...1
    /// `--deceleration normal|fast|RATE`.
    public var decelerationRate = DecelerationRate.normal
    /// `--directional-lock`.
    public var isDirectionalLockEnabled = false
    /// Frames per second of the trace (`--hz`, default 60).
    public var framesPerSecond = 60.0
    /// Keep stepping at least until this time, in ms (`--until`); by default until at rest.
    public var untilMilliseconds: Double?

    /// The defaults above.
    public init() {}

    /// A scroll view set up with these options.
    public func makeScrollView() -> ScrollView {
        var configuration = ScrollViewConfiguration()
        configuration.decelerationRate = decelerationRate
        var scrollView = ScrollView(
            viewportSize: viewportSize, contentSize: contentSize, configuration: configuration)
        scrollView.isPagingEnabled = isPagingEnabled
        scrollView.showsPageControl = showsPageControl
        scrollView.minimumZoomScale = zoomScaleRange.lowerBound
        scrollView.maximumZoomScale = zoomScaleRange.upperBound
        scrollView.isDirectionalLockEnabled = isDirectionalLockEnabled
        return scrollView
    }
}
