/// Stepping a client's animation frame by frame, with roundtrips so that every step is
/// deterministic: what the client draws depends only on the events and the frame clock.
extension TestCompositor {
    /// Presents one frame and waits until the client has handled it (and committed the
    /// frame it drew for it, if any). Returns the frame's time in ms.
    @discardableResult
    public func presentFrameAndRoundtrip() throws(TestCompositorError) -> UInt32 {
        let time = exec { $0.presentFrame() }
        try roundtrip("the clients to handle the frame at \(time) ms")
        return time
    }

    /// Presents frames for as long as `surface` asks for them, until its client is idle: no
    /// frame callback pending, and a roundtrip brings no new commit. Returns how many frames
    /// were presented; throws if the client still animates after `maximumFrames`.
    ///
    /// With `presentsFramesOnCommit` the compositor presents by itself, and this only waits.
    @discardableResult
    public func presentFramesUntilIdle(_ surface: Surface, maximumFrames: Int = 20_000) throws(TestCompositorError) -> Int {
        var frames = 0
        while true {
            let (count, isWaiting, presentsByItself) = exec {
                (surface.commitCount, surface.isWaitingForFrame, $0.presentsFramesOnCommit)
            }
            if isWaiting && !presentsByItself {
                guard frames < maximumFrames else {
                    throw .timedOut(waitingFor: "wl_surface@\(surface.id) to stop asking for frames after \(maximumFrames) frames",
                                    seconds: 0, problems: exec { $0.problems })
                }
                try presentFrameAndRoundtrip()
                frames += 1
                continue
            }
            try roundtrip("the client to handle every frame")
            let isIdle = exec { _ in surface.commitCount == count && !surface.isWaitingForFrame }
            if isIdle { return frames }
        }
    }
}
