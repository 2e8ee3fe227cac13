import DocumentKit
import Foundation
import Home
import TestSupport
import XCTest

/// The home and the folder view in a real compositor (issue 27), with no session bus, as on a
/// bare Sway: the desktop's recent documents written by GTK's own `Gtk.RecentManager` show as
/// a grid with thumbnails made into the shared cache; a click opens one, Alt+Left (from wtype)
/// comes back, a right click offers "Remove from recent", which takes it off GTK's list. With
/// no portal to answer, Ctrl+O shows Glide's folder view from the home folder, where a click
/// opens a document. Screenshots are kept at /tmp/glide-sway-home.png and
/// /tmp/glide-sway-folder-view.png.
final class HeadlessSwayHomeTests: XCTestCase {
    private var sway: HeadlessSway!
    private var glide: ChildProcess?
    private var folder = ""
    private var environment: [String: String] = [:]
    private var recentFile: String { environment["XDG_DATA_HOME", default: ""] + "/recently-used.xbel" }
    private var thumbnailFolder: String { environment["XDG_CACHE_HOME", default: ""] + "/thumbnails/large" }
    private var home: String { folder + "/home" }

    override func setUpWithError() throws {
        sway = try HeadlessSway()
        folder = NSTemporaryDirectory() + "glide-sway-home-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        environment = sway.clientEnvironment
        // No session bus: no file chooser portal answers.
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + folder + "/no-bus"
        environment["HOME"] = home
        try FileManager.default.createDirectory(atPath: environment["XDG_DATA_HOME", default: ""], withIntermediateDirectories: true)
    }

