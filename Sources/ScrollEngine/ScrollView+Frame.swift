/// The state to draw, derived from the scroll view at its latest time.
extension ScrollView {
    /// The frame to draw now: call `advance(to:)` with the frame time first.
    public var frame: ScrollFrame {
        // A scrollbar under the pointer shows at full strength, however long nothing moved.
        let isScrollbarInUse = pointer.hoveredScrollbar != nil || pointer.scrollbarDrag != nil
        let opacity = isScrollbarInUse ? 1 : indicatorOpacity
        let isMoving = isAnimating
        // Held content or a hovered scrollbar keeps the indicators at full opacity: nothing
        // changes until the next input.
        let isHeld = self.isHeld || pointer.hoveredScrollbar != nil
        return ScrollFrame(
            timeMilliseconds: timeMilliseconds, contentOffset: contentOffset, zoomScale: zoomScale,
            phase: phase, horizontalIndicator: indicator(.horizontal, opacity: opacity),
            verticalIndicator: indicator(.vertical, opacity: opacity), pageControl: pageControl,
            isAtRest: !isHeld && !isMoving && opacity == 0,
            needsFrames: isMoving || (!isHeld && opacity > 0))
    }

    /// The page control for the current offset.
    public var pageControl: PageControlModel {
        let axis = pageControlAxis
        let pages = pages(axis)
        let count = pages.pageCount
        return PageControlModel(
            numberOfPages: count, currentPage: pages.nearestPage(to: contentOffset[axis]),
            axis: axis, isHidden: !showsPageControl || (hidesPageControlForSinglePage && count <= 1),
            dotPitchPixels: configuration.pageControlDotPitchPixels)
    }

    /// The indicators' opacity: 1 while the content moves and for the fade delay after, then
    /// a linear fade.
    var indicatorOpacity: Double {
        OverlayFade.opacity(elapsedMilliseconds: timeMilliseconds - lastMovementMilliseconds,
                            delayMilliseconds: configuration.indicatorFadeDelayMilliseconds,
                            durationMilliseconds: configuration.indicatorFadeDurationMilliseconds)
    }

    /// The indicator along `axis` at `opacity`, widened into a scrollbar while the pointer
    /// hovers or drags it.
    func indicator(_ axis: Axis, opacity: Double) -> ScrollIndicatorModel {
        let isShown = axis == .horizontal ? showsHorizontalScrollIndicator : showsVerticalScrollIndicator
        let pageControlReplacesIt = showsPageControl && !pageControl.isHidden && axis == pageControlAxis
        let bounds = offsetBounds(axis)
        return ScrollIndicatorModel(
            isEnabled: isShown && bounds.upperBound > bounds.lowerBound && !pageControlReplacesIt,
            offset: contentOffset[axis], bounds: bounds, viewportLength: viewportSize[axis],
            opacity: opacity,
            isExpanded: pointer.hoveredScrollbar == axis || pointer.scrollbarDrag?.axis == axis,
            configuration: configuration)
    }
}
