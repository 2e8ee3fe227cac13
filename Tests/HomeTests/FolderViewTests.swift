import CCairo
import DocumentKit
import Foundation
import Home
import Machinery
import XCTest

/// The folder view offscreen, on a folder the test makes: what a folder lists (the parent
/// first, then folders, then the documents Glide shows, each by name, hidden ones left out),
/// and the list itself: rows arrive off the loop, a tap on a folder lists it, on the parent goes
/// up, on a document opens it; the keys move along the rows.
final class FolderViewTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "glide-folder-view-\(getpid())-\(UUID().uuidString)"
        let manager = FileManager.default
        for name in ["Reading", "archive", ".hidden-folder"] {
            try manager.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
        }
        try "# Zebra\n".write(toFile: folder + "/zebra.md", atomically: true, encoding: .utf8)
        try "alpha\n".write(toFile: folder + "/Alpha.txt", atomically: true, encoding: .utf8)
        try "# Hidden\n".write(toFile: folder + "/.hidden.md", atomically: true, encoding: .utf8)
        // An executable's first bytes: no kind Glide shows.
        try Data([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + [UInt8](repeating: 0, count: 256)).write(to: URL(fileURLWithPath: folder + "/tool"))
        try "# Inner\n".write(toFile: folder + "/Reading/inner.md", atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testAFolderListsItsParentThenFoldersThenDocumentsByNameWithoutHiddenOnesOrOtherFiles() {
        let rows = FolderListing.rows(of: folder)
        XCTAssertEqual(rows.map(\.name), ["Parent folder", "archive", "Reading", "Alpha.txt", "zebra.md"])
        XCTAssertEqual(rows.first?.kind, .parent)
        XCTAssertEqual(rows.first?.path, (folder as NSString).deletingLastPathComponent)
        XCTAssertEqual(rows[1].kind, .folder)
        XCTAssertEqual(rows[3].kind, .document(kindName: "Text"))
        XCTAssertEqual(rows[4].kind, .document(kindName: "Markdown"))
        XCTAssertEqual(rows[4].path, folder + "/zebra.md")
    }

    func testTheHeaderNamesTheHomeFolderHomeAndAFolderUnderItFromTilde() {
        XCTAssertEqual(FolderLayout.shownName(of: "/home/ann", home: "/home/ann"), "Home")
        XCTAssertEqual(FolderLayout.shownName(of: "/home/ann/Books/Sea", home: "/home/ann"), "~/Books/Sea")
        XCTAssertEqual(FolderLayout.shownName(of: "/home/anna/Books", home: "/home/ann"), "/home/anna/Books")
        XCTAssertEqual(FolderLayout.shownName(of: "/srv", home: "/"), "/srv")
    }

    func testTheRootHasNoParentAndAFolderThatCannotBeReadListsOnlyItsParent() {
        XCTAssertFalse(FolderListing.rows(of: "/").contains { $0.kind == .parent })
        let missing = folder + "/no-such-folder"
        XCTAssertEqual(FolderListing.rows(of: missing).map(\.kind), [.parent])
    }

    private func listing(_ directory: String) -> FolderLayout {
        let layout = FolderLayout(directory: directory, palette: .light)
        layout.setViewportSize(width: 800, height: 600)
        MainThreadMailbox.shared.deliver(while: { !layout.isLoaded }, timeoutSeconds: 10)
        return layout
    }

    private func centre(ofRow index: Int, in layout: FolderLayout) -> ContentPoint {
        let frame = layout.frame(ofEntry: index)
        return ContentPoint(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
    }

    func testATapOnAFolderListsItTheParentIsOneTapAwayAndATapOnADocumentOpensIt() {
        let layout = listing(folder)
        XCTAssertEqual(layout.entryCount, 5)
        // Rows are touch targets: taller than 44 px, and a tap anywhere along one chooses it.
        XCTAssertGreaterThanOrEqual(layout.frame(ofEntry: 0).height, 44)
        XCTAssertEqual(layout.entry(at: centre(ofRow: 2, in: layout)), 2)
        XCTAssertNil(layout.entry(at: ContentPoint(x: 400, y: 10)), "the header chooses nothing")
        XCTAssertEqual(layout.choose(at: centre(ofRow: 2, in: layout)), .handled)
        let reading = folder + "/Reading"
        MainThreadMailbox.shared.deliver(while: { layout.rows.map(\.name) != ["Parent folder", "inner.md"] }, timeoutSeconds: 10)
        XCTAssertEqual(layout.directory, reading)
        XCTAssertEqual(layout.rows.map(\.name), ["Parent folder", "inner.md"])
        XCTAssertEqual(layout.choose(at: centre(ofRow: 0, in: layout)), .handled)
        MainThreadMailbox.shared.deliver(while: { layout.rows.count != 5 }, timeoutSeconds: 10)
        XCTAssertEqual(layout.directory, folder)
        XCTAssertEqual(layout.choose(at: centre(ofRow: 4, in: layout)), .open(path: folder + "/zebra.md"))
        XCTAssertFalse(layout.offerActions(at: centre(ofRow: 4, in: layout)), "a folder view's row offers no actions")
    }

    func testTheKeysMoveAlongTheRowsAndTheAccessibleTreeListsThem() throws {
        let layout = listing(folder)
        XCTAssertEqual(layout.entry(from: 0, moving: .down), 1)
        XCTAssertEqual(layout.entry(from: 0, moving: .up), 0)
        XCTAssertEqual(layout.entry(from: 3, moving: .last), 4)
        XCTAssertEqual(layout.entry(from: 4, moving: .down), 4)
        let blocks = try XCTUnwrap(layout.accessibleContent).blocks(inSection: 0)
        XCTAssertEqual(blocks.first?.text, folder)
        XCTAssertEqual(blocks.last?.children.map(\.text), ["Parent folder", "archive", "Reading", "Alpha.txt", "zebra.md"])
    }

    func testEachRowIsDrawnWithItsName() {
        let layout = listing(folder)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 800, 600)!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        layout.draw(ContentRect(x: 0, y: 0, width: 800, height: 600), on: cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let data = cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: stride * 600) {
            Array(UnsafeBufferPointer(start: $0, count: stride * 600))
        }
        // Ink (dark, or the parent's link colour) in the name column of every listed row, none
        // below the last.
        let inkRows = { (frame: ContentRect) -> Int in
            (Int(frame.y) + 4..<Int(frame.maxY) - 4).filter { y in
                (Int(frame.x) + 40..<Int(frame.x) + 300).contains { x in
                    let pixel = data[y * stride + x]
                    return min(pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF) < 128
                }
            }.count
        }
        for index in 0..<layout.entryCount {
            XCTAssertGreaterThan(inkRows(layout.frame(ofEntry: index)), 6, "row \(index) has its name")
        }
        XCTAssertEqual(inkRows(layout.frame(ofEntry: layout.entryCount + 1)), 0, "nothing below the last row")
    }
}
