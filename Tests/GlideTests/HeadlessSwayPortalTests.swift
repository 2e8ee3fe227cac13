import Foundation
import TestSupport
import XCTest

/// A web link under a desktop session: Glide hands the address to the OpenURI portal on the
/// session bus (a stand-in, Tests/PortalStandIn/openuri-portal.py, on a private bus), and not
/// to `xdg-open`.
final class HeadlessSwayPortalTests: XCTestCase {
    private var sway: HeadlessSway!
    private var glide: ChildProcess!
    private var portal: PortalStandInBus?
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

        let portal = try PortalStandInBus(script: "openuri-portal.py", in: directory)
        self.portal = portal
        var environment = sway.clientEnvironment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["DBUS_SESSION_BUS_ADDRESS"] = portal.address
        glide = ChildProcess(BuiltProducts.path(of: "glide"), [document], environment: environment)
        try glide.start()
        try sway.waitForWindow(of: glide)
    }

    override func tearDown() {
        glide?.process.terminate()
        glide?.waitForExit(seconds: 5)
        portal?.stop()
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
