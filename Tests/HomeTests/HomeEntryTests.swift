import Foundation
import Home
import ReadingState
import XCTest

/// What the home lists from the desktop's recent documents and Glide's reading positions.
final class HomeEntryTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("glide-home-entries-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private var environment: [String: String] {
        ["XDG_DATA_HOME": folder + "/data", "XDG_STATE_HOME": folder + "/state", "HOME": "/nonexistent"]
    }

    private func load() -> [HomeEntry] {
        HomeEntry.load(recent: RecentDocuments(environment: environment), positions: ReadingPositionStore(environment: environment),
                       guidePath: "/usr/share/glide/guide.md", showsMIMEType: { $0 != "application/x-unknown" })
    }

    func testAFirstRunListsTheGuide() {
        XCTAssertEqual(load().map(\.path), ["/usr/share/glide/guide.md"])
        XCTAssertNil(load().first?.recentURI, "the guide is no recent entry to remove")
    }

    func testRecentDocumentsListMostRecentFirstWithKindProgressAndWhetherTheyAreThere() throws {
        let recent = RecentDocuments(environment: environment)
        var paths: [String] = []
        for (name, type) in [("a.pdf", "application/pdf"), ("b.md", "text/markdown"), ("c.bin", "application/x-unknown"),
                             ("d.epub", "application/epub+zip")] {
            let path = folder + "/" + name
            try "x".write(toFile: path, atomically: true, encoding: .utf8)
            recent.noteOpened(path: path, title: nil, mimeType: type)
            paths.append(path)
        }
        try FileManager.default.removeItem(atPath: paths[3])
        ReadingPositionStore(environment: environment).save(ReadingPosition(anchor: .top, zoomScale: 1, progress: 0.25), forFileAt: paths[0])
        let entries = load()
        // c.bin was opened by Glide too, so it is listed whatever its type.
        XCTAssertEqual(entries.map(\.title), ["d.epub", "c.bin", "b.md", "a.pdf"])
        XCTAssertEqual(entries.map(\.kindName), ["EPUB", "Document", "Markdown", "PDF"])
        XCTAssertEqual(entries.map(\.exists), [false, true, true, true])
        XCTAssertEqual(entries.last?.progress, 0.25)
        XCTAssertNil(entries[2].progress)
    }
}
