import CWaylandServer

/// Presenting frames: the test decides when a frame happens and what time it has.
extension Server {
    /// Whether a client waits for a frame callback.
    public var isWaitingForFrame: Bool { surfaces.contains { $0.isWaitingForFrame } }

    /// Presents one frame at the frame clock's next time: answers every committed frame
    /// callback, reports every commit's content as presented, and moves the clock on by one
    /// refresh. Returns the frame's time in ms, as the callbacks got it.
    @discardableResult
    public func presentFrame() -> UInt32 {
        let time = frameClock.nextFrameTimeMilliseconds
        let presentationTime = frameClock.nextPresentation
        for surface in surfaces { surface.presentFrame(timeMilliseconds: time, presentation: presentationTime) }
        frameClock.advance()
        compositor.presentedFrameCount = frameClock.frameCount
        return time
    }

    /// With `presentsFramesOnCommit`, presents a frame once the requests being dispatched are
    /// handled, if some surface waits for one.
    func schedulePresentationIfNeeded() {
        guard presentsFramesOnCommit, !isPresentationScheduled,
              surfaces.contains(where: { $0.isWaitingForPresentation }) else { return }
        isPresentationScheduled = true
        wl_event_loop_add_idle(wl_display_get_event_loop(display), { data in
            let server = Unmanaged<Server>.fromOpaque(data!).takeUnretainedValue()
            server.isPresentationScheduled = false
            if server.presentsFramesOnCommit { server.presentFrame() }
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Presents a frame every `intervalMilliseconds` of real time, as a monitor would, until
    /// `stopPresentingFrames`. Frame times still come from the frame clock, so they stay
    /// deterministic; only the pace is real.
    public func startPresentingFrames(everyMilliseconds intervalMilliseconds: Int32) {
        stopPresentingFrames()
        guard let source = wl_event_loop_add_timer(wl_display_get_event_loop(display), { data in
            let server = Unmanaged<Server>.fromOpaque(data!).takeUnretainedValue()
            server.presentFrame()
            // A timer fires once; re-arm it for the next frame.
            if let timer = server.frameTimer { wl_event_source_timer_update(timer.source, timer.intervalMilliseconds) }
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
        else { preconditionFailure("wl_event_loop_add_timer failed") }
        frameTimer = (source, intervalMilliseconds)
        wl_event_source_timer_update(source, intervalMilliseconds)
    }

    /// Stops the frames that `startPresentingFrames` presents.
    public func stopPresentingFrames() {
        if let frameTimer { wl_event_source_remove(frameTimer.source) }
        frameTimer = nil
    }
}
