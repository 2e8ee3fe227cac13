import Foundation
import GlideDriver
import Home
import TestCompositor
import XCTest

/// A document opened in Glide joins the desktop's recent documents, where GTK (and so GNOME
/// Files' Recent) finds it; the bundled guide does not.
final class RecentDocumentsEndToEndTests: GlideTestCase {
    private func recentFile(_ session: GlideSession) -> String {
        session.compositor.runtimeDirectory.path + "/data/recently-used.xbel"
    }

    /// Waits (the list is written off the loop) for the file, then asks GTK what it lists.
    private func listedByGTK(_ file: String) throws -> String {
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: file), Date() < deadline { usleep(20_000) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", """
            import sys, gi
            gi.require_version('Gtk', '3.0')
            from gi.repository import Gtk
            for info in Gtk.RecentManager(filename=sys.argv[1]).get_items():
                print(info.get_uri(), info.get_mime_type(), info.has_application('Glide'), sep='|')
            """, file]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    func testAMarkdownFileOpenedIsInTheRecentDocumentsGTKReads() throws {
        let session = try start()
        try session.runUntilIdle()
        let uri = URL(fileURLWithPath: session.documentPaths[0]).absoluteString
        XCTAssertEqual(try listedByGTK(recentFile(session)), "\(uri)|text/markdown|True\n")
    }

    func testTheBundledGuideIsNotAddedToTheDesktopsRecentDocuments() throws {
        // Started with no file on a first run, the home's one entry is the guide: a tap opens it.
        let session = try start(document: .paths([]))
        try session.runUntilIdle()
        let cell = HomeGrid(viewportWidth: 800, count: 1).frame(ofEntry: 0)
        try session.down(x: cell.x + cell.width / 2, y: cell.y + cell.height / 2)
        try session.up()
        let deadline = Date().addingTimeInterval(20)
        while !(session.compositor.exec { _ in session.toplevel.title ?? "" }.contains("default-document")), Date() < deadline {
            try session.presentFrame()
            usleep(30_000)
        }
        XCTAssertTrue(session.compositor.exec { _ in session.toplevel.title ?? "" }.contains("default-document"), "the guide opened")
        try session.runUntilIdle()
        // Opening a file in the same compositor afterwards writes the list: only that file is in it.
        let path = session.compositor.runtimeDirectory.path + "/other.txt"
        try "plain text\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try session.close(), 0)
        self.session = try GlideSession(in: session.compositor, document: .paths([path]))
        try self.session?.runUntilIdle()
        let uri = URL(fileURLWithPath: path).absoluteString
        XCTAssertEqual(try listedByGTK(recentFile(session)), "\(uri)|text/plain|True\n")
    }
}
