import Foundation
import TestSupport

/// A stand-in portal of Tests/PortalStandIn (`NAME.py LOG READY`) on a private session bus,
/// as `dbus-run-session` makes one: its address for Glide's environment, and the log of the
/// calls it took.
final class PortalStandInBus {
    let address: String
    let log: String
    private let session: ChildProcess
    private let portalProcessID: pid_t

    /// Starts `script` with its log and ready file in `directory`; the bus and what it
    /// activates see `environment` besides the test's own.
    init(script: String, in directory: URL, environment extra: [String: String] = [:]) throws {
        log = directory.appendingPathComponent("portal.jsonl").path
        let ready = directory.appendingPathComponent("portal-ready").path
        // dbus keeps its socket in a runtime directory of the test's own user.
        let runtime = directory.appendingPathComponent("bus-runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment.merge(extra) { $1 }
        let path = URL(fileURLWithPath: SourceTree.path).appendingPathComponent("Tests/PortalStandIn/" + script).path
        session = ChildProcess("/usr/bin/dbus-run-session", ["--", "/usr/bin/python3", path, log, ready], environment: environment)
        try session.start()
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: ready) {
            guard session.process.isRunning, Date() < deadline else {
                throw HarnessError("the stand-in portal did not start: \(session.standardError)")
            }
            usleep(20_000)
        }
        let fields = try String(contentsOfFile: ready, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            .split(separator: " ", maxSplits: 1)
        guard fields.count == 2, let pid = pid_t(fields[0]) else { throw HarnessError("bad portal ready line \(fields)") }
        portalProcessID = pid
        address = String(fields[1])
    }

    /// The calls logged so far, one JSON object each.
    func calls() throws -> [[String: Any]] {
        guard FileManager.default.fileExists(atPath: log) else { return [] }
        return try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }

    /// Sends `signal` to the portal (a stand-in that changes a setting on SIGUSR1).
    func send(_ signal: Int32) {
        kill(portalProcessID, signal)
    }

    /// Ends the portal; dbus-run-session then ends its bus and exits.
    func stop() {
        kill(portalProcessID, SIGTERM)
        session.waitForExit(seconds: 5)
    }
}
