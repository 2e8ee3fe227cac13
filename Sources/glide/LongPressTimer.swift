import CSystem
import Glibc

/// A one-shot timer the loop polls, for the viewer's long press (it asks for it when a finger
/// goes down, and cancels it when the finger lifts or moves).
final class LongPressTimer {
    let fileDescriptor = glide_timerfd_create()

    deinit {
        if fileDescriptor >= 0 { close(fileDescriptor) }
    }

    func arm(milliseconds: Double) {
        _ = glide_timerfd_arm(fileDescriptor, UInt32(max(1, milliseconds)), 0)
    }

    func disarm() {
        _ = glide_timerfd_arm(fileDescriptor, 0, 0)
    }

    /// Consumes the expiry; whether it had fired.
    func takeExpiry() -> Bool {
        glide_timerfd_take_expirations(fileDescriptor) > 0
    }
}
