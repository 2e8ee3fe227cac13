import Foundation
import GlideDriver
import TestCompositor
import TestSupport
import XCTest

/// The Open… button on the touch overlay (client-side decorations, as on GNOME): a tap asks
/// the desktop's file chooser (a FileChooser portal stand-in, Tests/PortalStandIn/
/// filechooser-portal.py, on a private bus) as Ctrl+O does, and what is chosen opens in a
/// window of its own; with no portal, the window says why.
final class OpenButtonTests: GlideTestCase {
    private var portal: PortalStandInBus?
    private var directory: URL!
    /// glide processes the chooser started, ended by the test.
    private var startedWindows: [pid_t] = []

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-open-button-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        for window in startedWindows { kill(window, SIGTERM) }
        super.tearDown()
        portal?.stop()
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Reveals the touch controls with a touch, then taps the Open… button: the third 44 px
    /// target from the top right of the 800 px window.
    private func tapOpenButton(in session: GlideSession) throws {
        try session.down(x: 400, y: 300)
        try session.up()
        try session.down(x: 800 - 44 * 2.5, y: 22)
        try session.up()
        try session.compositor.roundtrip("glide to answer the tap")
    }

    func testATapOnTheOpenButtonAsksTheFileChooserAndTheChosenFileOpensInANewWindow() throws {
        let chosen = directory.appendingPathComponent("chosen by tap.md").path
        try "# Chosen by a tap\n\nIts text.\n".write(toFile: chosen, atomically: true, encoding: .utf8)
        let portal = try PortalStandInBus(script: "filechooser-portal.py", in: directory,
                                          environment: ["CHOSEN_URIS": URL(fileURLWithPath: chosen).absoluteString])
        self.portal = portal
        let session = try start(configuration: Configuration(optionalGlobals: .mutterLike),
                                environment: ["DBUS_SESSION_BUS_ADDRESS": portal.address])
        let before = try session.trace().last?.y
        try tapOpenButton(in: session)
        let firstProcess = session.client.processIdentifier
        let opened = try session.compositor.wait("a new window for the chosen file", timeout: .seconds(30)) { server in
            server.toplevels.first { $0.surface.clientProcessIdentifier != firstProcess && $0.surface.committed.image != nil }
        }
        let pid = session.compositor.exec { _ in opened.surface.clientProcessIdentifier }
        startedWindows.append(pid)
        let calls = try portal.calls()
        XCTAssertEqual(calls.map { $0["method"] as? String }, ["OpenFile"], "one tap, one chooser")
        XCTAssertEqual(calls.first?["multiple"] as? Bool, true, "several files may be chosen")
        XCTAssertEqual(calls.first?["filters"] as? [String], ["Documents", "All files"])
        let arguments = try String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8).split(separator: "\0").dropFirst().map(String.init)
        XCTAssertEqual(arguments, [chosen], "the chosen file, in a window of its own")
        XCTAssertTrue(session.client.isRunning, "the window tapped stays")
        XCTAssertEqual(try session.trace().last?.y, before, "the tap on the button did not scroll the document")
    }

    /// Where no portal answers (a bare Sway), the button shows Glide's own folder view in the
    /// window instead (issue 27), with nothing on standard error.
    func testWithoutAPortalTheOpenButtonShowsTheFolderView() throws {
        let session = try start(configuration: Configuration(optionalGlobals: .mutterLike),
                                environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=" + directory.appendingPathComponent("no-bus").path])
        let title = { session.compositor.exec { _ in session.toplevel.title ?? "" } }
        XCTAssertFalse(title().hasPrefix("Open"), title())
        try tapOpenButton(in: session)
        // The failure arrives from the portals' worker; the folder view shows at the loop's next turn.
        let deadline = Date().addingTimeInterval(10)
        while !title().hasPrefix("Open"), Date() < deadline {
            usleep(100_000)
            try session.presentFrame()
        }
        XCTAssertTrue(title().hasPrefix("Open"), "the folder view: \(title())")
        XCTAssertEqual(try session.close(), 0)
        XCTAssertEqual(session.client.standardError, "")
    }
}
