/// Why a frame is drawn now, which says what time it shows.
public enum FrameTiming: Equatable, Sendable {
    /// A frame callback fired; the time is its timestamp in ms on the compositor's clock.
    case callback(timeMilliseconds: UInt32)
    /// Input changed something and no callback was pending: draw at the latest input's time.
    case immediate
    /// Frame callbacks stopped (the window is hidden) while something still moves: this many
    /// ms passed on the monotonic clock since the last frame.
    case fallback(elapsedMilliseconds: Double)
}
