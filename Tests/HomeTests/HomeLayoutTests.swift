import CCairo
import DocumentKit
import Foundation
import Home
import Machinery
import ReadingState
import XCTest

/// The home offscreen, with documents and thumbnails a test gives: the entries arrive off the
/// loop, thumbnails are asked for only for the cells near the view and only when drawing,
/// placeholders until they come; a tap opens, a missing file says why in one line, a long
/// press offers "Remove from recent", which removes the entry and not the file.
final class HomeLayoutTests: XCTestCase {
    private final class Recorder: @unchecked Sendable {
        let lock = NSLock()
        var thumbnailsAsked: [String] = []
        var removed: [String] = []
        func note(_ body: (Recorder) -> Void) { lock.lock(); body(self); lock.unlock() }
    }

    private let recorder = Recorder()

    private func entries(_ count: Int) -> [HomeEntry] {
        (0..<count).map { index in
            HomeEntry(path: "/docs/\(index).pdf", title: "Document \(index)", kindName: "PDF", progress: Double(index) / 10,
                      exists: index != 2, recentURI: "file:///docs/\(index).pdf")
        }
    }

    /// A home of `count` documents (the third missing), each thumbnail a solid red page.
    private func home(_ count: Int, width: Double = 800) -> HomeLayout {
        let entries = entries(count), recorder = recorder
        let source = HomeSource(
            loadEntries: { entries },
            loadThumbnail: { path in
                recorder.note { $0.thumbnailsAsked.append(path) }
                return Self.redPagePNG()
            },
            removeRecent: { uri in recorder.note { $0.removed.append(uri) } })
        let layout = HomeLayout(source: source, palette: .light)
        layout.setViewportSize(width: width, height: 600)
        MainThreadMailbox.shared.deliver(while: { !layout.isLoaded }, timeoutSeconds: 10)
        return layout
    }

