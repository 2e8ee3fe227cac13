import DocumentKit
import Render
import ScrollEngine

/// The frame pipeline, in one fixed order: advance → layout → corrections → frame → render →
/// damage. It lays each pane out once per frame, moves the engine by what layout corrected,
/// and renders the frame the engine then gives, so the traced frame is the frame the pixels
/// show.
final class FramePipeline: ViewerPart {
    unowned let state: ViewerState
    unowned let navigation: Navigation
    unowned let input: InputRouter
    private var drawnFrameCount = 0
    private var bufferSize = (width: 0, height: 0)
    private var wasAtRest = true
    private var hasLaidOut = false

    init(state: ViewerState, navigation: Navigation, input: InputRouter) {
        self.state = state
        self.navigation = navigation
        self.input = input
    }

    /// Follows a new window size. Only a new size reflows and re-anchors (which ends a running
    /// fling); a new scale just draws the same layout with more pixels.
    func resize(to size: LogicalSize) {
        state.windowSize = size
        let documentRect = scene.rects[documentPane.view]
        for (pane, rect) in zip(panes, state.paneRects) where scene.rects[pane.view] != rect || !hasLaidOut {
            pane.layout.setViewportSize(width: rect.size.width, height: rect.size.height)
            scene.setRect(rect, ofView: pane.view, timeMilliseconds: timeMilliseconds)
            state.updateContentSize(of: pane, to: pane.layout.contentSize)
            if pane === documentPane, !state.zoomRules.isRangeFixed, case .magnify(let range) = document.zoomPolicy {
                scene[pane.view].minimumZoomScale = range.lowerBound
            }
            // Reflow keeps the block that was at the top of the pane there.
            let anchor = pane.layout.anchorOffset
            let zoom = scene[pane.view].zoomScale
            scene[pane.view].scroll(to: LogicalPoint(x: anchor.x * zoom, y: anchor.y * zoom),
                                    animated: false, timeMilliseconds: timeMilliseconds)
        }
        // The fit chosen is kept as the window changes.
        if scene.rects[documentPane.view] != documentRect || !hasLaidOut { state.applyPageFit(animated: false) }
        hasLaidOut = true
        needsFrame = true
    }

    /// Draws the next frame into `buffer` (whose identity `bufferID` says what it holds from
    /// earlier frames) at `time`, in one fixed order: advance the engine to the frame's time;
    /// lay out what each pane shows and apply the corrections to the engine's offsets; take
    /// the engine's frame (the one traced); render it; collect the damage.
    func frame(at time: FrameTime, into buffer: PixelBuffer, bufferID: ObjectIdentifier) -> ViewerFrame {
        switch time {
        case .callback(let milliseconds): advanceClock(to: milliseconds)
        case .immediate: break
        case .fallback(let elapsed): timeMilliseconds += elapsed
        }
        needsFrame = false
        let isCallback: Bool
        if case .callback = time { isCallback = true } else { isCallback = false }
        input.advanceReadingTools(atFrameCallback: isCallback)
        navigation.startPendingNavigationScroll(atFrameCallback: isCallback)
        scene.advance(to: timeMilliseconds)
        input.overview.advance()
        state.foldSettledTextZoom()
        state.limitPageZoomToThePageShown()
        state.keepPageFit()
        highlightCurrentHeading()
        if bufferSize != (buffer.width, buffer.height) {
            for pane in panes { pane.bufferContents.removeAll() }
            bufferSize = (buffer.width, buffer.height)
        }
        let controlsOpacity = input.windowControlsOpacity
        var damage: [DeviceRect] = []
        // A scroll waiting for a frame callback to start needs one, and so does a page
        // settling on its quarter turn after two fingers turned it.
        let readingAnimates = input.readingToolsAnimate || navigation.isNavigationScrollPending
        let pageLands = input.isPageTurnLanding
        var isAnimating = controlsOpacity > 0 || readingAnimates || pageLands
        var isAtRest = controlsOpacity == 0 && !readingAnimates && !pageLands
        var traced: ScrollFrame?
        var slideBytes = 0
        for (pane, rect) in zip(panes, state.paneRects) {
            let band = PaneGeometry.band(of: buffer, for: rect)
            layOut(pane, viewportWidth: rect.size.width, viewportHeight: rect.size.height, scale: buffer.scale)
            if pane === documentPane { navigation.followNavigationTarget() }
            let frame = scene[pane.view].frame
            if pane === documentPane { traced = frame }
            let rendered = pane.renderer.render(
                pane.layout, frame: frame, into: band.pixels, showing: pane.bufferContents[bufferID],
                windowControls: state.showsWindowControls && band.top == 0 ? (input.windowControls, controlsOpacity) : nil,
                reading: pane === documentPane ? input.readingOverlay : ReadingOverlay(),
                tiltDegrees: pane === documentPane ? input.pageTiltDegrees : nil,
                pageLabel: pane === documentPane && frame.pageControl.labelOpacity > 0
                    ? navigation.label(ofViewPage: frame.pageControl.currentPage) : nil,
                shownPages: pane === documentPane ? navigation.shownPages(ofViewPage: frame.pageControl.currentPage) : nil)
            pane.bufferContents[bufferID] = rendered.contents
            slideBytes += rendered.slideBytes
            damage += rendered.damage.map { $0.offsetBy(dx: 0, dy: band.top) }
            isAnimating = isAnimating || frame.needsFrames || pane.layout.hasPendingLayout
            isAtRest = isAtRest && frame.isAtRest
        }
        drawnFrameCount += 1
        let comesToRest = isAtRest && !wasAtRest
        wasAtRest = isAtRest
        return ViewerFrame(number: drawnFrameCount, traced: traced!, damage: damage, isAnimating: isAnimating,
                           isAtRest: isAtRest, savesReadingPosition: comesToRest, slideBytes: slideBytes)
    }

    /// Lays out what `pane` shows and moves the engine by the corrections, before anything
    /// is drawn, so the frame taken next is the one the pixels show.
    private func layOut(_ pane: Pane, viewportWidth: Double, viewportHeight: Double, scale: Double) {
        let view = scene[pane.view]
        let correction = pane.renderer.layOut(pane.layout, frame: view.frame, viewportWidth: viewportWidth,
                                              viewportHeight: viewportHeight, scale: scale)
        // Estimates corrected as the content was laid out: keep the engine in step, and a
        // running animation (End heading for the end) going.
        state.updateContentSize(of: pane, to: pane.layout.contentSize)
        if correction != .zero {
            let shift = LogicalPoint(x: correction.x, y: correction.y)
            scene[pane.view].shiftContent(by: shift, timeMilliseconds: timeMilliseconds)
            if pane === documentPane { navigation.contentShifted(by: shift) }
        }
    }

    /// Highlights the heading of the page shown below the outline.
    private func highlightCurrentHeading() {
        guard let (_, outline) = outlinePane else { return }
        let heading = outline.heading(onPage: navigation.documentPage(ofViewPage: scene[documentPane.view].frame.pageControl.currentPage))
        if outline.highlightedHeading != heading { outline.highlightedHeading = heading }
    }
}
