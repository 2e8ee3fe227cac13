import Foundation
import TestSupport
import XCTest

/// Ctrl+P under a desktop session: Glide asks the Print portal (a stand-in,
/// Tests/PortalStandIn/print-portal.py, on a private bus) for the print dialog, then hands it
/// the document as a PDF through a file descriptor; without a portal it says so in one line.
/// The real xdg-desktop-portal and its GTK backend show GTK's print dialog.
final class HeadlessSwayPrintTests: XCTestCase {
    private var sway: HeadlessSway!
    private var glide: ChildProcess!
    private var portal: PortalStandInBus?
    private var desktopPortals: DesktopPortalSession?
    private var directory: URL!
    private var document: String { directory.appendingPathComponent("to print.md").path }

    override func setUpWithError() throws {
        sway = try HeadlessSway()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-print-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o755)
        var text = "# A document to print\n\nSee [the site](https://example.org/print).\n\n"
        for paragraph in 1...80 { text += "Paragraph \(paragraph) of the printed document.\n\n" }
        try text.write(toFile: document, atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        glide?.process.terminate()
        glide?.waitForExit(seconds: 5)
        portal?.stop()
        desktopPortals?.stop()
        glide = nil
        // The session holds sway: both go, or sway would outlive the test run (XCTest keeps
        // every test case object until the end).
        desktopPortals = nil
        portal = nil
        sway = nil
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private func startGlide(busAddress: String) throws {
        var environment = sway.clientEnvironment
        environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress
        glide = ChildProcess(BuiltProducts.path(of: "glide"), [document], environment: environment)
        try glide.start()
        try sway.waitForWindow(of: glide)
    }

    /// Ctrl+P, in one wtype run; a Shift first takes the place of a key lost to wtype's new keymap.
    private func pressControlP() throws {
        let typed = try ChildProcess.run("/usr/bin/wtype", ["-k", "Shift_L", "-M", "ctrl", "-k", "p", "-m", "ctrl"],
                                         environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
    }

    func testControlPPreparesThePrintAndSendsTheDocumentAsAPDF() throws {
        let portal = try PortalStandInBus(script: "print-portal.py", in: directory)
        self.portal = portal
        try startGlide(busAddress: portal.address)
        // A key can be lost to wtype's new keymap on a loaded machine: pressed again until the
        // dialog was asked for.
        for _ in 0..<3 where try portal.calls().isEmpty {
            try pressControlP()
            let asked = Date().addingTimeInterval(5)
            while try portal.calls().isEmpty, Date() < asked { usleep(100_000) }
        }
        let deadline = Date().addingTimeInterval(30)
        while try portal.calls().count < 2, Date() < deadline, glide.process.isRunning { usleep(100_000) }
        let calls = try portal.calls()
        XCTAssertEqual(calls.map { $0["method"] as? String }, ["PreparePrint", "Print"], "glide said: \(glide.process.isRunning ? "" : glide.standardError)")
        guard calls.count == 2 else { return }
        XCTAssertEqual(calls[0]["title"] as? String, "to print.md")
        XCTAssertEqual(calls[1]["token"] as? Int, 7, "Print carries the token PreparePrint gave")
        let printed = try XCTUnwrap(calls[1]["file"] as? String)
        let info = try ChildProcess.run("/usr/bin/pdfinfo", [printed])
        XCTAssertEqual(info.status, 0, info.error)
        XCTAssertTrue(info.output.contains("A4"), info.output)
        let text = try ChildProcess.run("/usr/bin/pdftotext", [printed, "-"])
        XCTAssertTrue(text.output.contains("A document to print"), text.output)
        XCTAssertTrue(text.output.contains("Paragraph 80 of the printed document."), "every page is printed")
        XCTAssertTrue(glide.process.isRunning, "printing leaves the window open")
    }

    func testControlPReachesTheRealPortalWhichShowsGTKsPrintDialog() throws {
        let portals = try DesktopPortalSession(sway: sway, directory: directory)
        desktopPortals = portals
        glide = ChildProcess(BuiltProducts.path(of: "glide"), [document], environment: portals.clientEnvironment)
        try glide.start()
        try sway.waitForWindow(of: glide)
        try portals.pressControl("p", until: "org.freedesktop.portal.Print", calls: "PreparePrint")
        XCTAssertEqual(portals.calls(of: "org.freedesktop.portal.Print"), ["PreparePrint"], "glide asks the portal's frontend")
        try portals.wait(seconds: 30) { try portals.dialogRect() != nil }
        XCTAssertNotNil(try portals.dialogRect(), "GTK's print dialog shows; the bus saw: \(portals.monitored())")
        XCTAssertEqual(portals.calls(of: "org.freedesktop.impl.portal.Print"), ["PreparePrint"], "the frontend asks GTK's backend")
        XCTAssertTrue(portals.monitored().contains("string \"to print.md\""), "the dialog is titled with the document's name")
        // The dialog's Cancel button (at the left of its header bar) cancels it: nothing is
        // printed, and a cancel is not a failure. (An Escape typed by wtype left the dialog
        // open in every run, the dialog focused in sway.)
        let dialog = try XCTUnwrap(try portals.dialogRect())
        try VirtualPointer(environment: sway.clientEnvironment).click(x: dialog.x + 47, y: dialog.y + 22)
        try portals.wait(seconds: 10) { try portals.dialogRect() == nil }
        XCTAssertNil(try portals.dialogRect(), "the dialog closed")
        usleep(500_000)
        XCTAssertFalse(portals.calls(of: "org.freedesktop.portal.Print").contains("Print"), "nothing printed after a cancel")
        XCTAssertTrue(glide.process.isRunning)
        glide.process.terminate()
        glide.waitForExit(seconds: 5)
        XCTAssertEqual(glide.standardError, "", "a cancelled print says nothing")
    }

    func testWithoutAPortalControlPSaysWhyInOneLine() throws {
        try startGlide(busAddress: "unix:path=" + directory.appendingPathComponent("no-bus").path)
        // Pressed three times, as a key can be lost to wtype's new keymap: each press is one line.
        for _ in 0..<3 {
            try pressControlP()
            usleep(700_000)
        }
        XCTAssertTrue(glide.process.isRunning)
        glide.process.terminate()
        glide.waitForExit(seconds: 5)
        let lines = glide.standardError.split(separator: "\n")
        XCTAssertFalse(lines.isEmpty, "Ctrl+P said nothing")
        for line in lines { XCTAssertTrue(line.hasPrefix("glide: cannot print '\(document)': "), glide.standardError) }
    }
}
