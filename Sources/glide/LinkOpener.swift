import Glibc
import Machinery

/// Hands web and mail addresses to the desktop: the OpenURI portal where a session bus runs
/// one, `xdg-open` otherwise. Programs are started directly (no shell), on a worker that
/// waits for them, and only with an address `LinkAction` accepted (http, https, mailto).
enum LinkOpener {
    static func open(_ url: String) {
        WorkQueue.shared.submit { _ in
            if getenv("DBUS_SESSION_BUS_ADDRESS") != nil, ProgramLauncher.run(portalCall(url)) == 0 { return }
            let status = ProgramLauncher.run(["xdg-open", url])
            if status != 0 { DebugLog.write("xdg-open \(url) failed with status \(status)") }
        }
    }

    /// `gdbus` calling org.freedesktop.portal.OpenURI.OpenURI (parent window "", options {}),
    /// the address as a GVariant string literal so no character of it is read as syntax.
    private static func portalCall(_ url: String) -> [String] {
        let literal = "'" + url.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
        return ["gdbus", "call", "--session", "--timeout", "5", "--dest", "org.freedesktop.portal.Desktop",
                "--object-path", "/org/freedesktop/portal/desktop", "--method",
                "org.freedesktop.portal.OpenURI.OpenURI", "", literal, "{}"]
    }
}
