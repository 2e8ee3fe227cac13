import Foundation
import TestSupport
import XCTest

/// A real sway compositor with a headless 1280x800 output, for end-to-end tests.
///
/// sway refuses to run as root, so under root it runs as an unprivileged user that this
/// harness creates (`glidetest`); its private runtime directory holds the sockets. Clients
/// (glide, grim, swaymsg) run as the test's own user with that directory as `XDG_RUNTIME_DIR`.
final class HeadlessSway {
    static let unprivilegedUser = "glidetest"
    let runtimeDirectory: URL
    let waylandDisplay: String
    private let sway: ChildProcess
    private let configFile: URL

    /// Starts sway with one headless output of `outputSize` device pixels at integer `scale`.
    init(outputSize: (width: Int, height: Int) = (1280, 800), scale: Int = 1) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("glide-sway-\(UUID().uuidString)")
        runtimeDirectory = base.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true)
        configFile = base.appendingPathComponent("config")
        try """
            output HEADLESS-1 resolution \(outputSize.width)x\(outputSize.height) position 0 0 scale \(scale)
            default_border none
            seat seat0 fallback true
            """.write(to: configFile, atomically: true, encoding: .utf8)

        let environment = [
            "HOME": base.path, "XDG_RUNTIME_DIR": runtimeDirectory.path, "PATH": "/usr/bin:/bin:/usr/sbin:/sbin",
            "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman",
        ]
        if getuid() == 0 {
            try HeadlessSway.ensureUnprivilegedUser()
            for path in [base.path, runtimeDirectory.path, configFile.path] {
                _ = try ChildProcess.run("/bin/chown", [HeadlessSway.unprivilegedUser, path])
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtimeDirectory.path)
            let user = HeadlessSway.unprivilegedUser
            sway = ChildProcess("/usr/bin/setpriv",
                                ["--reuid=\(user)", "--regid=\(user)", "--init-groups", "/usr/bin/sway", "-c", configFile.path],
                                environment: environment)
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtimeDirectory.path)
            sway = ChildProcess("/usr/bin/sway", ["-c", configFile.path], environment: environment)
        }
        try sway.start()

        // sway takes the first free socket name; wait until one appears and answers IPC.
        var socket: String?
        let deadline = Date().addingTimeInterval(20)
        while socket == nil && Date() < deadline && sway.process.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path)) ?? []
            if names.contains(where: { $0.hasPrefix("sway-ipc.") }) {
                socket = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
            }
            if socket == nil { usleep(50_000) }
        }
        guard let socket else {
            sway.waitForExit(seconds: 1)
            throw HarnessError("headless sway did not start: \(sway.standardError.suffix(2000))")
        }
        waylandDisplay = socket
        // The socket can be there before sway listens on it: under load a message sent at once
        // has been refused ("Unable to connect").
        while (try? message(["-t", "get_version"])) == nil {
            guard Date() < deadline, sway.process.isRunning else {
                sway.process.terminate()
                sway.waitForExit(seconds: 5)
                throw HarnessError("headless sway does not answer IPC: \(sway.standardError.suffix(2000))")
            }
            usleep(50_000)
        }
    }

    deinit {
        sway.process.terminate()
        sway.waitForExit(seconds: 5)
        try? FileManager.default.removeItem(at: runtimeDirectory.deletingLastPathComponent())
    }

    /// Sends `signal` to the compositor (to kill or stop it under a client).
    func send(_ signal: Int32) {
        kill(sway.process.processIdentifier, signal)
    }

    /// The environment a client of this compositor needs.
    var clientEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        environment["WAYLAND_DISPLAY"] = waylandDisplay
        environment["SWAYSOCK"] = swaySocket
        // Saved reading positions stay in the test's directory.
        environment["XDG_STATE_HOME"] = runtimeDirectory.deletingLastPathComponent().appendingPathComponent("state").path
        // And so does the desktop's list of recent documents.
        environment["XDG_DATA_HOME"] = runtimeDirectory.deletingLastPathComponent().appendingPathComponent("data").path
        // And the home's thumbnails.
        environment["XDG_CACHE_HOME"] = runtimeDirectory.deletingLastPathComponent().appendingPathComponent("cache").path
        return environment
    }

    private var swaySocket: String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path)) ?? []
        return runtimeDirectory.appendingPathComponent(names.first { $0.hasPrefix("sway-ipc.") } ?? "").path
    }

    /// Runs `swaymsg` with these arguments and returns what it printed.
    @discardableResult
    func message(_ arguments: [String]) throws -> String {
        let result = try ChildProcess.run("/usr/bin/swaymsg", arguments, environment: clientEnvironment)
        guard result.status == 0 else {
            throw HarnessError("swaymsg \(arguments.joined(separator: " ")) failed: \(result.error)\(result.output)")
        }
        return result.output
    }

    /// Whether a window with this app id is mapped.
    func hasWindow(appID: String) throws -> Bool {
        try message(["-t", "get_tree"]).contains("\"app_id\": \"\(appID)\"")
    }

    /// Takes a screenshot of the headless output with grim.
    func screenshot() throws -> RGBImage {
        let file = runtimeDirectory.deletingLastPathComponent().appendingPathComponent("shot-\(UUID().uuidString).png")
        let result = try ChildProcess.run("/usr/bin/grim", ["-o", "HEADLESS-1", file.path], environment: clientEnvironment)
        guard result.status == 0 else { throw HarnessError("grim failed: \(result.error)") }
        return try RGBImage(pngFile: file.path)
    }

    private static func ensureUnprivilegedUser() throws {
        if (try ChildProcess.run("/usr/bin/id", ["-u", unprivilegedUser])).status == 0 { return }
        let result = try ChildProcess.run(
            "/usr/sbin/useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", unprivilegedUser])
        guard result.status == 0 else { throw HarnessError("cannot create user \(unprivilegedUser): \(result.error)") }
    }
}

/// A test set-up step that failed, with what went wrong.
struct HarnessError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
