import DocumentKit
import FoundationEssentials

/// Choosing light or dark from what the desktop says (a desktop preference, so the app's and
/// not the document model's), without new dependencies: the
/// `GTK_THEME` variable and GTK's own settings files. (GNOME's `color-scheme` lives in dconf
/// and reaches apps over D-Bus through the settings portal, which would need both.)
extension Palette {
    /// `.dark` when asked for, or when `GTK_THEME` names a dark variant (`Adwaita:dark`) or
    /// `$XDG_CONFIG_HOME/gtk-4.0/settings.ini` (or gtk-3.0) prefers a dark theme; else `.light`.
    /// `readFile` returns a file's text, or nil when it cannot be read.
    static func preferred(forcingDark: Bool, environment: [String: String],
                                 readFile: (String) -> String?) -> Palette {
        if forcingDark { return .dark }
        if let theme = environment["GTK_THEME"] { return theme.lowercased().contains("dark") ? .dark : .light }
        let configHome = environment["XDG_CONFIG_HOME"] ?? environment["HOME"].map { $0 + "/.config" }
        guard let configHome else { return .light }
        for version in ["gtk-4.0", "gtk-3.0"] {
            guard let settings = readFile("\(configHome)/\(version)/settings.ini") else { continue }
            for line in settings.split(whereSeparator: \.isNewline) {
                // Keys and values hold no spaces that matter (`gtk-theme-name = Adwaita-dark`).
                let parts = line.split(separator: "=", maxSplits: 1).map { String($0.filter { !$0.isWhitespace }).lowercased() }
                guard parts.count == 2 else { continue }
                if parts[0] == "gtk-application-prefer-dark-theme" { return ["1", "true"].contains(parts[1]) ? .dark : .light }
                if parts[0] == "gtk-theme-name", parts[1].contains("dark") { return .dark }
            }
        }
        return .light
    }
}

extension Palette {
    /// `preferred(forcingDark:environment:readFile:)` for this process's environment and files.
    static func preferredByDesktop(forcingDark: Bool) -> Palette {
        preferred(forcingDark: forcingDark, environment: ProcessInfo.processInfo.environment) { path in
            try? String(contentsOfFile: path, encoding: .utf8)
        }
    }
}
