import ArchiveFixtures
import CCairo
import DocumentKit
import Foundation
import ImageDecoding
import ImageKind
import KindRegistry
import Machinery
import XCTest

/// Comics the tests write, and what their pages show.
extension XCTestCase {
    /// A fresh path in the temporary directory, removed when the test ends.
    func temporaryComicPath(_ suffix: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-comic-\(UUID().uuidString)\(suffix)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// An archive of `entries` in `format`, opened through the registry as the reader would;
    /// with `ordered`, once its pages' order, made on a worker, has arrived.
    func openComic(_ entries: [ArchiveEntry], format: ArchiveFormat = .zip, suffix: String = ".cbz",
                   ordered: Bool = true) throws -> ImageCollection {
        let path = temporaryComicPath(suffix)
        try ArchiveWriter.write(entries, to: path, format: format)
        let document = try KindRegistry.open(path)
        let comic = try XCTUnwrap(document as? ImageCollection, "\(type(of: document))")
        if ordered { waitForPageOrder(comic) }
        return comic
    }

    func assertColour(_ colour: (Int, Int, Int), _ expected: (Int, Int, Int), _ label: String,
                      file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(colour == expected, "\(label): \(colour), not \(expected)", file: file, line: line)
    }

    /// Delivers the mailbox until `comic` is listed and its pages are in order.
    func waitForPageOrder(_ comic: ImageCollection) {
        MainThreadMailbox.shared.deliver(while: { comic.isListing || comic.isOrderingPages }, timeoutSeconds: 30)
        XCTAssertFalse(comic.isListing, "the listing arrives")
        XCTAssertFalse(comic.isOrderingPages, "the pages' order arrives")
    }
}

/// A manga of 200 pages whose names fill a zip's directory far past what is listed at open
/// (and are more headers than a RAR, 7z or tar lists at open), written backwards, its first
/// two pages red and blue, the others green; its ComicInfo.xml last.
struct LongManga {
    let path: String
    /// The pages' names in natural order.
    let names = (1...200).map { String(format: "Volume One/Chapter %03d/page %03d.png", ($0 - 1) / 20 + 1, $0) }
    let colours: [(Double, Double, Double)] = [(1, 0, 0), (0, 0, 1)]

    /// Written by `write(entries, path)` to a temporary path ending in `suffix`.
    init(suffix: String, in test: XCTestCase, write: ([ArchiveEntry], String) throws -> Void) throws {
        path = test.temporaryComicPath(suffix)
        var entries = names.reversed().map { SolidPage(name: $0, green: 1).entry }
        entries[entries.count - 1] = SolidPage(name: names[0], red: colours[0].0, green: colours[0].1, blue: colours[0].2).entry
        entries[entries.count - 2] = SolidPage(name: names[1], red: colours[1].0, green: colours[1].1, blue: colours[1].2).entry
        entries.append(ArchiveEntry("ComicInfo.xml", "<ComicInfo><Title>Long</Title><Manga>YesAndRightToLeft</Manga></ComicInfo>"))
        try write(entries, path)
    }

