import Foundation
import TestSupport
import XCTest

/// Ctrl+O under a GNOME session: the real xdg-desktop-portal and its GTK backend, started by
/// D-Bus activation on a private session bus, show GTK's file chooser in headless sway; the
/// test types a document's path into it, and the document opens in a window of its own.
final class HeadlessSwayFileChooserTests: XCTestCase {
    private var sway: HeadlessSway!
    private var glide: ChildProcess!
    private var portals: DesktopPortalSession?
    private var directory: URL!

    override func setUpWithError() throws {
        sway = try HeadlessSway()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-chooser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o755)
        portals = try DesktopPortalSession(sway: sway, directory: directory)
    }

    override func tearDown() {
        glide?.process.terminate()
        glide?.waitForExit(seconds: 5)
        if let opened = try? chosenDocumentWindow() { kill(opened, SIGTERM) }
        portals?.stop()
        glide = nil
        // The session holds sway: both go, or sway would outlive the test run (XCTest keeps
        // every test case object until the end).
        portals = nil
        sway = nil
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// The process of the glide window that shows the chosen document, once there is one.
    private func chosenDocumentWindow() throws -> pid_t? {
        guard let portals else { return nil }
        let window = try portals.nodes().first {
            $0["app_id"] as? String == HeadlessSway.glideAppID && ($0["name"] as? String)?.hasPrefix("chosen.md") == true
        }
        return (window?["pid"] as? Int).map { pid_t($0) }
    }

    func testControlOShowsGTKsChooserAndTheDocumentTypedThereOpens() throws {
        let portals = try XCTUnwrap(portals)
        let shown = directory.appendingPathComponent("shown.md").path, chosen = directory.appendingPathComponent("chosen.md").path
        try "# Shown first\n".write(toFile: shown, atomically: true, encoding: .utf8)
        try "# The chosen document\n\nOpened from the desktop's file chooser.\n".write(toFile: chosen, atomically: true, encoding: .utf8)
        glide = ChildProcess(BuiltProducts.path(of: "glide"), [shown], environment: portals.clientEnvironment)
        try glide.start()
        try sway.waitForWindow(of: glide)

        try portals.pressControl("o", until: "org.freedesktop.portal.FileChooser", calls: "OpenFile")
        XCTAssertEqual(portals.calls(of: "org.freedesktop.portal.FileChooser"), ["OpenFile"], "glide asks the portal")
        // The chooser is a window of the GTK backend's.
        try portals.wait(seconds: 30) { try portals.dialogRect() != nil }
        let chooser = try XCTUnwrap(try portals.dialogRect(), "GTK's chooser shows; the bus saw: \(portals.monitored())")
        XCTAssertEqual(portals.calls(of: "org.freedesktop.impl.portal.FileChooser"), ["OpenFile"], "the frontend asks GTK's backend")
        XCTAssertTrue(portals.monitored().contains("string \"Documents\""), "with Glide's filter of documents")
        usleep(500_000)
        // Ctrl+L opens GTK's location field (typing a "/" would too, but the keys right after it
        // are lost while the field opens). In the field, the key right after the first "/" is
        // lost too unless it comes later (GTK starts completing from the root folder), hence the
        // pause; the rest goes at once, as GTK's completion of a large folder on the way (a
        // crowded /tmp) can take the keyboard for a popup and lose the keys typed after it.
        try portals.type(["-M", "ctrl", "-k", "l", "-m", "ctrl"])
        usleep(500_000)
        try portals.type(["/", "-s", "300", String(chosen.dropFirst())])
        usleep(500_000)
        // Return opens the file typed; if it was lost to that popup, the dialog's Open button
        // (at the right of its header bar) does, clicked again if a click only closed the popup.
        try portals.type(["-k", "Return"])
        for _ in 0..<3 where try !portals.wait(seconds: 5, until: { try portals.dialogRect() == nil }) {
            try VirtualPointer(environment: sway.clientEnvironment).click(x: chooser.x + chooser.width - 48, y: chooser.y + 22)
        }
        try portals.wait(seconds: 30) { try chosenDocumentWindow() != nil }
        XCTAssertNotNil(try chosenDocumentWindow(), "a glide window shows the chosen document")
        XCTAssertNil(try portals.dialogRect(), "the chooser closed")
        XCTAssertTrue(glide.process.isRunning, "the first window stays")
        // Ended, the first window is seen to end: the window it opened holds nothing it inherited
        // (here the socket by which Foundation learns that a child ended; before, the test
        // waited for the first window for as long as the second stayed open).
        glide.process.terminate()
        XCTAssertEqual(glide.waitForExit(seconds: 10), 0, "the first window ended and was seen to end")
        XCTAssertNotNil(try chosenDocumentWindow(), "the window it opened stays")
    }
}
