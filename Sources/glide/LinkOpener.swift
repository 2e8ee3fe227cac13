import Dispatch
import Glibc
import WaylandClient

/// Hands web and mail addresses to the desktop: the OpenURI portal where a session bus runs
/// one, `xdg-open` otherwise. Programs are started directly (no shell), on a worker that
/// waits for them, and only with an address `LinkAction` accepted (http, https, mailto).
enum LinkOpener {
    static func open(_ url: String) {
        DispatchQueue.global(qos: .userInitiated).async {
            if getenv("DBUS_SESSION_BUS_ADDRESS") != nil, run(portalCall(url)) == 0 { return }
            let status = run(["xdg-open", url])
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

    /// Runs `arguments` (found on PATH) with stdout and stderr discarded; its exit status, or
    /// 127 when it cannot start.
    private static func run(_ arguments: [String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return 127 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, which Swift does not import (they are macros).
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