    /// Opens it as the reader would and checks that it shows one placeholder page, nothing
    /// asked of the decoders, until the listing arrives from a worker through the mailbox with
    /// its title, direction, page count and first page, then its pages in natural order.
    func assertListedOnAWorkerWhileThePlaceholderPageShows(_ test: XCTestCase, file: StaticString = #filePath, line: UInt = #line) throws {
        let comic = try XCTUnwrap(try KindRegistry.open(path) as? ImageCollection, file: file, line: line)
        // Nothing is delivered yet: the listing cannot have arrived, however fast the worker.
        XCTAssertTrue(comic.isListing, file: file, line: line)
        XCTAssertEqual(comic.pageCount, 0, file: file, line: line)
        XCTAssertNil(comic.imagePath(atPage: 0), file: file, line: line)
        XCTAssertEqual(comic.title, FilePath.name(of: path), "the file's name until ComicInfo is read", file: file, line: line)
        let shown = ShownComic(comic)
        XCTAssertEqual(shown.layout.pageCount, 1, "one placeholder page", file: file, line: line)
        XCTAssertFalse(shown.layout.isOpen, file: file, line: line)
        XCTAssertTrue(shown.layout.isReadingContent, file: file, line: line)
        _ = shown.layout.prepare(ContentRect(x: 0, y: 0, width: shown.width, height: shown.height), margin: shown.width, drawScale: 1)
        XCTAssertFalse(shown.layout.images.isDecoding, "no page is asked for before the listing names one", file: file, line: line)
        test.assertColour(shown.centreColour(ofSlot: 0), (255, 255, 255), "the placeholder is no picture", file: file, line: line)

        MainThreadMailbox.shared.deliver(while: { comic.isListing }, timeoutSeconds: 30)
        XCTAssertFalse(comic.isListing, file: file, line: line)
        XCTAssertNil(comic.listingFailure, file: file, line: line)
        XCTAssertEqual(comic.title, "Long", file: file, line: line)
        XCTAssertTrue(comic.readsRightToLeft, file: file, line: line)
        XCTAssertEqual(comic.pageCount, 200, file: file, line: line)
        XCTAssertEqual(comic.imagePath(atPage: 0), names[0], file: file, line: line)
        XCTAssertTrue(shown.layout.isOpen, file: file, line: line)
        XCTAssertEqual(shown.layout.pageCount, 200, file: file, line: line)
        XCTAssertEqual(shown.layout.page(atSlot: 199), 0, "the manga's first page is at the right", file: file, line: line)

        test.waitForPageOrder(comic)
        XCTAssertEqual(comic.imagePaths, names, file: file, line: line)
        for (page, colour) in colours.enumerated() {
            shown.settle(atSlot: 199 - page)
            test.assertColour(shown.centreColour(ofSlot: 199 - page), (Int(colour.0 * 255), Int(colour.1 * 255), Int(colour.2 * 255)),
                              "page \(page + 1)", file: file, line: line)
        }
    }
}

/// A page of one colour.
struct SolidPage {
    var name: String
    var red = 0.0, green = 0.0, blue = 0.0
    var width: Int32 = 60, height: Int32 = 90

    var entry: ArchiveEntry { ArchiveEntry(name, bytes: TestImages.redPNG(width: width, height: height, red: red, green: green, blue: blue)) }
}

/// A collection's layout in a window of `width`×`height`, its pages drawn once decoded.
struct ShownComic {
    let layout: ImageCollectionLayout
    let width = 300.0, height = 600.0

    init(_ collection: ImageCollection, images: ImageStore? = nil) {
        layout = ImageCollectionLayout(collection: collection, images: images)
        layout.setViewportSize(width: width, height: height)
    }

    /// Prepares slot `slot` and its neighbours, and waits for their decoders.
    func settle(atSlot slot: Int) {
        let visible = ContentRect(x: Double(slot) * width, y: 0, width: width, height: height)
        _ = layout.prepare(visible, margin: width, drawScale: 1)
        layout.images.waitForDecodes()
        _ = layout.prepare(visible, margin: width, drawScale: 1)
        layout.images.waitForDecodes()
    }

    /// Slot `slot` drawn on white: its pixels as (red, green, blue) rows.
    func pixels(ofSlot slot: Int) -> [[(Int, Int, Int)]] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        let left = Double(slot) * width
        cairo_translate(cairo, -left, 0)
        layout.draw(ContentRect(x: left, y: 0, width: width, height: height), on: cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!, stride = Int(cairo_image_surface_get_stride(surface))
        return (0..<Int(height)).map { y in
            (0..<Int(width)).map { x in
                let pixel = data + y * stride + x * 4
                return (Int(pixel[2]), Int(pixel[1]), Int(pixel[0]))
            }
        }
    }

    /// The colour at the centre of slot `slot`.
    func centreColour(ofSlot slot: Int) -> (Int, Int, Int) {
        pixels(ofSlot: slot)[Int(height) / 2][Int(width) / 2]
    }

    /// The bounding box of the pixels of slot `slot` that are not white: where its image is.
    func inkBox(ofSlot slot: Int) -> (width: Int, height: Int)? {
        let rows = pixels(ofSlot: slot)
        var xs: [Int] = [], ys: [Int] = []
        for (y, row) in rows.enumerated() {
            for (x, pixel) in row.enumerated() where pixel != (255, 255, 255) {
                xs.append(x)
                ys.append(y)
            }
        }
        guard let left = xs.min(), let right = xs.max(), let top = ys.min(), let bottom = ys.max() else { return nil }
        return (right - left + 1, bottom - top + 1)
    }
}
