import Foundation
import TestSupport

/// A private session bus with the accessibility bus and its registry, as a GNOME session has:
/// `dbus-run-session` runs `at-spi-bus-launcher`, which starts the accessibility bus (and the
/// registry on it when a client first asks). Glide and the screen-reader client join it
/// through `DBUS_SESSION_BUS_ADDRESS`, as the same user as the test.
final class AccessibilityBus {
    let address: String
    private let session: ChildProcess
    private let launcherProcessID: pid_t

    init(directory: URL, environment: [String: String]) throws {
        let addressFile = directory.appendingPathComponent("session-bus")
        // The buses keep their sockets in a runtime directory of the test's own user (dbus
        // refuses one owned by another, such as sway's under root); their addresses are
        // absolute, so clients find them from anywhere.
        let runtime = directory.appendingPathComponent("bus-runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var busEnvironment = environment
        busEnvironment["XDG_RUNTIME_DIR"] = runtime.path
        // The launcher replaces the shell, so the shell's pid is the launcher's: ending it
        // ends the accessibility bus, and then dbus-run-session ends the session bus.
        session = ChildProcess("/usr/bin/dbus-run-session", [
            "--", "/bin/sh", "-c",
            "echo \"$$ $DBUS_SESSION_BUS_ADDRESS\" > '\(addressFile.path)'; "
                + "exec /usr/libexec/at-spi-bus-launcher --launch-immediately",
        ], environment: busEnvironment)
        try session.start()
        var line = ""
        // Generous: a busy machine may take seconds to start three daemons.
        let deadline = Date().addingTimeInterval(30)
        while line.isEmpty || !line.hasSuffix("\n") {
            guard session.process.isRunning, Date() < deadline else {
                throw HarnessError("dbus-run-session did not start: \(session.standardError)")
            }
            usleep(20_000)
            line = (try? String(contentsOf: addressFile, encoding: .utf8)) ?? ""
        }
        let fields = line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 1)
        guard fields.count == 2, let pid = pid_t(fields[0]) else { throw HarnessError("bad bus address line '\(line)'") }
        launcherProcessID = pid
        address = String(fields[1])
        // Ready once the launcher gives the accessibility bus's address and that bus answers.
        var environment = environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        var failure = ""
        while true {
            // The session bus would start a second launcher for a call to org.a11y.Bus that
            // comes before ours owns the name (D-Bus activation); the loser quits, and if that
            // is ours, the session ends. So nothing calls it until it owns the name.
            let owner = try ChildProcess.run("/usr/bin/dbus-send", [
                "--session", "--print-reply=literal", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                "org.freedesktop.DBus.NameHasOwner", "string:org.a11y.Bus",
            ], environment: environment, timeoutSeconds: 5)
            if owner.status == 0, owner.output.contains("true") {
                let reply = try ChildProcess.run("/usr/bin/dbus-send", [
                    "--session", "--print-reply=literal", "--dest=org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus.GetAddress",
                ], environment: environment, timeoutSeconds: 5)
                let accessibilityBus = reply.output.trimmingCharacters(in: .whitespacesAndNewlines)
                if reply.status == 0, !accessibilityBus.isEmpty {
                    let ping = try ChildProcess.run("/usr/bin/dbus-send", [
                        "--bus=\(accessibilityBus)", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                        "org.freedesktop.DBus.Peer.Ping",
                    ], environment: environment, timeoutSeconds: 5)
                    if ping.status == 0 { break }
                    failure = "the accessibility bus at \(accessibilityBus) does not answer: \(ping.error)"
                } else {
                    failure = "the launcher gives no address: \(reply.error)"
                }
            } else {
                failure = "no launcher owns org.a11y.Bus: \(owner.error)"
            }
            guard Date() < deadline, session.process.isRunning else {
                let ended = session.process.isRunning ? "" : " (dbus-run-session ended with \(session.process.terminationStatus))"
                session.process.terminate()
                session.waitForExit(seconds: 2)
                throw HarnessError("the accessibility bus did not start\(ended): \(failure) \(session.standardError)")
            }
            usleep(50_000)
        }
    }

    deinit {
        kill(launcherProcessID, SIGTERM)
        session.waitForExit(seconds: 5)
    }

    /// `environment` joined to this session.
    func environment(_ environment: [String: String]) -> [String: String] {
        var joined = environment
        joined["DBUS_SESSION_BUS_ADDRESS"] = address
        joined.removeValue(forKey: "NO_AT_BRIDGE")
        return joined
    }
}

/// The screen-reader client (Tests/ScreenReaderClient/glide-reader.py) under Debian's python3,
/// where pyatspi is.
struct ScreenReader {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ScreenReaderClient/glide-reader.py").path
    let environment: [String: String]

    /// Runs one command and returns what it printed.
    func text(_ arguments: [String]) throws -> String {
        let result = try ChildProcess.run("/usr/bin/python3", [ScreenReader.script] + arguments,
                                          environment: environment, timeoutSeconds: 60)
        guard result.status == 0 else {
            throw HarnessError("glide-reader \(arguments.joined(separator: " ")) failed (\(String(describing: result.status))): \(result.error)\(result.output)")
        }
        return result.output
    }

    /// Runs one command and decodes its JSON answer.
    func ask(_ arguments: [String]) throws -> [String: Any] {
        let output = try text(arguments)
        guard let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] else {
            throw HarnessError("glide-reader printed no object: \(output)")
        }
        return object
    }
}
