import CSystem
import Glibc

/// Keeps animations finishing when frame callbacks stop, as they do for a hidden window
/// ("A server should avoid signaling the frame callbacks if the surface is not visible").
///
/// Armed with each frame that asks for another; when no callback comes within the interval
/// the window draws anyway, at this slow rate, so a fling still ends without burning CPU.
/// SDL waits 50 ms for a callback for the same reason; 100 ms is 10 frames per second.
final class FallbackTimer {
    let fileDescriptor = glide_timerfd_create()
    let intervalMilliseconds: UInt32 = 100
    private var armedAtMilliseconds = 0.0

    deinit {
        if fileDescriptor >= 0 { close(fileDescriptor) }
    }

    func arm() {
        armedAtMilliseconds = monotonicMilliseconds()
        _ = glide_timerfd_arm(fileDescriptor, intervalMilliseconds, 0)
    }

    func disarm() {
        _ = glide_timerfd_arm(fileDescriptor, 0, 0)
    }

    /// Consumes the expiry; returns the ms since the timer was armed, or nil if it had not fired.
    func takeExpiry() -> Double? {
        guard glide_timerfd_take_expirations(fileDescriptor) > 0 else { return nil }
        return monotonicMilliseconds() - armedAtMilliseconds
    }
}

/// Now on CLOCK_MONOTONIC, in ms.
public func monotonicMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
}
