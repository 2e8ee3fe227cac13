import Foundation
import TestSupport
import XCTest

/// Ctrl+P under a desktop session: Glide asks the Print portal (a stand-in,
/// Tests/PortalStandIn/print-portal.py, on a private bus) for the print dialog, then hands it
/// the document as a PDF through a file descriptor; without a portal it says so in one line.
final class HeadlessSwayPrintTests: XCTestCase {
    private var sway: HeadlessSway!
    private var glide: ChildProcess!
    private var portal: PortalStandInBus?
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
        glide = nil
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
        try pressControlP()
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

    func testWithoutAPortalControlPSaysWhyInOneLine() throws {
        try startGlide(busAddress: "unix:path=" + directory.appendingPathComponent("no-bus").path)
        try pressControlP()
        usleep(2_000_000)
        XCTAssertTrue(glide.process.isRunning)
        glide.process.terminate()
        glide.waitForExit(seconds: 5)
        let lines = glide.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, glide.standardError)
        XCTAssertTrue(lines.first?.hasPrefix("glide: cannot print '\(document)': ") ?? false, glide.standardError)
    }
}
