import ScrollPhysics

/// The tuned constants of a scroll view: how touch becomes motion and how the indicators fade.
///
/// Every default aims at the feel of iOS; each says where it comes from, with the sources named
/// in reference/scroll-physics.md. "[inferred]" marks a value chosen here, to tune on a device.
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

    /// The defaults above.
    public init() {}
}
