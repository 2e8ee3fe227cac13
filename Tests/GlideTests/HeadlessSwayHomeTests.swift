import ArchiveFixtures
import DocumentKit
import EPUBFixtures
import Foundation
import Home
import PDFFixtures
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
        try? FileManager.default.removeItem(atPath: folder)
        glide = nil
        sway = nil
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

    /// Types `arguments` until `condition` holds, at most three times, waiting up to `seconds`
    /// after each: a window just mapped may not have the keyboard yet, and a new virtual
    /// keyboard can lose its first keys.
    private func type(_ arguments: [String], until condition: () throws -> Bool, seconds: Double = 6) throws {
        for _ in 0..<3 {
            try wtype(arguments)
            let deadline = Date().addingTimeInterval(seconds)
            repeat {
                if try condition() { return }
                usleep(100_000)
            } while Date() < deadline
        }
    }

    private func title() throws -> String { try sway.glideWindowTitle() ?? "" }

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

    /// How many pixels inside `rect` (4 px in from its frame) are darker than a page waiting
    /// for its pixels (a light grey, 0xE6) or the hairline frame: the ink of text scaled down
    /// or of a drawing. Every second one in each direction.
    private func darkPixels(in rect: ContentRect, of image: RGBImage) -> Int {
        var count = 0
        for y in stride(from: Int(rect.y) + 4, to: Int(rect.maxY) - 4, by: 2) {
            for x in stride(from: Int(rect.x) + 4, to: Int(rect.maxX) - 4, by: 2) {
                let pixel = image.rgb(x: x, y: y)
                if (pixel >> 16 & 0xFF) + (pixel >> 8 & 0xFF) + (pixel & 0xFF) < 3 * 180 { count += 1 }
            }
        }
        return count
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

    /// Five documents of five kinds, each added to the recent list by GTK as another
    /// application would, the harbour notes first; returns their paths, most recent first.
    private func writeRecentDocuments() throws -> [String] {
        let notes = folder + "/Harbour notes.md"
        try ("# Harbour notes\n\n" + (1...200).map { "Tide table \($0): the quay floods at the spring tide, twice a month." }
            .joined(separator: "\n\n")).write(toFile: notes, atomically: true, encoding: .utf8)
        let recipes = folder + "/Recipes.txt"
        try (1...60).map { "Recipe \($0): flour, water, salt and an hour of patience." }.joined(separator: "\n")
            .write(toFile: recipes, atomically: true, encoding: .utf8)
        var fixture = PDFFixture(pageCount: 3)
        fixture.hasLinks = false
        fixture.hasOutline = false
        let paper = folder + "/A paper.pdf"
        try FileManager.default.copyItem(atPath: fixture.write(), toPath: paper)
        let comic = folder + "/Sunny day.cbz"
        try ArchiveWriter.write((1...3).map { ArchiveEntry("drawn/page\($0).png", bytes: DrawnComic.page($0)) }, to: comic)
        let book = folder + "/Sea stories.epub"
        try GeneratedBook.write(title: "Sea stories", chapters: [
            BookChapter(title: "The lighthouse", paragraphs: (1...30).map { "The keeper climbed the stairs for the \($0)th time." }),
        ], to: book)
        let documents = [notes, recipes, paper, comic, book]
        let types = ["text/markdown", "text/plain", "application/pdf", "application/vnd.comicbook+zip", "application/epub+zip"]
        // One GTK process an entry (a GtkRecentManager without a display saves only its first
        // change), each a little later than the one before.
        for (path, type) in zip(documents, types) {
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
        return [notes] + documents.dropFirst().reversed()
    }

    func testRecentDocumentsGTKWroteShowAClickOpensOneWhereItWasLeftAltLeftComesBackAndARightClickRemovesOne() throws {
        let documents = try writeRecentDocuments()
        // Glide reads the harbour notes a few screens down and quits: the position is saved,
        // and they become the most recent.
        let readingTrace = folder + "/reading.jsonl"
        let reading = try sway.startGlide(["--trace", readingTrace, documents[0]], environment: environment)
        try type(["-k", "Next", "-k", "Next", "-k", "Next", "-k", "Next"]) {
            (try TraceFile(path: readingTrace).frames.last?.y ?? 0) > 1500
        }
        let readingRest = try TraceFile.restingOffset(ofTraceAt: readingTrace, movedFrom: 0)
        XCTAssertGreaterThan(readingRest, 1500)
        try type(["-k", "q"], until: { !reading.process.isRunning })
        reading.waitForExit(seconds: 10)
        XCTAssertEqual(reading.process.terminationStatus, 0, reading.standardError)

        glide = try sway.startGlide([], environment: environment)
        XCTAssertTrue(try waitForTitle { $0.hasPrefix("Recent documents") }.hasPrefix("Recent documents"))
        // Each thumbnail is made once into the shared cache, and drawn in its cell.
        let deadline = Date().addingTimeInterval(90)
        while thumbnailCount() < 5, Date() < deadline { usleep(200_000) }
        XCTAssertEqual(thumbnailCount(), 5, "a thumbnail a document in \(thumbnailFolder)")
        let grid = HomeGrid(viewportWidth: 1280, count: 5)
        var screenshot = try sway.screenshot()
        let settle = Date().addingTimeInterval(10)
        while (0..<5).contains(where: { darkPixels(in: grid.thumbnailFrame(ofEntry: $0), of: screenshot) < 40 }), Date() < settle {
            usleep(200_000)
            screenshot = try sway.screenshot()
        }
        for index in 0..<5 {
            XCTAssertGreaterThan(darkPixels(in: grid.thumbnailFrame(ofEntry: index), of: screenshot), 40, "cell \(index) shows its page's ink")
        }
        XCTAssertEqual(inkPixels(in: grid.thumbnailFrame(ofEntry: 5), of: screenshot), 0, "no sixth cell")
        let recipesInk = inkPixels(in: grid.thumbnailFrame(ofEntry: 4), of: screenshot)
        try? FileManager.default.removeItem(atPath: "/tmp/glide-sway-home.png")
        _ = try? ChildProcess.run("/usr/bin/grim", ["-o", "HEADLESS-1", "/tmp/glide-sway-home.png"], environment: sway.clientEnvironment)

        // A click on the first cell opens the notes in this window where they were left.
        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        let first = centre(grid.frame(ofEntry: 0))
        try pointer.click(x: first.x, y: first.y)
        let opened = try waitForTitle { $0.contains("Harbour notes") }
        XCTAssertTrue(opened.contains("Harbour notes"), "the document opened: \(opened)")
        // The screen is the notes drawn where the reader left them, not their top. (The trace
        // is not asked: its lines wait for the compositor's word on each frame, and a window
        // at rest after one frame gets none.)
        var screen = try sway.screenshot()
        let still = Date().addingTimeInterval(10)
        while Date() < still {
            usleep(300_000)
            let next = try sway.screenshot()
            if OffscreenFrame.meanDifference(screen, next) == 0 { break }
            screen = next
        }
        let notes = try String(contentsOfFile: documents[0], encoding: .utf8)
        let atTheTop = try OffscreenFrame(markdown: notes, logicalWidth: 1280, logicalHeight: 800, scale: 1, offsetY: 0)
        let whereLeft = try OffscreenFrame(markdown: notes, logicalWidth: 1280, logicalHeight: 800, scale: 1, offsetY: readingRest)
        XCTAssertLessThan(whereLeft.meanDifference(from: screen), atTheTop.meanDifference(from: screen) / 5,
                          "the notes open where they were left, \(readingRest) px down")
        try type(["-M", "alt", "-k", "Left", "-m", "alt"], until: { try title().hasPrefix("Recent documents") })
        var back = try waitForTitle { $0.hasPrefix("Recent documents") }
        XCTAssertTrue(back.hasPrefix("Recent documents"), "Alt+Left is the home again: \(back)")

        // An entry only GTK wrote (Glide never opened the recipes) opens too.
        usleep(500_000)
        let recipes = centre(grid.frame(ofEntry: 4))
        try pointer.click(x: recipes.x, y: recipes.y)
        let recipesTitle = try waitForTitle { $0.contains("Recipes") }
        XCTAssertTrue(recipesTitle.contains("Recipes"), "the recipes opened: \(recipesTitle)")
        try type(["-M", "alt", "-k", "Left", "-m", "alt"], until: { try title().hasPrefix("Recent documents") })
        back = try waitForTitle { $0.hasPrefix("Recent documents") }
        XCTAssertTrue(back.hasPrefix("Recent documents"), "Alt+Left is the home again: \(back)")

        // Opening the recipes made them the most recent: the home, read again, shows them first.
        let reordered = Date().addingTimeInterval(10)
        while abs(inkPixels(in: grid.thumbnailFrame(ofEntry: 0), of: try sway.screenshot()) - recipesInk) > recipesInk / 50,
              Date() < reordered { usleep(200_000) }
        XCTAssertEqual(Double(inkPixels(in: grid.thumbnailFrame(ofEntry: 0), of: try sway.screenshot())), Double(recipesInk),
                       accuracy: Double(recipesInk) / 50, "the recipes' thumbnail is first")
        // A right click on the paper offers "Remove from recent"; a click on it takes the entry
        // off GTK's list and leaves the file.
        XCTAssertEqual(documents[3], folder + "/A paper.pdf")
        let paper = centre(grid.frame(ofEntry: 4))
        try pointer.rightClick(x: paper.x, y: paper.y)
        usleep(300_000)
        let remove = centre(grid.removeButtonFrame(ofEntry: 4))
        try pointer.click(x: remove.x, y: remove.y)
        let removal = Date().addingTimeInterval(10)
        while try recentPaths().count != 4, Date() < removal { usleep(200_000) }
        XCTAssertEqual(try recentPaths().sorted(), documents.filter { $0 != documents[3] }.sorted())
        XCTAssertTrue(FileManager.default.fileExists(atPath: documents[3]), "the file stays")
    }

    func testWithNoPortalOpenAndCtrlOShowTheFolderViewFromTheHomeFolderWhereAClickOpensADocument() throws {
        try FileManager.default.createDirectory(atPath: home + "/Reading", withIntermediateDirectories: true)
        try "# Gamma\n\nIn a folder.\n".write(toFile: home + "/Reading/gamma.md", atomically: true, encoding: .utf8)
        try ("# Alpha\n\n" + (1...40).map { "The alpha document, line \($0)." }.joined(separator: "\n\n"))
            .write(toFile: home + "/alpha.md", atomically: true, encoding: .utf8)
        try "beta, plain text\n".write(toFile: home + "/beta.txt", atomically: true, encoding: .utf8)
        // An executable's first bytes: no document, not listed.
        try Data([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + [UInt8](repeating: 0, count: 512)).write(to: URL(fileURLWithPath: home + "/tool.bin"))
        glide = try sway.startGlide([], environment: environment)
        XCTAssertTrue(try waitForTitle { $0.hasPrefix("Recent documents") }.hasPrefix("Recent documents"))
        // The home's Open… button, with no portal to ask, shows the folder view; Alt+Left
        // comes back; Ctrl+O shows it again.
        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        let button = centre(HomeGrid(viewportWidth: 1280, count: 0).openButtonFrame)
        try pointer.click(x: button.x, y: button.y)
        let fromButton = try waitForTitle { $0.hasPrefix("Open") }
        XCTAssertTrue(fromButton.hasPrefix("Open"), "Open… showed the folder view: \(fromButton)")
        try type(["-M", "alt", "-k", "Left", "-m", "alt"], until: { try title().hasPrefix("Recent documents") })
        XCTAssertTrue(try waitForTitle { $0.hasPrefix("Recent documents") }.hasPrefix("Recent documents"))
        try type(["-M", "ctrl", "-k", "o", "-m", "ctrl"], until: { try title().hasPrefix("Open") })
        let shown = try waitForTitle { $0.hasPrefix("Open") }
        XCTAssertTrue(shown.hasPrefix("Open"), "the folder view, since no portal answers: \(shown); glide said: \(glide?.standardError ?? "")")
        // Rows: the parent folder, Reading, alpha.md, beta.txt (tool.bin is no document).
        let row = { (index: Int) in
            (x: 640, y: Int(FolderLayout.headerHeightPixels + (Double(index) + 0.5) * FolderLayout.rowHeightPixels))
        }
        var screenshot = try sway.screenshot()
        let drawn = Date().addingTimeInterval(10)
        let rowRect = { (index: Int) in
            ContentRect(x: 320, y: FolderLayout.headerHeightPixels + Double(index) * FolderLayout.rowHeightPixels + 4,
                        width: 400, height: FolderLayout.rowHeightPixels - 8)
        }
        while inkPixels(in: rowRect(3), of: screenshot) < 20, Date() < drawn {
            usleep(200_000)
            screenshot = try sway.screenshot()
        }
        for index in 0..<4 { XCTAssertGreaterThan(inkPixels(in: rowRect(index), of: screenshot), 20, "row \(index) is drawn") }
        XCTAssertEqual(inkPixels(in: rowRect(5), of: screenshot), 0, "four rows and no more")
        try? FileManager.default.removeItem(atPath: "/tmp/glide-sway-folder-view.png")
        _ = try? ChildProcess.run("/usr/bin/grim", ["-o", "HEADLESS-1", "/tmp/glide-sway-folder-view.png"], environment: sway.clientEnvironment)

        try pointer.click(x: row(2).x, y: row(2).y)
        let opened = try waitForTitle { $0.lowercased().contains("alpha") }
        XCTAssertTrue(opened.lowercased().contains("alpha"), "a click on alpha.md opened it: \(opened)")
    }
}
