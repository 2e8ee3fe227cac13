import CLocale
import Glibc

/// The user's language for Glide's messages, through gettext and the "glide" catalog (`po/`).
///
/// Translatable text is a string literal passed straight to `localized` or
/// `localizedPlural`, so `xgettext` finds it (see the Makefile's `pot` target); values go in
/// through `%s` (or `%1$s`, `%2$s` where a translation reorders them), never through `\(…)`.
public enum Localization {
    /// Picks the language from `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG`, and reads
    /// catalogs from the first of `directories` that exists (each laid out as
    /// `<dir>/<lang>/LC_MESSAGES/glide.mo`). Before this, every message is English.
    public static func start(searchingCatalogsIn directories: [String]) {
        let directory = directories.first { FileSystem.isDirectory($0) } ?? directories.last ?? "/usr/share/locale"
        glide_locale_start(directory)
        // Helper processes Glide runs (the image decoder, whose reasons end up on screen)
        // inherit the environment, so they read the same catalogs.
        setenv(catalogDirectoryVariable, directory, 1)
    }

    /// The environment variable naming the catalogs' directory (`GLIDE_LOCALE_DIR`).
    public static let catalogDirectoryVariable = "GLIDE_LOCALE_DIR"

    /// For a helper process: the catalogs Glide chose, else the system's.
    public static func startAsHelper() {
        start(searchingCatalogsIn: getenv(catalogDirectoryVariable).map { [String(cString: $0)] } ?? [])
    }
}

/// The translation of `message`, or `message` itself.
public func localized(_ message: StaticString) -> String {
    String(cString: glide_gettext(message.cString))
}

/// The translation of `format` with each `%s` replaced by the next argument (`%1$s`, `%2$s`
/// by the numbered one, `%%` by `%`).
public func localized(_ format: StaticString, _ arguments: any CustomStringConvertible...) -> String {
    MessageFormat.substitute(String(cString: glide_gettext(format.cString)), arguments.map(\.description))
}

/// The translation of `singular` or `plural` chosen by `count` with the language's plural rule
/// (Russian has three forms), with the `%s` placeholders replaced as in `localized(_:_:)`.
public func localizedPlural(_ singular: StaticString, _ plural: StaticString, count: Int,
                            _ arguments: any CustomStringConvertible...) -> String {
    let form = glide_ngettext(singular.cString, plural.cString, UInt(clamping: count))
    return MessageFormat.substitute(String(cString: form!), arguments.map(\.description))
}

/// `message` marked for translation where it is stored (a table), to be translated where it
/// is shown with `localized(_:)`: gettext's `gettext_noop`.
public func translatable(_ message: StaticString) -> StaticString { message }

/// The translation of `message` in `context`, for short messages that mean different things.
public func localizedInContext(_ context: StaticString, _ message: StaticString) -> String {
    String(cString: glide_pgettext(context.cString, message.cString))
}

extension StaticString {
    /// Literals are NUL-terminated UTF-8 in the binary, so they can go to C as they are.
    fileprivate var cString: UnsafePointer<CChar> {
        UnsafeRawPointer(utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
