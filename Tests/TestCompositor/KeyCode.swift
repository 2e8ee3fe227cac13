/// A key by its Linux evdev code (linux/input-event-codes.h), which is what `wl_keyboard.key`
/// carries; the keymap turns it into a symbol (xkb adds 8 to get its own keycode).
public struct KeyCode: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    public static let escape = KeyCode(rawValue: 1)
    public static let digit0 = KeyCode(rawValue: 11)
    public static let minus = KeyCode(rawValue: 12)
    public static let equal = KeyCode(rawValue: 13)
    public static let q = KeyCode(rawValue: 16)
    public static let w = KeyCode(rawValue: 17)
    public static let enter = KeyCode(rawValue: 28)
    public static let leftControl = KeyCode(rawValue: 29)
    public static let leftShift = KeyCode(rawValue: 42)
    public static let leftAlt = KeyCode(rawValue: 56)
    public static let space = KeyCode(rawValue: 57)
    public static let f11 = KeyCode(rawValue: 87)
    public static let home = KeyCode(rawValue: 102)
    public static let up = KeyCode(rawValue: 103)
    public static let pageUp = KeyCode(rawValue: 104)
    public static let left = KeyCode(rawValue: 105)
    public static let right = KeyCode(rawValue: 106)
    public static let end = KeyCode(rawValue: 107)
    public static let down = KeyCode(rawValue: 108)
    public static let pageDown = KeyCode(rawValue: 109)
}
