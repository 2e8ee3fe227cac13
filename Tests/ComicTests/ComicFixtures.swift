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
