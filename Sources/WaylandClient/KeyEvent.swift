/// A key press, after the keymap: the keysym and the modifiers that were not consumed by it.
public struct KeyEvent: Equatable, Sendable {
    /// The xkb keysym (`XKB_KEY_*`), e.g. 0xff1b for Escape.
    public var keysym: UInt32
    /// The keysym's name as xkbcommon spells it (`Escape`, `q`, `Page_Down`).
    public var name: String
    public var modifiers: KeyModifiers
    /// The event time in ms (compositor clock).
    public var timeMilliseconds: UInt32
    /// The text the key types with the keymap and modifiers (`é`, `Ж`, `?`), empty for keys
    /// that type nothing: what a text field inserts.
    public var text = ""

    public init(keysym: UInt32, name: String, modifiers: KeyModifiers, timeMilliseconds: UInt32) {
        self.keysym = keysym
        self.name = name
        self.modifiers = modifiers
        self.timeMilliseconds = timeMilliseconds
    }
}

/// Modifier keys held with a key.
public struct KeyModifiers: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let control = KeyModifiers(rawValue: 1 << 1)
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    public static let logo = KeyModifiers(rawValue: 1 << 3)
}
