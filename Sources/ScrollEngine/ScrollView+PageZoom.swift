/// Zoom of one page at a time in a paged view, as Photos zooms one photo of an album.
///
/// With `zoomsPagesIndividually` in paging mode, a zoom (pinch, double tap, Ctrl+wheel, zoom
/// keys) magnifies the page in view: while it is zoomed the offset bounds along the pages'
/// axis are that page's, so one finger pans the magnified page and a fling stops (or bounces)
/// at its edges. A drag or flick that carries on past the page's edge turns to the next page,
/// and any turn (keys, page control) brings the zoom back to 1 as the next page comes in, so
/// the page left is never left zoomed. A key that steps across the pages (Page Down, Space, the
/// arrows up and down of pages side by side) pans the zoomed page, and one that finds it at its
/// edge that way turns the page, as a drag on past the edge does. Pages are counted at zoom 1, so their count never
/// changes with zoom.
extension ScrollView {
    /// Whether a page is zoomed (or zooming): the bounds along its axis are its own.
    public var isPageZoomed: Bool { zoomedPage != nil }

    /// Whether zoom works page by page here: pages are then counted at the resting scale.
    var isPageZoomMode: Bool { zoomsPagesIndividually && isPagingEnabled }

    /// `offset` px along the pages' axis as an offset at the resting scale, where pages are
    /// counted in page-zoom mode (the same offset otherwise).
    func pageOffset(_ offset: Double) -> Double {
        isPageZoomMode ? offset / zoomScale * restingZoomScale : offset
    }

    /// Makes the page in view the zoomed page before a zoom starts, in page-zoom mode.
    mutating func enterPageZoom() {
        guard isPageZoomMode, zoomedPage == nil else { return }
        let axis = pageControlAxis
        let pages = pages(axis)
        let page = pages.nearestPage(to: pageOffset(motion[axis].finalPosition ?? contentOffset[axis]))
        zoomedPage = (page, axis)
        guard zoomScale == restingZoomScale else {
            // Caught in the middle of a turn: the page nearest holds the zoom from here.
            contentOffset[axis] = clamped(contentOffset[axis], along: axis)
            gesture.rawOffset[axis] = contentOffset[axis]
            return
        }
        // A turn in progress ends on its page, so the page zoomed is the one in view.
        motion[axis] = .none
        contentOffset[axis] = pages.offset(ofPage: page)
        gesture.rawOffset[axis] = contentOffset[axis]
    }

    /// Leaves page zoom once the page is back at its resting scale and nothing zooms it.
    mutating func leavePageZoomIfUnzoomed() {
        guard zoomedPage != nil, zoomMotion == nil, !isPinching,
              zoomScale <= restingZoomScale * (1 + 1e-9) else { return }
        zoomedPage = nil
    }

    /// The offset bounds along `axis` of the zoomed page at `scale`, if a page is zoomed
    /// along `axis`: the page's span, or its centre when it is shorter than the viewport.
    func zoomedPageBounds(_ axis: Axis, zoomScale scale: Double) -> ClosedRange<Double>? {
        guard let zoomed = zoomedPage, zoomed.axis == axis else { return nil }
        let length = viewportSize[axis]
        let start = Double(zoomed.page) * length * scale
        let slack = length - length * scale
        if slack > 0 { return (start - slack / 2)...(start - slack / 2) }
        return start...(start - slack)
    }

    /// Turns from the zoomed page to `page` (clamped): the zoom returns to 1 as the page comes
    /// in, the other axis to its start. False if `page` is the zoomed page.
    mutating func turnZoomedPage(to page: Int, at now: Double) -> Bool {
        guard let zoomed = zoomedPage else { return false }
        zoomedPage = nil
        let axis = zoomed.axis
        let resting = restingZoomScale
        let pages = PageGeometry(
            firstOffset: offsetBounds(axis, zoomScale: resting).lowerBound,
            lastOffset: offsetBounds(axis, zoomScale: resting).upperBound, pageLength: viewportSize[axis])
        let target = pages.clampedPage(page)
        guard target != zoomed.page else {
            zoomedPage = zoomed
            return false
        }
        var offset = LogicalPoint.zero
        offset[axis] = pages.offset(ofPage: target)
        let other: Axis = axis == .horizontal ? .vertical : .horizontal
        offset[other] = offsetBounds(other, zoomScale: resting).lowerBound
        let focus = viewportCentre
        animateZoom(to: resting, offset: offset, anchor: contentPoint(at: focus, rawOffset: contentOffset), focus: focus,
                    purpose: .pageSnap, at: now)
        lastMovementMilliseconds = now
        return true
    }

    /// After a drag of a zoomed page: turns to the neighbouring page when the drag carried the
    /// page past its edge far enough (`pageTurnOverscrollFraction` of the viewport), or when it
    /// was flicked on past the edge. Returns whether it turned.
    mutating func turnZoomedPageIfReleasedPastItsEdge(velocity: LogicalPoint, at now: Double) -> Bool {
        guard let zoomed = zoomedPage else { return false }
        let axis = zoomed.axis
        let excess = overscroll(contentOffset[axis], along: axis)
        guard excess != 0 else { return false }
        let contentVelocity = contentVelocity(velocity[axis], at: contentOffset[axis], along: axis)
        let isFarEnough = abs(excess) >= configuration.pageTurnOverscrollFraction * viewportSize[axis]
        let isFlickedOn = contentVelocity * excess > 0
            && abs(contentVelocity) >= configuration.pagingVelocityThresholdPixelsPerSecond
        guard isFarEnough || isFlickedOn else { return false }
        return turnZoomedPage(to: zoomed.page + (excess > 0 ? 1 : -1), at: now)
    }

    /// A key's step of `direction` (its sign: forward or back) along `axis`, across the pages
    /// of a zoomed page: when the page is at its edge that way, or a step is taking it there,
    /// turns to the neighbouring page. Returns whether it turned.
    mutating func turnZoomedPageIfSteppedAtItsEdge(_ axis: Axis, direction: Int, at now: Double) -> Bool {
        finishZoomMotion()
        guard let zoomed = zoomedPage, axis != zoomed.axis, direction != 0 else { return false }
        let heading = motion[axis].finalPosition ?? contentOffset[axis]
        let bounds = offsetBounds(axis)
        let edge = direction > 0 ? bounds.upperBound : bounds.lowerBound
        // Half a pixel: the offsets a step ends at are the clamped bounds themselves.
        guard abs(heading - edge) < 0.5 else { return false }
        return turnZoomedPage(to: zoomed.page + direction.signum(), at: now)
    }
}
