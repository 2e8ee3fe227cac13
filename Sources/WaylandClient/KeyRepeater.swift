import Machinery

/// Client-side key repeat (`wl_keyboard.repeat_info`): the compositor sends one press, and the
/// client repeats it after `delay` every `1000 / rate` ms until the key is released, on a
/// `LoopTimer` that the app's poll loop watches.
final class KeyRepeater {
    private let timer = LoopTimer()
    /// The timer to poll; readable when repeats are due.
    var fileDescriptor: Int32 { timer.fileDescriptor }
    /// Repeats per second; 0 disables repeat. GTK's defaults until the compositor says.
    private(set) var ratePerSecond: Int32 = 25
    private(set) var delayMilliseconds: Int32 = 400
    private var repeatingKey: UInt32?
    private var repeated: KeyEvent?
    private var repeatCount: UInt32 = 0

    func configure(ratePerSecond: Int32, delayMilliseconds: Int32) {
        self.ratePerSecond = max(0, ratePerSecond)
        self.delayMilliseconds = max(0, delayMilliseconds)
    }

    /// Starts repeating `event` for the evdev `key`.
    func start(key: UInt32, event: KeyEvent) {
        guard ratePerSecond > 0, fileDescriptor >= 0 else { return }
        repeatingKey = key
        repeated = event
        repeatCount = 0
        timer.arm(afterMilliseconds: Double(max(delayMilliseconds, 1)), everyMilliseconds: Double(intervalMilliseconds))
    }

    /// Stops repeating when `key` is the repeating one (or any key, when nil).
    func stop(key: UInt32? = nil) {
        guard key == nil || key == repeatingKey else { return }
        repeatingKey = nil
        repeated = nil
        timer.disarm()
    }

    /// The repeat that came due since the last call, with its time on the compositor's clock
    /// continued from the original press, so the engine's timeline stays monotonic. Repeats
    /// missed while the loop was busy are dropped, not delivered in a burst: a stall must not
    /// turn into fifty Page Downs.
    func takeDueRepeat() -> KeyEvent? {
        let expirations = timer.takeExpirations()
        guard var event = repeated, expirations > 0 else { return nil }
        repeatCount &+= UInt32(truncatingIfNeeded: expirations)
        event.timeMilliseconds = event.timeMilliseconds &+ UInt32(delayMilliseconds)
            &+ (repeatCount &- 1) &* intervalMilliseconds
        return event
    }

    private var intervalMilliseconds: UInt32 { UInt32(max(1, 1000 / max(ratePerSecond, 1))) }
}
