import Localization
import Machinery

/// The window's title: the document's name, then the application's.
public enum WindowTitle {
    /// The title naming `name` (a file's name, or how many files are shown), its control
    /// characters escaped as stderr's messages show them (`\x1B`, see `OneLineText`): a
    /// title is one line, and an ESC or BEL from a file name must not drive a terminal or a
    /// status bar that prints it.
    public static func naming(_ name: String) -> String {
        // TRANSLATORS: the window title: the document's name, then the application's.
        localized("%s — Glide", OneLineText.escaping(name))
    }
}
