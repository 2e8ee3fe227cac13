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

    /// How many pixels of the bottom 150 rows, where a notice shows, differ between two images
    /// (but for the right 40 px, where the scroll indicator may be).
    private func differingPixelsAtTheBottom(of image: SurfaceImage, from earlier: SurfaceImage) -> Int {
        (image.height - 150..<image.height).reduce(0) { count, y in
            count + (0..<image.width - 40).filter { image.pixels[y * image.width + $0] != earlier.pixels[y * image.width + $0] }.count
        }
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

    func testWithoutAPortalTheOpenButtonSaysWhyInTheWindowAndOnStandardError() throws {
        let session = try start(configuration: Configuration(optionalGlobals: .mutterLike),
                                environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=" + directory.appendingPathComponent("no-bus").path])
        let quiet = try session.image
        try tapOpenButton(in: session)
        // The failure arrives from the portals' worker; the notice shows at the loop's next turn.
        let deadline = Date().addingTimeInterval(10)
        var changed = 0
        while changed < 300, Date() < deadline {
            usleep(100_000)
            try session.presentFrame()
            changed = differingPixelsAtTheBottom(of: try session.image, from: quiet)
        }
        XCTAssertGreaterThan(changed, 300, "a notice shows in the window")
        try session.type(.escape)
        try session.runUntilIdle()
        XCTAssertEqual(differingPixelsAtTheBottom(of: try session.image, from: quiet), 0, "a key takes the notice away")
        XCTAssertEqual(try session.close(), 0)
        let lines = session.client.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, session.client.standardError)
        XCTAssertTrue(lines.first?.hasPrefix("glide: cannot show the desktop's file chooser: ") == true, session.client.standardError)
    }
}
