/// The modifier keys held with a key, wheel or pointer event, as the app reads them from
/// xkbcommon with the modifiers the key itself consumed removed (`xkb_state_mod_mask_remove_consumed`).
public struct InputModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let shift = InputModifiers(rawValue: 1 << 0)
    public static let control = InputModifiers(rawValue: 1 << 1)
    public static let alt = InputModifiers(rawValue: 1 << 2)
    /// The Super or Windows key (xkb's "Mod4"), which belongs to the desktop's shortcuts.
    public static let logo = InputModifiers(rawValue: 1 << 3)
}
