import CSystem
import Glibc

/// A one-shot timer the loop polls: fires `ReadingTools.longPressMilliseconds` after a finger
/// goes down, unless it lifts or moves first.
final class LongPressTimer {
    let fileDescriptor = glide_timerfd_create()

    deinit {
        if fileDescriptor >= 0 { close(fileDescriptor) }
    }

    func arm() {
        _ = glide_timerfd_arm(fileDescriptor, UInt32(ReadingTools.longPressMilliseconds), 0)
    }

    func disarm() {
        _ = glide_timerfd_arm(fileDescriptor, 0, 0)
    }

    /// Consumes the expiry; whether it had fired.
    func takeExpiry() -> Bool {
        glide_timerfd_take_expirations(fileDescriptor) > 0
    }
}
