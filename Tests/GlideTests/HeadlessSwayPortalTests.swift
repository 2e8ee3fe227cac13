import Foundation
import TestSupport
import XCTest

/// A web link under a desktop session: Glide hands the address to the OpenURI portal on the
/// session bus (a stand-in, Tests/PortalStandIn/openuri-portal.py, on a private bus), and not
/// to `xdg-open`.
final class HeadlessSwayPortalTests: XCTestCase {
    private var sway: HeadlessSway!
    private var glide: ChildProcess!
    private var session: ChildProcess!
    private var portalProcessID: pid_t?
    private var directory: URL!
    private var portalLog: String { directory.appendingPathComponent("portal.jsonl").path }
    private var openerLog: String { directory.appendingPathComponent("xdg-open.txt").path }
    /// An address with a quote, which the call must carry as data, not GVariant syntax.
    private let address = "https://example.org/it's?a=1&b=%27"

    override func setUpWithError() throws {
        sway = try HeadlessSway()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-portal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let opener = bin.appendingPathComponent("xdg-open").path
        try "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '\(openerLog)'\n".write(toFile: opener, atomically: true, encoding: .utf8)
        for path in [opener, directory.path, bin.path] { chmod(path, 0o755) }
        let document = directory.appendingPathComponent("portal.md").path
        try "Visit [the example site](\(address)) today.\n".write(toFile: document, atomically: true, encoding: .utf8)

        let busAddress = try startPortal()
        var environment = sway.clientEnvironment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress
        glide = ChildProcess(BuiltProducts.path(of: "glide"), [document], environment: environment)
        try glide.start()
        try sway.waitForWindow(of: glide)
    }

    /// Starts the stand-in portal on a private session bus; returns the bus's address.
    private func startPortal() throws -> String {
        let ready = directory.appendingPathComponent("portal-ready").path
        // dbus keeps its socket in a runtime directory of the test's own user.
        let runtime = directory.appendingPathComponent("bus-runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        let script = URL(fileURLWithPath: SourceTree.path).appendingPathComponent("Tests/PortalStandIn/openuri-portal.py").path
        session = ChildProcess("/usr/bin/dbus-run-session", ["--", "/usr/bin/python3", script, portalLog, ready],
                               environment: environment)
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
        return String(fields[1])
    }

    override func tearDown() {
        glide?.process.terminate()
        glide?.waitForExit(seconds: 5)
        // The portal ends; dbus-run-session then ends its bus and exits.
        if let portalProcessID { kill(portalProcessID, SIGTERM) }
        session?.waitForExit(seconds: 5)
        glide = nil
        sway = nil
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    func testAWebLinkGoesToTheOpenURIPortalWithItsAddressIntact() throws {
        let links = try sway.settledLinkCentres()
        let link = try XCTUnwrap(links.first, "the link is on screen")
        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        try pointer.click(x: link.x, y: link.y)
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: portalLog), Date() < deadline { usleep(100_000) }
        guard FileManager.default.fileExists(atPath: portalLog) else {
            let opened = (try? String(contentsOfFile: openerLog, encoding: .utf8)) ?? "nothing"
            return XCTFail("no OpenURI call after a click at \(link) of \(links); xdg-open got \(opened); glide said: \(glide.standardError)")
        }
        let calls = try String(contentsOfFile: portalLog, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(calls.count, 1, "one OpenURI call")
        let call = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(calls[0].utf8)) as? [String: String])
        XCTAssertEqual(call["uri"], address, "the address as written")
        XCTAssertEqual(call["parent_window"], "")
        usleep(500_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: openerLog), "xdg-open is only the fallback")
    }
}
