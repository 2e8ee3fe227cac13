import Foundation

/// A stand-in portal of Tests/PortalStandIn (`NAME.py LOG READY`) on a private session bus,
/// as `dbus-run-session` makes one: its address for Glide's environment, and the log of the
/// calls it took.
public final class PortalStandInBus {
    public let address: String
    public let log: String
    private let session: ChildProcess
    private let portalProcessID: pid_t

    /// Starts `script` with its log and ready file in `directory`; the bus and what it
    /// activates see `environment` besides the test's own.
    public init(script: String, in directory: URL, environment extra: [String: String] = [:]) throws {
        log = directory.appendingPathComponent("portal.jsonl").path
        let ready = directory.appendingPathComponent("portal-ready").path
        // dbus keeps its socket in a runtime directory of the test's own user.
        let runtime = directory.appendingPathComponent("bus-runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment.merge(extra) { $1 }
        // Tests/TestSupport/PortalStandInBus.swift → Tests/PortalStandIn.
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PortalStandIn/" + script).path
        session = ChildProcess("/usr/bin/dbus-run-session", ["--", "/usr/bin/python3", path, log, ready], environment: environment)
        try session.start()
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: ready) {
            guard session.process.isRunning, Date() < deadline else {
                // What the bus started may hold its stderr open: read what is there.
                let said = session.standardErrorSoFar
                session.waitForExit(seconds: 0)
                throw PortalStandInError("the stand-in portal did not start: \(said)")
            }
            usleep(20_000)
        }
        let fields = try String(contentsOfFile: ready, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            .split(separator: " ", maxSplits: 1)
        guard fields.count == 2, let pid = pid_t(fields[0]) else { throw PortalStandInError("bad portal ready line \(fields)") }
        portalProcessID = pid
        address = String(fields[1])
    }

    /// The calls logged so far, one JSON object each.
    public func calls() throws -> [[String: Any]] {
        guard FileManager.default.fileExists(atPath: log) else { return [] }
        return try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }

    /// Sends `signal` to the portal (a stand-in that changes a setting on SIGUSR1).
    public func send(_ signal: Int32) {
        kill(portalProcessID, signal)
    }

    /// Ends the portal; dbus-run-session then ends its bus and exits.
    public func stop() {
        kill(portalProcessID, SIGTERM)
        session.waitForExit(seconds: 5)
    }
}

/// The stand-in portal's bus could not be set up, and why.
public struct PortalStandInError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
