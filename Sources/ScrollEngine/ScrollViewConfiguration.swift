import ScrollPhysics

/// The tuned constants of a scroll view: how touch, touchpad, wheel and keys become motion and
/// zoom, and how the indicators fade.
///
/// Every default aims at the feel of iOS; each says where it comes from (UIKit,
/// Flutter's Cupertino physics, WebKit). "[inferred]" marks a value chosen here, to tune on a device.
public struct ScrollViewConfiguration: Sendable, Equatable {
    /// How far a finger moves, in px, before the touch becomes a drag. Android uses 8 dp and
    /// Flutter 18 (raised "after complaints"); 10 sits at the low end, where iOS feels to be.
    /// [inferred]
    public var touchSlopPixels = 10.0

    /// A release slower than this, in px/s, does not fling (Android `MINIMUM_FLING_VELOCITY`,
    /// Flutter `kMinFlingVelocity`: 50).
    public var minimumFlingVelocityPixelsPerSecond = 50.0

    /// Release velocities are clamped to this, in px/s (Android `MAXIMUM_FLING_VELOCITY`,
    /// Flutter `kMaxFlingVelocity`: 8000).
    public var maximumFlingVelocityPixelsPerSecond = 8000.0

    /// How old a touch sample may be, in ms, to count towards the release velocity (Android
    /// `HORIZON`, Flutter `_horizonMilliseconds`: 100).
    public var velocityHorizonMilliseconds = 100.0

    /// A gap between touch samples longer than this, in ms, starts the velocity history afresh
    /// (Android `ASSUME_POINTER_STOPPED_TIME`, Flutter `_assumePointerMoveStoppedMilliseconds`: 40).
    public var velocitySampleGapMilliseconds = 40.0

    /// A finger that rested longer than this, in ms, before lifting gives no fling (Flutter's
    /// VelocityTracker: 40).
    public var stillnessBeforeLiftMilliseconds = 40.0

    /// How quickly a fling slows down; UIScrollView's `.normal` (0.998 per ms).
    public var decelerationRate = DecelerationRate.normal

    /// The rubber band applied to drags past an edge (UIScrollView's coefficient 0.55).
    public var rubberBand = RubberBand()

    /// ω of the critically damped spring for bounces, page snaps and animated scrolls, in rad/s.
    /// Flutter's scroll spring is ω₀ = 14.1 (mass 0.5, stiffness 100); GTK uses 10, libadwaita
    /// 31.6. At 14 a 93 px overscroll settles in about 0.5 s. [inferred]
    public var springAngularFrequencyRadiansPerSecond = 14.0

    /// The most velocity a fling carries into the spring at an edge, in px/s (Flutter
    /// `BouncingScrollSimulation.maxSpringTransferVelocity`: 5000).
    public var maximumSpringVelocityPixelsPerSecond = 5000.0

    /// The share of a running fling's velocity that a new flick in the same direction adds
    /// (unitless). iOS carries "significantly" more than Flutter (flutter#103762); GTK adds up
    /// to 6×. [inferred]
    public var carriedVelocityFraction = 0.5

    /// A new flick carries momentum only when it is at least this fraction of the caught
    /// velocity (unitless), so that a gentle drag never speeds the content up (flutter#79277).
    /// GTK's `VELOCITY_ACCUMULATION_FLOOR`: 0.33.
    public var carriedVelocityMinimumRatio = 0.33

    /// A flick carries momentum only if it lifts within this time of catching the fling, in ms
    /// (QScroller `AcceleratingFlickMaximumTime`: 1.25 s).
    public var carriedVelocityWindowMilliseconds = 1250.0

    /// In paging mode, a release faster than this, in px/s, moves to the next page in its
    /// direction; a slower one to the nearest page. [inferred]
    public var pagingVelocityThresholdPixelsPerSecond = 300.0

    /// With directional lock on, a drag locks to an axis when its motion along that axis is at
    /// least this many times its motion across it (unitless; 2 is within about 27° of the axis).
    /// Apple documents no angle. [inferred]
    public var directionalLockAxisRatio = 2.0

    /// How long the indicators stay fully visible after the content stops, in ms (Flutter's
    /// Cupertino scrollbar `_kScrollbarTimeToFade`, eyeballed against iOS: 1200).
    public var indicatorFadeDelayMilliseconds = 1200.0

    /// How long the indicators take to fade out, in ms (Cupertino `_kScrollbarFadeDuration`: 250).
    public var indicatorFadeDurationMilliseconds = 250.0

