/// Fingers scrolling on a touchpad (finger-source axis events), from the first delta on an
/// axis to its `axis_stop`. Each axis starts and stops on its own, as the protocol allows.
struct FingerScroll: Sendable {
    /// Whether fingers are scrolling along each axis.
    var isScrolling = AxisPair(horizontal: false, vertical: false)
    /// The raw offset the fingers have reached, before the rubber band, in px.
    var rawOffset = LogicalPoint.zero
    /// The recent deltas along each axis, for the fling at the stop.
    var history = AxisPair(horizontal: AxisHistory(), vertical: AxisHistory())

    /// Whether fingers are scrolling along either axis.
    var isActive: Bool { isScrolling.horizontal || isScrolling.vertical }
}
