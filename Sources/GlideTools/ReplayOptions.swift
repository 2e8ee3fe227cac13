import ScrollEngine
import ScrollPhysics
import Viewer

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
    /// `--split`: a vertical view (the options above) over a horizontally paged one.
    public var isSplit = false

    /// How many pages the bottom view of `--split` has.
    public static let splitPageCount = 10

    /// The defaults above.
    public init() {}

    /// The scene a replay runs: one view filling the viewport, or the two views of `--split`.
    public func makeScene() -> ScrollScene {
        var scene = ScrollScene()
        let rects = viewRects(in: viewportSize)
        do {
            _ = try scene.addView(makeScrollView(), in: rects[0])
            if isSplit { _ = try scene.addView(makePagedView(rects[1].size), in: rects[1]) }
        } catch {
            preconditionFailure("the replay's views lie apart: \(error)")
        }
        return scene
    }

    /// The views' rectangles for a viewport of `size` px: all of it, or with `--split` the
    /// app's split (`PaneGeometry`: the outline's 35 % above the pages).
    func viewRects(in size: LogicalSize) -> [LogicalRect] {
        PaneGeometry.rects(in: size, isSplit: isSplit)
    }

    /// The content of `--split`'s bottom view, for a view of `size` px: ten pages side by side.
    func pagedContentSize(_ size: LogicalSize) -> LogicalSize {
        LogicalSize(width: size.width * Double(Self.splitPageCount), height: size.height)
    }

    /// `--split`'s bottom view: ten horizontal pages with a page control.
    private func makePagedView(_ size: LogicalSize) -> ScrollView {
        var configuration = ScrollViewConfiguration()
        configuration.decelerationRate = decelerationRate
        var scrollView = ScrollView(
            viewportSize: size, contentSize: pagedContentSize(size), configuration: configuration)
        scrollView.isPagingEnabled = true
        scrollView.showsPageControl = true
        return scrollView
    }

    /// The single view, or `--split`'s top view, set up with these options.
    func makeScrollView() -> ScrollView {
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
