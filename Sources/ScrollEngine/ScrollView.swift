import ScrollPhysics

/// A scroll view: content larger than its viewport, moved and zoomed by touch, touchpad, wheel,
/// keys and the app, with the physics and feel of UIScrollView.
///
/// It never reads a clock. Every input carries its time in milliseconds, and the app calls
/// `advance(to:)` with the frame-callback time before it draws; `frame` is then the state to
/// draw. An input stamped behind the latest time seen, or with no time (not finite), carries
/// no usable time (virtual keyboards stamp 0): it takes effect at the latest time, and the
/// animation it starts begins at the next frame, so it shows whole instead of as a cut. A value type: the app keeps one
/// per view and mutates it; nothing allocates once it is running.
public struct ScrollView: Sendable {
    /// The tuned constants.
    public var configuration: ScrollViewConfiguration

    /// The content's size at zoom scale 1, in px.
    public internal(set) var contentSize: LogicalSize

    /// The visible area's size, in px.
    public internal(set) var viewportSize: LogicalSize

    /// Extra scrollable space around the content, in px.
    public internal(set) var contentInsets: ContentInsets

    /// The magnification of the content (1 is actual size).
    public internal(set) var zoomScale = 1.0

    /// The viewport point (px) the latest zoom was about: the fingers' centre, the pointer, a
    /// double tap, or the centre for keys. An app that turns a settled zoom into something
    /// else (text set larger) keeps the content here in place.
    public internal(set) var zoomFocus = LogicalPoint.zero

    /// The smallest zoom scale pinching may reach (UIScrollView's default 1; zoom is enabled
    /// only when the maximum is larger). `textZoomScaleRange` suits documents.
    public var minimumZoomScale = 1.0

    /// The largest zoom scale pinching may reach (UIScrollView's default 1).
    public var maximumZoomScale = 1.0

    /// Whether a pinch may take the scale past a limit, rubber-banding, and spring back on
    /// release (UIScrollView's `bouncesZoom`, default true); if false the scale stops there.
    public var bouncesZoom = true

    /// Whether releases stop on whole pages, one page per flick.
    public var isPagingEnabled = false

    /// Whether a drag that starts clearly along one axis moves only along it.
    public var isDirectionalLockEnabled = false

    /// Whether the content bounces horizontally even when it is no wider than the viewport.
    public var alwaysBounceHorizontal = false

    /// Whether the content bounces vertically even when it is no taller than the viewport.
    public var alwaysBounceVertical = false

    /// Whether the horizontal scroll indicator may show.
    public var showsHorizontalScrollIndicator = true

    /// Whether the vertical scroll indicator may show.
    public var showsVerticalScrollIndicator = true

    /// Whether a zoom in paging mode magnifies only the page in view, as Photos zooms one
    /// photo (see `ScrollView+PageZoom`); otherwise it magnifies all the content.
    public var zoomsPagesIndividually = false

    /// Whether a double tap zooms in and back by itself (`toggleZoom`). An app that chooses
    /// the zoom of a double tap itself (a column of text, a page's fit) turns it off and
    /// answers the tap, which is reported with `count` 2 either way.
    public var zoomsOnDoubleTap = true

    /// Whether a page control is shown; it turns off the indicator on its axis.
    public var showsPageControl = false

    /// Whether the page control hides when there is only one page (UIPageControl's default: no).
    public var hidesPageControlForSinglePage = false

    /// The point of the zoomed content at the viewport's top-left corner, in px, as
    /// UIScrollView's `contentOffset`: beyond the bounds while rubber-banding.
    public internal(set) var contentOffset: LogicalPoint

    /// The latest time the scroll view has seen, in ms.
    public internal(set) var timeMilliseconds = 0.0

    var motion = AxisPair(horizontal: AxisMotion.none, vertical: AxisMotion.none)
    /// A zoom animation; while it runs the per-axis motions are idle.
    var zoomMotion: ZoomMotion?
    var touches = TouchTable()
    var gesture = TouchGesture()
    var isTouchCancelPending = false
    var velocityTracker: VelocityTracker
    var taps = TapRecognizer()
    /// Fingers scrolling on a touchpad.
    var fingerScroll = FingerScroll()
    var wheel = WheelAccumulator()
    var touchpadPinch: TouchpadPinch?
    /// Whether fingers rest on the touchpad (a hold gesture), holding the content still.
    var isHolding = false
    /// The mouse pointer and the scrollbar it hovers or drags.
    var pointer = PointerState()
    /// The last time the content moved or was held moving, in ms; indicators fade from here.
    var lastMovementMilliseconds = -Double.infinity
    /// The time given to an input that came stamped behind the latest time seen, in ms: what
    /// it started is moved to start at the next frame's time (see `advance(to:)`).
    var undatedInputMilliseconds: Double?
    /// The page being zoomed in page-zoom mode, and the axis its pages run along.
    var zoomedPage: (page: Int, axis: Axis)?
    /// The edge Home or End sent the spring on each axis to, and when that spring started:
    /// while it runs, it follows the edge as the content's size changes.
    var edgeTarget = AxisPair<(edge: ContentEdge, startMilliseconds: Double)?>(horizontal: nil, vertical: nil)

