import ScrollPhysics

/// The geometry of scrolling along each axis: bounds, scrollability, rubber band, pages.
extension ScrollView {
    /// The offsets the content rests between along `axis`, in px: from −(leading inset) to the
    /// content's end plus the trailing inset, less the viewport. Content (with its insets)
    /// shorter than the viewport rests centred in it, at a single offset.
    public func offsetBounds(_ axis: Axis) -> ClosedRange<Double> {
        offsetBounds(axis, zoomScale: zoomScale)
    }

    /// The offset bounds along `axis` at zoom scale `scale`, in px.
    func offsetBounds(_ axis: Axis, zoomScale scale: Double) -> ClosedRange<Double> {
        if let page = zoomedPageBounds(axis, zoomScale: scale) { return page }
        let lower = -contentInsets.leading(axis)
        let extent = contentInsets.leading(axis) + contentSize[axis] * scale
            + contentInsets.trailing(axis)
        let slack = viewportSize[axis] - extent
        if slack > 0 {
            let centred = lower - slack / 2
            return centred...centred
        }
        return lower...(lower - slack)
    }

    /// Whether touch moves the content along `axis`: it is longer than the viewport, or it is
    /// set to bounce anyway.
    public func isScrollable(_ axis: Axis) -> Bool {
        let bounds = offsetBounds(axis)
        let alwaysBounces = axis == .horizontal ? alwaysBounceHorizontal : alwaysBounceVertical
        return bounds.upperBound > bounds.lowerBound || alwaysBounces
    }

    /// How far `offset` px lies outside the bounds along `axis`, in px: negative before the
    /// start, positive past the end, zero inside.
    func overscroll(_ offset: Double, along axis: Axis) -> Double {
        offset - clamped(offset, along: axis)
    }

    /// `offset` px moved inside the bounds along `axis`: the edge it is past, if any.
    func clamped(_ offset: Double, along axis: Axis) -> Double {
        clamped(offset, along: axis, zoomScale: zoomScale)
    }

    /// `offset` px moved inside the bounds along `axis` at zoom scale `scale`.
    func clamped(_ offset: Double, along axis: Axis, zoomScale scale: Double) -> Double {
        let bounds = offsetBounds(axis, zoomScale: scale)
        return min(max(offset, bounds.lowerBound), bounds.upperBound)
    }

    /// The shown offset for a raw (finger) offset along `axis`: the rubber band past an edge.
    func bandedOffset(_ rawOffset: Double, along axis: Axis) -> Double {
        let edge = clamped(rawOffset, along: axis)
        return edge
            + configuration.rubberBand.displacement(
                forOverdrag: rawOffset - edge, dimension: viewportSize[axis])
    }

    /// The raw (finger) offset that shows `offset` along `axis`: the inverse rubber band.
    func rawOffset(showing offset: Double, along axis: Axis) -> Double {
        let edge = clamped(offset, along: axis)
        return edge
            + configuration.rubberBand.overdrag(
                forDisplacement: offset - edge, dimension: viewportSize[axis])
    }

    /// The content's velocity in px/s for a finger moving at `velocity` px/s along `axis`
    /// while the content is shown at `offset`: slowed by the rubber band's slope past an edge.
    func contentVelocity(_ velocity: Double, at offset: Double, along axis: Axis) -> Double {
        let excess = overscroll(offset, along: axis)
        guard excess != 0 else { return velocity }
        let dimension = viewportSize[axis]
        let overdrag = configuration.rubberBand.overdrag(forDisplacement: excess, dimension: dimension)
        return velocity * configuration.rubberBand.slope(atOverdrag: overdrag, dimension: dimension)
    }

    /// The pages along `axis`, each the viewport's size.
    func pages(_ axis: Axis) -> PageGeometry {
        // Zooming a page does not change the pages: they are counted at the resting scale.
        let bounds = isPageZoomMode ? unzoomedBounds(axis) : offsetBounds(axis)
        return PageGeometry(
            firstOffset: bounds.lowerBound, lastOffset: bounds.upperBound,
            pageLength: viewportSize[axis])
    }

    /// The offset bounds along `axis` with no page zoomed, at the resting scale.
    private func unzoomedBounds(_ axis: Axis) -> ClosedRange<Double> {
        var unzoomed = self
        unzoomed.zoomedPage = nil
        return unzoomed.offsetBounds(axis, zoomScale: restingZoomScale)
    }

    /// The axis the page control counts pages along: horizontal for content that scrolls only
    /// sideways, vertical otherwise; a zoomed page's pages' axis while one is zoomed.
    public var pageControlAxis: Axis {
        if let zoomed = zoomedPage { return zoomed.axis }
        guard isPageZoomMode else {
            return isScrollable(.horizontal) && !isScrollable(.vertical) ? .horizontal : .vertical
        }
        // The pages' axis does not change while a turn resets a page's zoom.
        let isLong = { (axis: Axis) in
            let bounds = self.unzoomedBounds(axis)
            return bounds.upperBound > bounds.lowerBound
        }
        return isLong(.horizontal) && !isLong(.vertical) ? .horizontal : .vertical
    }
}