    override func tearDown() {
        glide?.process.terminate()
        glide?.waitForExit(seconds: 5)
        glide = nil
        sway = nil
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs Python with GTK 3's `Gtk.RecentManager` on Glide's recent file: `body` sees
    /// `manager` and the extra arguments from `sys.argv[2]` on.
    @discardableResult
    private func gtk(_ body: String, _ arguments: String...) throws -> String {
        let script = """
            import sys, time, gi
            gi.require_version('Gtk', '3.0')
            from gi.repository import Gtk, GLib
            manager = Gtk.RecentManager(filename=sys.argv[1])
            def settle():
                # GtkRecentManager saves from an idle callback.
                context = GLib.MainContext.default()
                for _ in range(100):
                    context.iteration(False)
                    time.sleep(0.005)
            \(body)
            """
        let result = try ChildProcess.run("/usr/bin/python3", ["-c", script, recentFile] + arguments)
        XCTAssertEqual(result.status, 0, "python with GTK failed: \(result.error)")
        return result.output
    }

    private func recentPaths() throws -> [String] {
        try gtk("for info in manager.get_items(): print(GLib.filename_from_uri(info.get_uri())[0])")
            .split(separator: "\n").map(String.init)
    }

    private func wtype(_ arguments: [String]) throws {
        // A Shift first takes the place of a key lost to wtype's new keymap.
        let typed = try ChildProcess.run("/usr/bin/wtype", ["-k", "Shift_L"] + arguments, environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
    }

    /// Waits (at most `seconds`) until Glide's window title satisfies `condition`; returns the
    /// last title seen.
    @discardableResult
    private func waitForTitle(seconds: Double = 20, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var title = ""
        repeat {
            title = try sway.glideWindowTitle() ?? ""
            if condition(title) { return title }
            usleep(100_000)
        } while Date() < deadline
        return title
    }

    private func thumbnailCount() -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: thumbnailFolder)) ?? []).filter { $0.hasSuffix(".png") }.count
    }

    private func centre(_ rect: ContentRect) -> (x: Int, y: Int) {
        (Int(rect.x + rect.width / 2), Int(rect.y + rect.height / 2))
    }

    /// How many pixels of `rect` differ from the window's background (the top-left corner's).
    private func inkPixels(in rect: ContentRect, of image: RGBImage) -> Int {
        let background = image.rgb(x: 2, y: 2)
        var count = 0
        for y in stride(from: Int(rect.y), to: Int(rect.maxY), by: 2) {
            for x in stride(from: Int(rect.x), to: Int(rect.maxX), by: 2) where image.rgb(x: x, y: y) != background { count += 1 }
        }
        return count
    }

    func testRecentDocumentsGTKWroteShowAClickOpensOneAltLeftComesBackAndARightClickRemovesOne() throws {
        let documents = ["Recipes.txt", "Harbour notes.md"].map { folder + "/" + $0 }
        try (1...60).map { "Recipe \($0): flour, water, salt and an hour of patience." }.joined(separator: "\n")
            .write(toFile: documents[0], atomically: true, encoding: .utf8)
        try ("# Harbour notes\n\n" + (1...80).map { "Tide table \($0): the quay floods at the spring tide." }.joined(separator: "\n\n"))
            .write(toFile: documents[1], atomically: true, encoding: .utf8)
        // One GTK process an entry (a GtkRecentManager without a display saves only its first
        // change); the harbour notes last, so most recent.
        for (path, type) in zip(documents, ["text/plain", "text/markdown"]) {
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
        XCTAssertEqual(try recentPaths().sorted(), documents.sorted())

        glide = try sway.startGlide([], environment: environment)
        XCTAssertTrue(try waitForTitle { $0.hasPrefix("Recent documents") }.hasPrefix("Recent documents"))
        // Both thumbnails are made once into the shared cache, and drawn in their cells.
        let deadline = Date().addingTimeInterval(60)
        while thumbnailCount() < 2, Date() < deadline { usleep(200_000) }
        XCTAssertEqual(thumbnailCount(), 2, "a thumbnail a document in \(thumbnailFolder)")
        let grid = HomeGrid(viewportWidth: 1280, count: 2)
        var screenshot = try sway.screenshot()
        let settle = Date().addingTimeInterval(10)
        while inkPixels(in: grid.thumbnailFrame(ofEntry: 1), of: screenshot) < 200, Date() < settle {
            usleep(200_000)
            screenshot = try sway.screenshot()
        }
        for index in 0..<2 {
            XCTAssertGreaterThan(inkPixels(in: grid.thumbnailFrame(ofEntry: index), of: screenshot), 200, "cell \(index) shows its page")
        }
        XCTAssertEqual(inkPixels(in: grid.thumbnailFrame(ofEntry: 2), of: screenshot), 0, "no third cell")
        try? FileManager.default.removeItem(atPath: "/tmp/glide-sway-home.png")
        _ = try? ChildProcess.run("/usr/bin/grim", ["-o", "HEADLESS-1", "/tmp/glide-sway-home.png"], environment: sway.clientEnvironment)

        // A click on the first cell (the most recent) opens it in this window.
        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        let first = centre(grid.frame(ofEntry: 0))
        try pointer.click(x: first.x, y: first.y)
        let opened = try waitForTitle { $0.contains("Harbour notes") }
        XCTAssertTrue(opened.contains("Harbour notes"), "the document opened: \(opened)")
        try wtype(["-M", "alt", "-k", "Left", "-m", "alt"])
        let back = try waitForTitle { $0.hasPrefix("Recent documents") }
        XCTAssertTrue(back.hasPrefix("Recent documents"), "Alt+Left is the home again: \(back)")

        // A right click on the recipes offers "Remove from recent"; a click on it takes the
        // entry off GTK's list and leaves the file. (Opening the notes in Glide kept them first.)
        usleep(500_000)
        let second = centre(grid.frame(ofEntry: 1))
        try pointer.rightClick(x: second.x, y: second.y)
        usleep(300_000)
        let remove = centre(grid.removeButtonFrame(ofEntry: 1))
        try pointer.click(x: remove.x, y: remove.y)
        let removal = Date().addingTimeInterval(10)
        while try recentPaths().count != 1, Date() < removal { usleep(200_000) }
        XCTAssertEqual(try recentPaths(), [documents[1]])
        XCTAssertTrue(FileManager.default.fileExists(atPath: documents[0]), "the file stays")
    }

    func testWithNoPortalCtrlOShowsTheFolderViewFromTheHomeFolderWhereAClickOpensADocument() throws {
        try FileManager.default.createDirectory(atPath: home + "/Reading", withIntermediateDirectories: true)
        try "# Gamma\n\nIn a folder.\n".write(toFile: home + "/Reading/gamma.md", atomically: true, encoding: .utf8)
        try ("# Alpha\n\n" + (1...40).map { "The alpha document, line \($0)." }.joined(separator: "\n\n"))
            .write(toFile: home + "/alpha.md", atomically: true, encoding: .utf8)
        try "beta, plain text\n".write(toFile: home + "/beta.txt", atomically: true, encoding: .utf8)
        glide = try sway.startGlide([], environment: environment)
        XCTAssertTrue(try waitForTitle { $0.hasPrefix("Recent documents") }.hasPrefix("Recent documents"))
        try wtype(["-M", "ctrl", "-k", "o", "-m", "ctrl"])
        let title = try waitForTitle { $0.hasPrefix("Open") }
        XCTAssertTrue(title.hasPrefix("Open"), "the folder view, since no portal answers: \(title)")
        // Rows: the parent folder, Reading, alpha.md, beta.txt.
        let row = { (index: Int) in
            (x: 640, y: Int(FolderLayout.headerHeightPixels + (Double(index) + 0.5) * FolderLayout.rowHeightPixels))
        }
        var screenshot = try sway.screenshot()
        let shown = Date().addingTimeInterval(10)
        let rowRect = { (index: Int) in
            ContentRect(x: 320, y: FolderLayout.headerHeightPixels + Double(index) * FolderLayout.rowHeightPixels + 4,
                        width: 400, height: FolderLayout.rowHeightPixels - 8)
        }
        while inkPixels(in: rowRect(3), of: screenshot) < 20, Date() < shown {
            usleep(200_000)
            screenshot = try sway.screenshot()
        }
        for index in 0..<4 { XCTAssertGreaterThan(inkPixels(in: rowRect(index), of: screenshot), 20, "row \(index) is drawn") }
        XCTAssertEqual(inkPixels(in: rowRect(5), of: screenshot), 0, "four rows and no more")
        try? FileManager.default.removeItem(atPath: "/tmp/glide-sway-folder-view.png")
        _ = try? ChildProcess.run("/usr/bin/grim", ["-o", "HEADLESS-1", "/tmp/glide-sway-folder-view.png"], environment: sway.clientEnvironment)

        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        try pointer.click(x: row(2).x, y: row(2).y)
        let opened = try waitForTitle { $0.lowercased().contains("alpha") }
        XCTAssertTrue(opened.lowercased().contains("alpha"), "a click on alpha.md opened it: \(opened)")
    }
}
