/// The compositor's time: frame times are chosen by the test, never read from a clock, so
/// that a run is deterministic and every animation can be checked against a time table.
public struct FrameClock: Sendable {
    /// When the next frame is presented, in ns of the compositor's `CLOCK_MONOTONIC` (the
    /// clock `wp_presentation` announces). Starts at 1 s so that no time is zero.
    public var nextFrameTimeNanoseconds: UInt64 = 1_000_000_000
    /// The time between two frames in ns; 16 666 667 is 60 Hz. Sent as the refresh of
    /// `wp_presentation_feedback.presented`.
    public var refreshNanoseconds: UInt32 = 16_666_667
    /// Frames presented so far: the presentation sequence number (the vblank counter).
    public private(set) var frameCount: UInt64 = 0

    /// The next frame's time as `wl_callback.done` sends it: ms, wrapping at 2³².
    public var nextFrameTimeMilliseconds: UInt32 {
        get { UInt32(truncatingIfNeeded: nextFrameTimeNanoseconds / 1_000_000) }
        set { nextFrameTimeNanoseconds = UInt64(newValue) * 1_000_000 }
    }

    /// The next frame as `wp_presentation_feedback.presented` describes it.
    var nextPresentation: PresentationTime {
        PresentationTime(timeNanoseconds: nextFrameTimeNanoseconds, refreshNanoseconds: refreshNanoseconds,
                         sequence: frameCount)
    }

    /// Moves on by one refresh, after a frame was presented.
    mutating func advance() {
        frameCount += 1
        nextFrameTimeNanoseconds += UInt64(refreshNanoseconds)
    }
}

/// When and how a frame was shown, as `wp_presentation_feedback.presented` reports it.
struct PresentationTime {
    let timeNanoseconds: UInt64
    let refreshNanoseconds: UInt32
    let sequence: UInt64
}
