import FoundationEssentials
import Machinery

/// Whether the desktop prefers a dark style, as Glide follows it (issue 26): the Settings
/// portal's `org.freedesktop.appearance` `color-scheme` where a portal answers (GNOME, KDE, a
/// desktop with xdg-desktop-portal), followed live; where it answers nothing or "no
/// preference", the `GTK_THEME` variable and GTK's own settings files, read once, so a bare
/// compositor with no portal keeps what it had. A loop-thread object.
public final class DesktopStyle {
    /// Called on the loop thread when the desktop's dark style differs from what it was last
    /// said to be: a change announced by the portal (`SettingChanged`), or a first answer
    /// that came after `prefersDark(waitingAtMostMilliseconds:)` stopped waiting for it.
    public var onChange: ((_ prefersDark: Bool) -> Void)?
    private let firstAnswer: WorkQueue.Promise<ColorScheme>
    /// What GTK's settings say, for a portal that says nothing.
    private let gtkPrefersDark: Bool
    /// What the app was last told.
    private var said: Bool?

    /// Starts reading the portal on its worker, now, so the answer is there by the time the
    /// window's first frame needs it.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                readFile: (String) -> String? = { try? String(contentsOfFile: $0, encoding: .utf8) }) {
        gtkPrefersDark = DesktopStyle.gtkPrefersDark(environment: environment, readFile: readFile)
        let box = LoopThreadReference<DesktopStyle>()
        firstAnswer = SettingsPortal.followColorScheme(environment: environment) { scheme in
            MainThreadMailbox.shared.post { box.object?.receive(scheme) }
        }
        box.object = self
        firstAnswer.whenDone { scheme in MainThreadMailbox.shared.post { box.object?.receive(scheme) } }
    }

    /// Whether the desktop prefers a dark style, waiting at most `milliseconds` for the portal.
    public func prefersDark(waitingAtMostMilliseconds milliseconds: Int) -> Bool {
        let isDark = prefersDark(firstAnswer.wait(atMostMilliseconds: milliseconds) ?? .noPreference)
        said = isDark
        return isDark
    }

    private func prefersDark(_ scheme: ColorScheme) -> Bool {
        switch scheme {
        case .prefersDark: return true
        case .prefersLight: return false
        case .noPreference: return gtkPrefersDark
        }
    }

    private func receive(_ scheme: ColorScheme) {
        let isDark = prefersDark(scheme)
        guard let said, said != isDark else { return }
        self.said = isDark
        onChange?(isDark)
    }

    /// Whether `GTK_THEME` names a dark variant (`Adwaita:dark`), or
    /// `$XDG_CONFIG_HOME/gtk-4.0/settings.ini` (or gtk-3.0) prefers a dark theme. `readFile`
    /// returns a file's text, or nil when it cannot be read.
    static func gtkPrefersDark(environment: [String: String], readFile: (String) -> String?) -> Bool {
        if let theme = environment["GTK_THEME"] { return theme.lowercased().contains("dark") }
        let configHome = environment["XDG_CONFIG_HOME"] ?? environment["HOME"].map { $0 + "/.config" }
        guard let configHome else { return false }
        for version in ["gtk-4.0", "gtk-3.0"] {
            guard let settings = readFile("\(configHome)/\(version)/settings.ini") else { continue }
            for line in settings.split(whereSeparator: \.isNewline) {
                // Keys and values hold no spaces that matter (`gtk-theme-name = Adwaita-dark`).
                let parts = line.split(separator: "=", maxSplits: 1).map { String($0.filter { !$0.isWhitespace }).lowercased() }
                guard parts.count == 2 else { continue }
                if parts[0] == "gtk-application-prefer-dark-theme" { return ["1", "true"].contains(parts[1]) }
                if parts[0] == "gtk-theme-name", parts[1].contains("dark") { return true }
            }
        }
        return false
    }
}
