import Foundation
import TestSupport
import XCTest

/// The real xdg-desktop-portal and its GTK backend (Debian's packages) on a private session
/// bus, started by D-Bus activation (Tests/PortalStandIn/session-bus.py) and showing their
/// dialogs in headless sway, as under a GNOME session; what the portals were called with is
/// logged by dbus-monitor. Glide started with `glide(_:)` talks to them.
final class DesktopPortalSession {
    /// The GTK backend's app id: its dialogs are its windows in sway's tree.
    static let backendAppID = "xdg-desktop-portal-gtk"
    let sway: HeadlessSway
    let bus: PortalStandInBus
    let directory: URL

    /// Starts the portals for `sway`, keeping their state (settings, recent files, the
    /// permission store) in `directory`, never in the user's home.
    init(sway: HeadlessSway, directory: URL) throws {
        self.sway = sway
        self.directory = directory
        let client = sway.clientEnvironment
        let display = client["WAYLAND_DISPLAY"].map { $0.hasPrefix("/") ? $0 : (client["XDG_RUNTIME_DIR"] ?? "") + "/" + $0 } ?? ""
        let home = directory.appendingPathComponent("portal-home").path
        for folder in ["config", "data", "cache"] {
            try FileManager.default.createDirectory(atPath: home + "/" + folder, withIntermediateDirectories: true)
        }
        bus = try PortalStandInBus(script: "session-bus.py", in: directory, environment: [
            // gtk.portal serves GNOME sessions (its UseIn), on sway's display (the bus has a
            // runtime directory of its own, so the display is named by its path).
            "XDG_CURRENT_DESKTOP": "GNOME", "WAYLAND_DISPLAY": display, "GDK_BACKEND": "wayland",
            "HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache",
            // No accessibility bus and no dconf service: nothing the test does not need is
            // started on the bus (each would be one more process to outlive it).
            "NO_AT_BRIDGE": "1", "GSETTINGS_BACKEND": "memory",
        ])
    }

    /// Ends the bus; every service it started ends with it, the document portal unmounting its
    /// FUSE file system from the bus's runtime directory (waited for, at most 10 s, so the test's
    /// directory can be removed).
    func stop() {
        bus.stop()
        let documents = directory.appendingPathComponent("bus-runtime/doc").path
        let deadline = Date().addingTimeInterval(10)
        while ((try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? "").contains(" \(documents) "),
              Date() < deadline {
            usleep(100_000)
        }
    }

    /// The environment of a glide that uses these portals.
    var clientEnvironment: [String: String] {
        sway.clientEnvironment.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) { $1 }
    }

    /// What dbus-monitor printed so far: each portal method call, with its arguments.
    func monitored() -> String {
        (try? String(contentsOfFile: bus.log, encoding: .utf8)) ?? ""
    }

    /// The method calls of `interface` seen on the bus, by member name, in order.
    func calls(of interface: String) -> [String] {
        monitored().split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("method call"), line.contains("interface=\(interface);"),
                  let member = line.range(of: "member=") else { return nil }
            return String(line[member.upperBound...].prefix { $0 != " " && $0 != ";" })
        }
    }

    /// The windows (and containers) of sway's tree, depth first.
    func nodes() throws -> [[String: Any]] {
        var found: [[String: Any]] = []
        func walk(_ node: Any) {
            guard let node = node as? [String: Any] else { return }
            found.append(node)
            for key in ["nodes", "floating_nodes"] { (node[key] as? [Any] ?? []).forEach(walk) }
        }
        walk(try JSONSerialization.jsonObject(with: Data(try sway.message(["-t", "get_tree"]).utf8)))
        return found
    }

    /// Where the GTK backend's dialog is, in sway's layout px, while one shows.
    func dialogRect() throws -> (x: Int, y: Int, width: Int, height: Int)? {
        try nodes().first { $0["app_id"] as? String == Self.backendAppID }
            .flatMap { $0["rect"] as? [String: Int] }.map { ($0["x"] ?? 0, $0["y"] ?? 0, $0["width"] ?? 0, $0["height"] ?? 0) }
    }

    /// Waits at most `seconds` for `condition`, polling every 0.2 s; returns whether it held.
    @discardableResult
    func wait(seconds: Double, until condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while try !condition() {
            guard Date() < deadline else { return false }
            usleep(200_000)
        }
        return true
    }

    /// Runs wtype with `arguments`; a Shift first takes the place of a key lost to wtype's new keymap.
    func type(_ arguments: [String]) throws {
        let typed = try ChildProcess.run("/usr/bin/wtype", ["-k", "Shift_L"] + arguments, environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
    }

    /// Presses Ctrl+`key` until the portal's `interface` was called with `member` (a key can be
    /// lost to wtype's new keymap on a loaded machine), then waits for the backend's dialog.
    func pressControl(_ key: String, until interface: String, calls member: String) throws {
        for _ in 0..<3 where !calls(of: interface).contains(member) {
            try type(["-M", "ctrl", "-k", key, "-m", "ctrl"])
            wait(seconds: 10) { calls(of: interface).contains(member) }
        }
    }
}