    /// The shortest an indicator gets while the content is inside its bounds, in px
    /// (Cupertino `_kScrollbarMinLength`: 36).
    public var indicatorMinimumLengthPixels = 36.0

    /// The shortest an indicator gets while the content is rubber-banding, in px (Cupertino
    /// `_kScrollbarMinOverscrollLength`: 8).
    public var indicatorMinimumOverscrolledLengthPixels = 8.0

    /// The space between an indicator and the ends of the viewport, in px (Cupertino
    /// `_kScrollbarMainAxisMargin`: 3).
    public var indicatorMarginPixels = 3.0

    /// The distance between the centres of neighbouring page-control dots, in px (libadwaita
    /// AdwCarouselIndicatorDots: radius 3 and spacing 7).
    public var pageControlDotPitchPixels = 13.0

    // MARK: Zoom and taps

    /// How far the zoom scale may be pinched past a limit, as the rubber band's reach in natural
    /// log units of scale (the content rubber band applied to ln(scale), D ≈ ln 2): the shown scale never gets 2× past a limit. [inferred]
    public var zoomRubberBandLogReach = 0.6931471805599453

    /// ω of the critically damped spring for zoom animations (double tap, zoom keys, the bounce
    /// back from past a zoom limit), in rad/s: libadwaita's AdwCarousel spring (mass 0.5,
    /// stiffness 500, so √1000). It settles in about 0.3 s, the double-tap duration the issue
    /// asks for.
    public var zoomSpringAngularFrequencyRadiansPerSecond = 31.622776601683793

    /// The scale a double tap zooms in to, capped at the maximum (the issue: "about 2×").
    public var doubleTapZoomScale = 2.0

    /// A finger held longer than this, in ms, is not a tap (Android's long-press timeout, 500).
    public var tapMaximumDurationMilliseconds = 500.0

    /// A second tap must land within this time of the first one's lift, in ms (Android
    /// `DOUBLE_TAP_TIMEOUT`: 300).
    public var doubleTapIntervalMilliseconds = 300.0

    /// A second tap must land within this distance of the first, in px (Android
    /// `DOUBLE_TAP_SLOP`: 100 dp).
    public var doubleTapSlopPixels = 100.0

    // MARK: Touchpad, wheel and keys

    /// Touchpad (finger source) scroll deltas are multiplied by this (unitless). The compositor
    /// sends them in surface px ("identical to motion events"), so 1 keeps the content under
    /// the fingers as on iOS; GTK multiplies by 2.5 (`MAGIC_SCROLL_FACTOR`), which users have
    /// called too fast in other toolkits (reference §8).
    public var touchpadSpeedFactor = 1.0

    /// The touchpad fling after `axis_stop` takes its velocity from the axis deltas of this
    /// long before the stop, in ms (GTK's `SCROLL_CAPTURE_THRESHOLD_MS`, libadwaita: 150).
    public var axisVelocityWindowMilliseconds = 150.0

    /// One wheel notch scrolls viewport^exponent px along its axis: GTK's
    /// `get_wheel_detent_scroll_step`, page_size^(2/3) (71 px for a 600 px viewport).
    public var wheelStepExponent = 2.0 / 3.0

    /// How long a wheel step animates, in ms. The issue asks for 0.1–0.15 s; short enough that
    /// notches feel direct, long enough to be seen as motion. [inferred]
    public var wheelStepDurationMilliseconds = 120.0

    /// How far an arrow key scrolls, in px, and the overlap a page step keeps (Chromium's
    /// `kPixelsPerLineStep`: 40).
    public var lineStepPixels = 40.0

    /// How long a key's line or page step animates, in ms (GtkScrolledWindow's
    /// `ANIMATION_DURATION` for keyboard scrolls: 200).
    public var keyStepDurationMilliseconds = 200.0

    /// The zoom factor of one zoom key press or one Ctrl+wheel notch (unitless). [inferred]
    public var zoomStepFactor = 1.2

    // MARK: Scrollbars under a mouse pointer

    /// An indicator under the mouse pointer widens into a scrollbar this thick, in px, which is
    /// also its hit area (Cupertino's thickness while dragging: 8).
    public var scrollbarThicknessPixels = 8.0

    /// The pointer counts as over a scrollbar this far outside it, in px (GtkScrolledWindow's
    /// overlay scrollbar proximity: 5).
    public var scrollbarHoverSlopPixels = 5.0

    /// The defaults above.
    public init() {}
}
