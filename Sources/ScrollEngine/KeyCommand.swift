/// What a key does to a scroll view, from its xkb keysym name and the modifiers it did not
/// consume: arrows, pages, space, Home/End and zoom keys, as GTK and foot read them.
enum KeyCommand: Sendable {
    case lineUp, lineDown, lineLeft, lineRight
    case pageUp, pageDown
    case home, end
    case zoomIn, zoomOut, zoomReset

    /// The command for the key named `name` (as `xkb_keysym_get_name` spells it) with
    /// `modifiers`, or `nil` if the scroll view has none for it. Alt and Super combinations
    /// belong to the app and the desktop.
    init?(keysymName name: String, modifiers: InputModifiers) {
        guard modifiers.isDisjoint(with: [.alt, .logo]) else { return nil }
        if modifiers.contains(.control) {
            // Shift may be held for "+", which is Shift+equal on many layouts.
            switch name {
            case "plus", "equal", "KP_Add": self = .zoomIn
            case "minus", "KP_Subtract": self = .zoomOut
            case "0", "KP_0": self = .zoomReset
            default: return nil
            }
            return
        }
        if name == "space" {
            self = modifiers.contains(.shift) ? .pageUp : .pageDown
            return
        }
        guard modifiers.isEmpty else { return nil }
        switch name {
        case "Up", "KP_Up": self = .lineUp
        case "Down", "KP_Down": self = .lineDown
        case "Left", "KP_Left": self = .lineLeft
        case "Right", "KP_Right": self = .lineRight
        // xkbcommon names the page keys "Prior" and "Next"; "Page_Up"/"Page_Down" are aliases.
        case "Prior", "Page_Up", "KP_Prior", "KP_Page_Up": self = .pageUp
        case "Next", "Page_Down", "KP_Next", "KP_Page_Down": self = .pageDown
        case "Home", "KP_Home": self = .home
        case "End", "KP_End": self = .end
        default: return nil
        }
    }
}
