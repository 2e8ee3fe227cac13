import CSystem
import Glibc

/// The one timer: a timerfd on the monotonic clock that the app's poll loop watches beside the
/// display. A long press, the frame fallback, key repeat and file-change coalescing each hold
/// one; none of them runs code on a thread of its own.
public final class LoopTimer {
    /// The descriptor to poll; readable once the timer has fired.
    public let fileDescriptor: Int32
    /// When it was last armed, on `MonotonicClock`, in ms.
    private var armedAtMilliseconds = 0.0

    /// A timer, not armed (its descriptor is -1 when the system has none to give).
    public init() {
        fileDescriptor = glide_timerfd_create()
    }

    deinit {
        if fileDescriptor >= 0 { close(fileDescriptor) }
    }

    /// Fires after `delayMilliseconds` (at least 1), then every `intervalMilliseconds` when that
    /// is more than 0. Returns whether the timer is armed.
    @discardableResult
    public func arm(afterMilliseconds delayMilliseconds: Double, everyMilliseconds intervalMilliseconds: Double = 0) -> Bool {
        armedAtMilliseconds = MonotonicClock.milliseconds()
        let delay = UInt32(min(max(delayMilliseconds.rounded(.up), 1), Double(UInt32.max)))
        let interval = UInt32(min(max(intervalMilliseconds.rounded(.up), 0), Double(UInt32.max)))
        return fileDescriptor >= 0 && glide_timerfd_arm(fileDescriptor, delay, interval) == 0
    }

    public func disarm() {
        guard fileDescriptor >= 0 else { return }
        _ = glide_timerfd_arm(fileDescriptor, 0, 0)
    }

    /// How many times it fired since the last call (0 if it has not).
    @discardableResult
    public func takeExpirations() -> UInt64 {
        fileDescriptor >= 0 ? glide_timerfd_take_expirations(fileDescriptor) : 0
    }

    /// Consumes the expiry; the ms since the timer was armed, or nil if it had not fired.
    public func takeExpiry() -> Double? {
        guard takeExpirations() > 0 else { return nil }
        return MonotonicClock.milliseconds() - armedAtMilliseconds
    }
}