    /// Creates a scroll view showing the top-left of its content (centred where it is smaller
    /// than the viewport).
    public init(
        viewportSize: LogicalSize, contentSize: LogicalSize, contentInsets: ContentInsets = .zero,
        configuration: ScrollViewConfiguration = ScrollViewConfiguration()
    ) {
        self.viewportSize = viewportSize
        self.contentSize = contentSize
        self.contentInsets = contentInsets
        self.configuration = configuration
        contentOffset = .zero
        velocityTracker = VelocityTracker(
            horizonMilliseconds: configuration.velocityHorizonMilliseconds,
            sampleGapMilliseconds: configuration.velocitySampleGapMilliseconds,
            stillnessBeforeLiftMilliseconds: configuration.stillnessBeforeLiftMilliseconds)
        contentOffset = LogicalPoint(
            x: offsetBounds(.horizontal).lowerBound, y: offsetBounds(.vertical).lowerBound)
    }

    /// What the scroll view is doing now.
    public var phase: ScrollPhase {
        switch gesture.stage {
        case .tracking: return .tracking
        case .dragging: return .dragging
        case .pinching: return .zooming
        case .none: break
        }
        if touchpadPinch != nil { return .zooming }
        if fingerScroll.isActive || pointer.scrollbarDrag != nil { return .dragging }
        if isHolding { return .tracking }
        if let zoomMotion { return zoomMotion.phase }
        let horizontal = motion.horizontal.phase(at: timeMilliseconds)
        let vertical = motion.vertical.phase(at: timeMilliseconds)
        // A bounce shows most, then a fling, then a programmatic animation.
        if horizontal == .bouncing || vertical == .bouncing { return .bouncing }
        if horizontal == .decelerating || vertical == .decelerating { return .decelerating }
        if horizontal == .animating || vertical == .animating { return .animating }
        return .idle
    }

    /// Whether fingers, a touchpad gesture or a scrollbar drag hold the content.
    var isHeld: Bool {
        gesture.stage != .none || !touches.isEmpty || fingerScroll.isActive || isHolding
            || touchpadPinch != nil || pointer.scrollbarDrag != nil
    }

    /// Whether an animation moves the content.
    var isAnimating: Bool {
        zoomMotion != nil || motion.horizontal.isActive || motion.vertical.isActive
    }

    /// Moves every animation to `timeMilliseconds`: call it with the frame time before drawing.
    public mutating func advance(to timeMilliseconds: Double) {
        if timeMilliseconds.isFinite, timeMilliseconds > self.timeMilliseconds {
            if let undated = undatedInputMilliseconds {
                undatedInputMilliseconds = nil
                restartAnimations(startedAt: undated, at: timeMilliseconds)
            }
            self.timeMilliseconds = timeMilliseconds
        } else if !(timeMilliseconds >= self.timeMilliseconds) {
            undatedInputMilliseconds = self.timeMilliseconds
        }
        let now = self.timeMilliseconds
        if let running = zoomMotion {
            zoomScale = running.scale(at: now)
            contentOffset = withinRubberBand(running.offset(at: now))
            if running.isDone(at: now) { zoomMotion = nil }
            lastMovementMilliseconds = now
        }
        leavePageZoomIfUnzoomed()
        for axis in Axis.allCases {
            guard let position = motion[axis].position(at: now) else { continue }
            if motion[axis].isDone(at: now) {
                contentOffset[axis] = motion[axis].finalPosition ?? position
                motion[axis] = .none
            } else {
                contentOffset[axis] = position
            }
            lastMovementMilliseconds = now
        }
        // Content held moving, or a scrollbar under the pointer, keeps the indicators shown.
        if gesture.stage == .dragging || gesture.stage == .pinching
            || (gesture.stage == .tracking && gesture.caughtMotion) || fingerScroll.isActive
            || pointer.hoveredScrollbar != nil || pointer.scrollbarDrag != nil
        {
            lastMovementMilliseconds = now
        }
    }

    /// Moves the start of the animations that began at `undated` (an input without a usable
    /// time) to `now`, the first time known to be current, so they run whole from here.
    private mutating func restartAnimations(startedAt undated: Double, at now: Double) {
        for axis in Axis.allCases {
            motion[axis] = motion[axis].starting(at: now, ifStartedAt: undated)
            if edgeTarget[axis]?.startMilliseconds == undated { edgeTarget[axis]?.startMilliseconds = now }
        }
        if let running = zoomMotion, running.startMilliseconds == undated {
            zoomMotion?.startMilliseconds = now
        }
        if lastMovementMilliseconds == undated { lastMovementMilliseconds = now }
    }

    /// `offset` limited to the rubber band's reach around the bounds, the viewport's size: a
    /// zoom animation's path between two allowed offsets may not bulge past it.
    private func withinRubberBand(_ offset: LogicalPoint) -> LogicalPoint {
        var limited = offset
        for axis in Axis.allCases {
            let bounds = offsetBounds(axis)
            let reach = viewportSize[axis]
            limited[axis] = min(max(offset[axis], bounds.lowerBound - reach), bounds.upperBound + reach)
        }
        return limited
    }
}