    func testEntriesArriveOffTheLoopAndThumbnailsAreAskedForOnlyNearTheViewWhenDrawing() throws {
        let layout = home(40)
        XCTAssertEqual(layout.entryCount, 40)
        layout.prepare(ContentRect(x: 0, y: 0, width: 800, height: 600), margin: 0)
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertEqual(recorder.thumbnailsAsked, [], "measuring asks for no pixels")
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: 800, height: 600), margin: 0, drawScale: 1)
        MainThreadMailbox.shared.deliver(while: { layout.deliveredThumbnailCount < 7 }, timeoutSeconds: 10)
        // Two rows of four show in 600 px; the missing third document has none to ask for.
        XCTAssertEqual(Set(recorder.thumbnailsAsked), Set([0, 1, 3, 4, 5, 6, 7].map { "/docs/\($0).pdf" }))
        XCTAssertEqual(layout.deliveredThumbnailCount, 7)
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: 800, height: 600), margin: 0, drawScale: 1)
        Thread.sleep(forTimeInterval: 0.1)
        XCTAssertEqual(recorder.thumbnailsAsked.count, 7, "each is asked for once")
    }

    func testACellShowsAPlaceholderUntilItsThumbnailArrivesAndAMissingFileIsDimmed() throws {
        let layout = home(5)
        let grid = HomeGrid(viewportWidth: 800, count: 5)
        let centre = { (index: Int) -> (Int, Int) in
            let box = grid.thumbnailFrame(ofEntry: index)
            return (Int(box.x + box.width / 2), Int(box.y + box.height * 0.75))
        }
        var pixels = draw(layout)
        XCTAssertFalse(isRed(pixels.at(centre(0))), "a placeholder before the thumbnail")
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: 800, height: 600), margin: 0, drawScale: 1)
        MainThreadMailbox.shared.deliver(while: { layout.deliveredThumbnailCount < 4 }, timeoutSeconds: 10)
        pixels = draw(layout)
        XCTAssertTrue(isRed(pixels.at(centre(0))), "the thumbnail once it arrived: \(pixels.at(centre(0)))")
        XCTAssertFalse(isRed(pixels.at(centre(2))), "the missing file has none")
        // The missing file's title is drawn fainter than a present one's.
        let darkestTitleInk = { (index: Int) -> UInt32 in
            let cell = grid.frame(ofEntry: index)
            let top = Int(cell.y + grid.thumbnailHeight + 8)
            return (top..<(top + 18)).flatMap { y in (Int(cell.x)..<Int(cell.maxX)).map { x in pixels.at((x, y)) & 0xFF } }.min() ?? 255
        }
        XCTAssertLessThan(darkestTitleInk(1), 90, "a present document's title")
        XCTAssertGreaterThan(darkestTitleInk(2), 110, "the missing one's, dimmed")
    }

    func testATapOpensAMissingFileSaysWhyAndTheOpenButtonAsksForFiles() throws {
        let layout = home(5)
        let grid = HomeGrid(viewportWidth: 800, count: 5)
        let centre = { (rect: ContentRect) in ContentPoint(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2) }
        XCTAssertEqual(layout.choose(at: centre(grid.frame(ofEntry: 1))), .open(path: "/docs/1.pdf"))
        XCTAssertNil(layout.focusedEntry, "a tap draws no focus ring")
        layout.focusedEntry = 0
        XCTAssertEqual(layout.choose(at: centre(grid.frame(ofEntry: 3))), .open(path: "/docs/3.pdf"))
        XCTAssertEqual(layout.focusedEntry, 3, "once the keys are in use, the ring follows a tap")
        guard case .refused(let reason) = layout.choose(at: centre(grid.frame(ofEntry: 2))) else { return XCTFail("a missing file opens") }
        XCTAssertTrue(reason.contains("/docs/2.pdf") && !reason.contains("\n"), reason)
        XCTAssertEqual(layout.choose(at: centre(grid.openButtonFrame)), .openChooser)
        XCTAssertEqual(layout.choose(at: ContentPoint(x: 1, y: 300)), .none)
    }

    func testALongPressOffersRemoveFromRecentWhichRemovesTheEntryOnly() throws {
        let layout = home(5)
        let grid = HomeGrid(viewportWidth: 800, count: 5)
        let cell = grid.frame(ofEntry: 3)
        XCTAssertTrue(layout.offerActions(at: ContentPoint(x: cell.x + 10, y: cell.y + 10)))
        XCTAssertEqual(layout.offeredEntry, 3)
        // A tap elsewhere takes the offer back and opens nothing.
        XCTAssertEqual(layout.choose(at: ContentPoint(x: grid.frame(ofEntry: 0).x + 5, y: grid.frame(ofEntry: 0).y + 5)), .handled)
        XCTAssertNil(layout.offeredEntry)
        XCTAssertEqual(layout.entryCount, 5)
        XCTAssertTrue(layout.offerActions(at: ContentPoint(x: cell.x + 10, y: cell.y + 10)))
        let button = grid.removeButtonFrame(ofEntry: 3)
        XCTAssertEqual(layout.choose(at: ContentPoint(x: button.x + button.width / 2, y: button.y + button.height / 2)), .handled)
        XCTAssertEqual(layout.entries.map(\.title), ["Document 0", "Document 1", "Document 2", "Document 4"])
        let deadline = Date().addingTimeInterval(5)
        while recorder.removed.isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertEqual(recorder.removed, ["file:///docs/3.pdf"])
    }

    func testTheAccessibleTreeListsTheEntries() throws {
        let layout = home(3)
        let blocks = try XCTUnwrap(layout.accessibleContent).blocks(inSection: 0)
        XCTAssertEqual(blocks.first?.text, "Recent documents")
        XCTAssertEqual(blocks.last?.role, .list(isOrdered: false))
        XCTAssertEqual(blocks.last?.children.map(\.text), ["Document 0, PDF · 0% read", "Document 1, PDF · 10% read", "Document 2, PDF · missing"])
    }

    // MARK: Pixels

    private struct Pixels {
        let data: [UInt32]
        let width: Int
        func at(_ point: (Int, Int)) -> UInt32 { data[point.1 * width + point.0] }
    }

    private func draw(_ layout: HomeLayout) -> Pixels {
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
        return Pixels(data: data, width: stride)
    }

    private func isRed(_ pixel: UInt32) -> Bool {
        (pixel >> 16) & 0xFF > 200 && (pixel >> 8) & 0xFF < 60 && pixel & 0xFF < 60
    }

    private static func redPagePNG() -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 192, 256)!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, 1, 0, 0)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-red-\(UUID().uuidString).png").path
        defer { unlink(path) }
        cairo_surface_write_to_png(surface, path)
        return (try? Array(Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
    }
}
