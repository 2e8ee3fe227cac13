import Foundation
import TestSupport
import XCTest
@testable import ReadingState

/// The desktop's recent documents: what Glide writes GTK reads, what GTK writes Glide lists,
/// and nobody's entries are lost.
final class RecentDocumentsTests: XCTestCase {
    private var dataHome = ""
    private var folder = ""
    private var warnings: [String] = []

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("glide-recent-\(UUID().uuidString)").path
        dataHome = folder + "/data"
        // The desktop has its data directory; GTK does not create it.
        try FileManager.default.createDirectory(atPath: dataHome, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func makeStore() -> RecentDocuments {
        RecentDocuments(environment: ["XDG_DATA_HOME": dataHome, "HOME": "/nonexistent"]) { self.warnings.append($0) }
    }

    private func writeDocument(_ name: String) throws -> String {
        let path = folder + "/" + name
        try "# \(name)\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs Python with GTK 3's `Gtk.RecentManager` on the test's file: `body` sees `manager`.
    private func gtk(_ body: String) throws -> String {
        let script = """
            import sys, time
            import gi
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
        let result = try ChildProcess.run("/usr/bin/python3", ["-c", script, makeStore().filePath])
        XCTAssertEqual(result.status, 0, "python with GTK failed: \(result.error)")
        return result.output
    }

    func testADocumentGlideOpenedIsReadBackByGTKWithGlideAsItsApplication() throws {
        let path = try writeDocument("notes with space.md")
        makeStore().noteOpened(path: path, title: "My notes", mimeType: "text/markdown")
        let output = try gtk("""
            for info in manager.get_items():
                print(info.get_uri(), info.get_mime_type(), info.get_display_name(), info.has_application('Glide'), sep='|')
            """)
        let uri = URL(fileURLWithPath: path).absoluteString
        XCTAssertEqual(output.split(separator: "\n").map(String.init), ["\(uri)|text/markdown|My notes|True"])
        let mode = try FileManager.default.attributesOfItem(atPath: makeStore().filePath)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600, "the list says what the reader opened: it is theirs alone")
    }

    func testAnEntryGTKWroteIsListedWithItsTitleTypeAndWhetherItIsThere() throws {
        let present = try writeDocument("paper.pdf")
        let gonePath = try writeDocument("gone.pdf")
        // One GTK process an entry: a GtkRecentManager without a display saves only its first change.
        for (name, title) in [("paper.pdf", "A paper"), ("gone.pdf", "Gone")] {
            _ = try gtk("""
                data = Gtk.RecentData()
                data.display_name = '\(title)'
                data.mime_type = 'application/pdf'
                data.app_name = 'Papers'
                data.app_exec = 'papers %u'
                manager.add_full(GLib.filename_to_uri(sys.argv[1].rsplit('/', 2)[0] + '/\(name)', None), data)
                settle()
                """)
        }
        // Read yesterday, deleted since.
        try FileManager.default.removeItem(atPath: gonePath)
        let documents = makeStore().documents()
        XCTAssertEqual(documents.map(\.title).sorted(), ["A paper", "Gone"])
        let paper = try XCTUnwrap(documents.first { $0.title == "A paper" })
        XCTAssertEqual(paper.path, present)
        XCTAssertEqual(paper.mimeType, "application/pdf")
        XCTAssertTrue(paper.exists)
        XCTAssertFalse(paper.wasOpenedByGlide)
        let gone = try XCTUnwrap(documents.first { $0.title == "Gone" })
        XCTAssertFalse(gone.exists, "a missing file stays listed, marked missing")
        XCTAssertEqual(warnings, [])
    }

    func testGlidesEntryJoinsTheOthersAndTheLatestComesFirst() throws {
        let first = try writeDocument("first.md")
        let second = try writeDocument("second.md")
        _ = try gtk("""
            data = Gtk.RecentData()
            data.mime_type = 'image/png'
            data.app_name = 'Loupe'
            data.app_exec = 'loupe %u'
            manager.add_full('file:///photos/cat.png', data)
            settle()
            """)
        let store = makeStore()
        store.noteOpened(path: first, title: nil, mimeType: "text/markdown")
        // GLib keeps times to the microsecond, so entries a moment apart keep their order.
        store.noteOpened(path: second, title: nil, mimeType: "text/markdown")
        let titles = makeStore().documents().map(\.title)
        XCTAssertEqual(titles.prefix(2), ["second.md", "first.md"])
        XCTAssertTrue(titles.contains("cat.png"), "Loupe's entry is kept: \(titles)")
        let loupe = try gtk("print(manager.lookup_item('file:///photos/cat.png').has_application('Loupe'))")
        XCTAssertEqual(loupe, "True\n")
    }

    func testOpeningAgainCountsOneEntryAndRemovingTakesItOff() throws {
        let path = try writeDocument("book.md")
        let store = makeStore()
        store.noteOpened(path: path, title: nil, mimeType: "text/markdown")
        store.noteOpened(path: path, title: nil, mimeType: "text/markdown")
        let documents = store.documents()
        XCTAssertEqual(documents.count, 1)
        let count = try gtk("print(manager.lookup_item(\(pythonString(documents[0].uri))).get_application_info('Glide')[1])")
        XCTAssertEqual(count, "2\n", "GTK's count of Glide's uses")
        store.remove(uri: documents[0].uri)
        XCTAssertEqual(makeStore().documents(), [])
    }

    func testAFileThatDoesNotParseIsLeftAsItIsWithOneWarning() throws {
        let store = makeStore()
        try FileManager.default.createDirectory(atPath: dataHome, withIntermediateDirectories: true)
        // What a writer that is not atomic leaves halfway through.
        let half = "<?xml version=\"1.0\"?>\n<xbel version=\"1.0\">\n  <bookmark href=\"file:///a.pdf\" added=\"2026"
        try half.write(toFile: store.filePath, atomically: true, encoding: .utf8)
        store.noteOpened(path: try writeDocument("a.md"), title: nil, mimeType: "text/markdown")
        store.noteOpened(path: try writeDocument("b.md"), title: nil, mimeType: "text/markdown")
        XCTAssertEqual(try String(contentsOfFile: store.filePath, encoding: .utf8), half)
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings.first?.contains(store.filePath) ?? false)
        XCTAssertEqual(store.documents(), [])
    }

    func testAnEntryAnotherApplicationAddsWhileGlideWritesIsKept() throws {
        let store = makeStore()
        store.noteOpened(path: try writeDocument("earlier.md"), title: nil, mimeType: "text/markdown")
        var otherWrites = 0
        store.willReplaceFile = {
            // GTK adds its entry (and replaces the file) between Glide's read and its write, twice.
            guard otherWrites < 2 else { return }
            otherWrites += 1
            _ = try? self.gtk("""
                data = Gtk.RecentData()
                data.mime_type = 'application/pdf'
                data.app_name = 'Papers'
                data.app_exec = 'papers %u'
                manager.add_full('file:///other/\(otherWrites).pdf', data)
                settle()
                """)
        }
        store.noteOpened(path: try writeDocument("mine.md"), title: nil, mimeType: "text/markdown")
        XCTAssertEqual(otherWrites, 2)
        let uris = Set(makeStore().documents().map { $0.path.map { URL(fileURLWithPath: $0).lastPathComponent } ?? $0.uri })
        XCTAssertEqual(uris, ["earlier.md", "mine.md", "1.pdf", "2.pdf"])
        XCTAssertEqual(warnings, [])
    }

    func testAFileThatKeepsChangingIsNotClobbered() throws {
        let store = makeStore()
        store.noteOpened(path: try writeDocument("earlier.md"), title: nil, mimeType: "text/markdown")
        var written = 0
        store.willReplaceFile = {
            written += 1
            let text = (try? String(contentsOfFile: store.filePath, encoding: .utf8)) ?? ""
            try? text.replacingOccurrences(of: "</xbel>", with: "<bookmark href=\"file:///other/\(written).pdf\" added=\"2026-01-01T00:00:00Z\" modified=\"2026-01-01T00:00:00Z\" visited=\"2026-01-01T00:00:00Z\"></bookmark></xbel>")
                .write(toFile: store.filePath, atomically: true, encoding: .utf8)
        }
        store.noteOpened(path: try writeDocument("mine.md"), title: nil, mimeType: "text/markdown")
        XCTAssertEqual(written, RecentDocuments.attemptsAgainstOtherWriters)
        let names = makeStore().documents().compactMap { $0.path.map { URL(fileURLWithPath: $0).lastPathComponent } }
        XCTAssertEqual(Set(names), Set(["earlier.md"] + (1...written).map { "\($0).pdf" }), "every other write is there; Glide's gave up")
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
    }

    private func pythonString(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
