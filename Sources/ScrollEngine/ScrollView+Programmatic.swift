/// Scrolling asked for by the app: offsets, the top, pages, and flashing the indicators.
extension ScrollView {
    /// Scrolls so that `offset` (px, clamped to the bounds) is at the viewport's top-left,
    /// with the spring from the current motion when `animated`. While a finger is down the
    /// move is immediate, and the drag continues from there.
    public mutating func scroll(to offset: LogicalPoint, animated: Bool, timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        finishZoomMotion()
        for axis in Axis.allCases {
            let target = isScrollable(axis)
                ? clamped(offset[axis], along: axis) : offsetBounds(axis).lowerBound
            if gesture.stage != .none {
                contentOffset[axis] = target
                gesture.rawOffset[axis] = target
            } else if animated {
                startSpring(
                    axis, velocity: motion[axis].velocity(at: self.timeMilliseconds), to: target,
                    purpose: .programmatic, at: self.timeMilliseconds)
            } else {
                contentOffset[axis] = target
                motion[axis] = .none
            }
        }
        if gesture.stage != .none { velocityTracker.reset() }
    }

    /// Scrolls to the top of the content (UIScrollView's `scrollsToTop`), keeping the
    /// horizontal position.
    public mutating func scrollToTop(animated: Bool = true, timeMilliseconds: Double) {
        let target = LogicalPoint(
            x: motion.horizontal.finalPosition ?? contentOffset.x,
            y: offsetBounds(.vertical).lowerBound)
        scroll(to: target, animated: animated, timeMilliseconds: timeMilliseconds)
    }

    /// Scrolls to `page` (clamped) along the page control's axis.
    public mutating func scrollToPage(_ page: Int, animated: Bool = true, timeMilliseconds: Double) {
        let axis = pageControlAxis
        let pages = pages(axis)
        var target = LogicalPoint(
            x: motion.horizontal.finalPosition ?? contentOffset.x,
            y: motion.vertical.finalPosition ?? contentOffset.y)
        target[axis] = pages.offset(ofPage: pages.clampedPage(page))
        scroll(to: target, animated: animated, timeMilliseconds: timeMilliseconds)
    }

    /// Scrolls one page forward from the page shown, or from the page being scrolled to.
    public mutating func scrollToNextPage(animated: Bool = true, timeMilliseconds: Double) {
        scrollToPage(destinationPage + 1, animated: animated, timeMilliseconds: timeMilliseconds)
    }

    /// Scrolls one page back from the page shown, or from the page being scrolled to.
    public mutating func scrollToPreviousPage(animated: Bool = true, timeMilliseconds: Double) {
        scrollToPage(destinationPage - 1, animated: animated, timeMilliseconds: timeMilliseconds)
    }

    /// Shows the scroll indicators, which then fade as after a scroll (UIScrollView's
    /// `flashScrollIndicators()`).
    public mutating func flashScrollIndicators(timeMilliseconds: Double) {
        advance(to: timeMilliseconds)
        lastMovementMilliseconds = self.timeMilliseconds
    }

    /// The page the content is on, or is moving to, along the page control's axis.
    var destinationPage: Int {
        let axis = pageControlAxis
        return pages(axis).nearestPage(to: motion[axis].finalPosition ?? contentOffset[axis])
    }
}
