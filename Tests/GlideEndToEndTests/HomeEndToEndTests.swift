import ArchiveFixtures
import EPUBFixtures
import Foundation
import GlideDriver
import Home
import PDFFixtures
import TestCompositor
import XCTest

/// Glide started with no file shows its home (issue 27): the desktop's recent documents (here
/// written by GTK's own `Gtk.RecentManager`, as Papers or Files would) as a grid of thumbnails
/// made once into the shared cache; a tap opens one where it was left, Alt+Left comes back,
/// a long press offers "Remove from recent". With no file chooser portal, Ctrl+O shows the
/// folder view, where a tap opens a document.
final class HomeEndToEndTests: GlideTestCase {
    private var compositor: TestCompositor!
    private var documents: [String] = []
    private var runtime: String { compositor.runtimeDirectory.path }
    private var recentFile: String { runtime + "/data/recently-used.xbel" }
    private var thumbnailFolder: String { runtime + "/cache/thumbnails/large" }

    override func setUpWithError() throws {
        compositor = try TestCompositor(configuration: Configuration())
        compositor.exec { $0.xdgShell.initialToplevelSize = Size(width: 800, height: 600) }
        // No session bus: no portal answers, as on a bare Sway.
        compositor.extraEnvironment = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=" + runtimeDirectory() + "/no-bus",
                                       "HOME": runtimeDirectory() + "/home"]
        try FileManager.default.createDirectory(atPath: runtime + "/data", withIntermediateDirectories: true)
    }

    override func tearDown() {
        super.tearDown()
        compositor?.stop()
    }

    private func runtimeDirectory() -> String { compositor.runtimeDirectory.path }

    /// Five documents of four kinds in the recent list, the last one most recent: four added
    /// by GTK as another application would, the fifth opened in Glide and read to a place
    /// further down.
    private func writeRecentDocuments() throws {
        let folder = runtime + "/docs"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var fixture = PDFFixture(pageCount: 3)
        fixture.bodyLines[0] = ["A paper on harbours", "Tides, quays and the ships that use them."]
        let pdf = folder + "/A paper.pdf"
        try FileManager.default.copyItem(atPath: fixture.write(), toPath: pdf)
        let book = folder + "/Sea stories.epub"
        try GeneratedBook.write(title: "Sea stories", chapters: [
            BookChapter(title: "The lighthouse", paragraphs: (1...30).map { "The keeper climbed the stairs for the \($0)th time." }),
        ], to: book)
        let comic = folder + "/Harbour comic.cbz"
        try ArchiveWriter.write([
            ArchiveEntry("page-1.png", bytes: TestImages.redPNG(width: 300, height: 420, red: 0.1, green: 0.4, blue: 0.8)),
            ArchiveEntry("page-2.png", bytes: TestImages.redPNG(width: 300, height: 420)),
        ], to: comic)
        let recipes = folder + "/Recipes.txt"
        try (1...80).map { "Recipe \($0): flour, water, salt, and an hour of patience." }.joined(separator: "\n")
            .write(toFile: recipes, atomically: true, encoding: .utf8)
        let long = folder + "/Long read.md"
        try ("# Long read\n\n" + (1...300).map { "Paragraph \($0) of the long read, with enough words to wrap once or twice in the window." }
            .joined(separator: "\n\n") + "\n").write(toFile: long, atomically: true, encoding: .utf8)
        documents = [pdf, book, comic, recipes, long]
        let types = ["application/pdf", "application/epub+zip", "application/vnd.comicbook+zip", "text/plain"]
        for (path, type) in zip(documents, types) {
            // One GTK process an entry: a GtkRecentManager without a display saves only its first change.
            try gtk("""
                data = Gtk.RecentData()
                data.mime_type = sys.argv[3]
                data.app_name = 'Papers'
                data.app_exec = 'papers %u'
                manager.add_full(GLib.filename_to_uri(sys.argv[2], None), data)
                settle()
                """, path, type)
            usleep(20_000)
        }
        // Glide reads the fifth a few screens down and leaves: the position is saved.
        let reading = try GlideSession(in: compositor, document: .paths([documents[4]]))
        for _ in 0..<6 { try reading.type(.pageDown) }
        try reading.runUntilIdle()
        XCTAssertGreaterThan(try XCTUnwrap(try reading.trace().last).y, 2000)
        XCTAssertEqual(try reading.close(), 0)
        XCTAssertEqual(try gtk("for info in manager.get_items(): print(info.get_uri())").split(separator: "\n").count, 5)
    }

    @discardableResult
    private func gtk(_ body: String, _ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", """
            import sys, time, gi
            gi.require_version('Gtk', '3.0')
            from gi.repository import Gtk, GLib
            manager = Gtk.RecentManager(filename=sys.argv[1])
            def settle():
                context = GLib.MainContext.default()
                for _ in range(100):
                    context.iteration(False)
                    time.sleep(0.005)
            \(body)
            """, recentFile] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    private func title(_ session: GlideSession) -> String {
        compositor.exec { _ in session.toplevel.title ?? "" }
    }

    /// Presents frames until `condition` holds, for at most `seconds` of real time (work
    /// arrives from glide's workers and helper processes).
    private func wait(_ session: GlideSession, seconds: Double = 60, until condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while try !condition(), Date() < deadline {
            try session.presentFrame()
            usleep(30_000)
        }
    }

    private func thumbnails() -> [String: Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: thumbnailFolder)) ?? []
        return Dictionary(uniqueKeysWithValues: names.filter { $0.hasSuffix(".png") }.map { name in
            (name, ((try? FileManager.default.attributesOfItem(atPath: thumbnailFolder + "/" + name))?[.systemFileNumber] as? Int) ?? 0)
        })
    }

    /// The centre of a home's cell or button, in window px.
    private func centre(_ grid: HomeGrid, entry: Int? = nil, removeButtonOf removed: Int? = nil) -> (x: Double, y: Double) {
        let rect = removed.map(grid.removeButtonFrame(ofEntry:)) ?? grid.frame(ofEntry: entry ?? 0)
        return (rect.x + rect.width / 2, rect.y + rect.height / 2)
    }

    private func tap(_ session: GlideSession, _ point: (x: Double, y: Double)) throws {
        try session.down(x: point.x, y: point.y)
        try session.up()
        try session.runUntilIdle()
    }

    func testTheHomeShowsFiveDocumentsATapOpensOneWhereItWasLeftAndAltLeftComesBack() throws {
        try writeRecentDocuments()
        let session = try GlideSession(in: compositor, document: .paths([]))
        self.session = session
        XCTAssertTrue(title(session).hasPrefix("Recent documents"), title(session))
        // Each document's thumbnail is made by glide-thumbnailer into the shared cache.
        try wait(session) { thumbnails().count == 5 }
        XCTAssertEqual(thumbnails().keys.sorted(), documents.map { ThumbnailCache.fileName(forURI: URL(fileURLWithPath: $0).absoluteString) }.sorted())
        let made = thumbnails()
        _ = try session.settledImage()
        try session.writePNG(named: "home")
        let grid = HomeGrid(viewportWidth: 800, count: 5)
        // The most recent, Glide's own, is first: a tap opens it where it was left.
        try tap(session, centre(grid, entry: 0))
        try wait(session, seconds: 20) { title(session).contains("Long read") }
        XCTAssertTrue(title(session).contains("Long read"), title(session))
        try session.runUntilIdle()
        XCTAssertGreaterThan(try XCTUnwrap(try session.trace().last).y, 2000, "at its saved position")
        try session.type(.left, with: [.leftAlt])
        try session.runUntilIdle()
        XCTAssertTrue(title(session).hasPrefix("Recent documents"), "Alt+Left is home again: \(title(session))")
        try session.runUntilIdle()
        // A long press offers "Remove from recent"; a tap on it takes the entry off the
        // desktop's list and leaves the file.
        let second = grid.frame(ofEntry: 1)
        try session.down(x: second.x + 20, y: second.y + 20)
        try session.waitForLongPress()
        try session.up()
        try session.runUntilIdle()
        try tap(session, centre(grid, removeButtonOf: 1))
        try wait(session, seconds: 10) { try gtk("for info in manager.get_items(): print(info.get_uri())").split(separator: "\n").count == 4 }
        let listed = try gtk("for info in manager.get_items(): print(GLib.filename_from_uri(info.get_uri())[0])")
        XCTAssertEqual(listed.split(separator: "\n").count, 4, listed)
        XCTAssertFalse(listed.contains(documents[3]), "the second most recent was removed: \(listed)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: documents[3]), "the file stays")
        XCTAssertEqual(try session.close(), 0)
        // Another home later uses the thumbnails made: none is made again.
        let again = try GlideSession(in: compositor, document: .paths([]))
        self.session = again
        _ = try again.settledImage()
        XCTAssertEqual(thumbnails(), made, "each thumbnail is made once")
    }

    func testWithNoPortalCtrlOShowsTheFolderViewWhereATapOpensADocument() throws {
        let home = runtime + "/home"
        try FileManager.default.createDirectory(atPath: home + "/Reading", withIntermediateDirectories: true)
        try "# Alpha\n\nThe alpha document.\n".write(toFile: home + "/alpha.md", atomically: true, encoding: .utf8)
        try "beta, plain text\n".write(toFile: home + "/beta.txt", atomically: true, encoding: .utf8)
        try Data([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + [UInt8](repeating: 0, count: 512)).write(to: URL(fileURLWithPath: home + "/tool.bin"))
        try "# Gamma\n\nIn a folder.\n".write(toFile: home + "/Reading/gamma.md", atomically: true, encoding: .utf8)
        let session = try GlideSession(in: compositor, document: .paths([]))
        self.session = session
        try session.type(KeyCode(rawValue: 24), with: [.leftControl])
        try wait(session, seconds: 20) { title(session).hasPrefix("Open") }
        XCTAssertTrue(title(session).hasPrefix("Open"), "the folder view: \(title(session))")
        _ = try session.settledImage()
        try session.writePNG(named: "folder-view")
        // Rows: the parent folder, Reading, alpha.md, beta.txt (tool.bin is no document).
        let row = { (index: Int) in
            (x: 400.0, y: FolderLayout.headerHeightPixels + (Double(index) + 0.5) * FolderLayout.rowHeightPixels)
        }
        try tap(session, row(1))
        _ = try session.settledImage()
        // Inside Reading the parent folder is one tap away; back there, alpha.md opens.
        try tap(session, row(0))
        _ = try session.settledImage()
        try tap(session, row(2))
        try wait(session, seconds: 20) { title(session).contains("alpha") || title(session).contains("Alpha") }
        XCTAssertTrue(title(session).contains("lpha"), title(session))
    }
}
