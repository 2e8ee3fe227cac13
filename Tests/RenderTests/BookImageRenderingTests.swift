import ArchiveFixtures
import CCairo
import DocumentKit
import Foundation
import ImageDecoding
import Machinery
import Render
import TestSupport
import TextKind
import XCTest

/// A book's images, served as bytes the way its kind serves the entries of its zip: nothing of
/// them is on disk.
private final class BookImages: ImageBytesSource, @unchecked Sendable {
    private let images: [String: [UInt8]]

    init(_ images: [String: [UInt8]]) {
        self.images = images
    }

    /// Everything it holds for `key`, however many bytes it was asked for at most.
    func bytes(ofImage key: String, maximumBytes: Int) throws(ImageBytesError) -> [UInt8] {
        guard let bytes = images[key] else { throw ImageBytesError("no entry '\(key)' in the book") }
        return bytes
    }
}

/// One chapter of `blocks`.
private struct OneChapter: TextChapterSource {
    let blocks: [Block]
    var chapterCount: Int { 1 }
    func byteCount(ofChapter index: Int) -> Int { 100 }
    func blocks(ofChapter index: Int) -> [Block] { blocks }
}

/// The images of a book's chapters (issue 24) drawn from bytes its kind gives: placeholders
/// until the decoder processes are done, then the pixels, or a framed notice saying why not.
final class BookImageRenderingTests: XCTestCase {
    /// A solid red `width`×`height` PNG, encoded in memory.
    /// A 40×20 SVG whose left half is a 20×20 red square.
    private let halfRedSVG = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="20" height="20" fill="red"/></svg>
        """.utf8)

    /// A book of one chapter, read as a book's kind reads its first chapter when it opens (so the
    /// first frame shows it, not a placeholder).
    private func book(_ blocks: [Block], images: [String: [UInt8]], baseDirectory: String = "/nonexistent") -> TextDocument {
        let document = TextDocument(chapters: OneChapter(blocks: blocks), title: "Book", path: nil, baseDirectory: baseDirectory,
                                    imageSource: BookImages(images))
        document.readChapter(0)
        return document
    }

    private func redCount(_ frame: OffscreenFrame) -> Int {
        frame.pixels().filter(isRed).count
    }

    /// Runs `body` with the working directory and `TMPDIR` an empty directory of their own,
    /// which the decoder processes inherit; returns the names of what was written there, or
    /// says that a file was made and removed (the directory's modification time moved).
    private func filesWritten(during body: () throws -> Void) rethrows -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let previousDirectory = FileManager.default.currentDirectoryPath
        let previousTemporary = getenv("TMPDIR").map { String(cString: $0) }
        XCTAssertEqual(chdir(directory), 0)
        setenv("TMPDIR", directory, 1)
        defer {
            chdir(previousDirectory)
            if let previousTemporary { setenv("TMPDIR", previousTemporary, 1) } else { unsetenv("TMPDIR") }
        }
        var before = stat(), after = stat()
        XCTAssertEqual(stat(directory, &before), 0)
        try body()
        XCTAssertEqual(stat(directory, &after), 0)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? ["(the directory is gone)"]
        let isTouched = (before.st_mtim.tv_sec, before.st_mtim.tv_nsec) != (after.st_mtim.tv_sec, after.st_mtim.tv_nsec)
        return names.isEmpty && isTouched ? ["(a file made and removed)"] : names
    }

    /// A directory that holds, at the books' image paths, blue images: were a book's image
    /// sources read as paths, these would be drawn.
    private func decoyDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/OEBPS/images", withIntermediateDirectories: true)
        let blue = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 100, 50)!
        let cairo = cairo_create(blue)!
        cairo_set_source_rgb(cairo, 0, 0, 1)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        XCTAssertEqual(cairo_surface_write_to_png(blue, directory + "/OEBPS/images/red.png"), CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(blue)
        return directory
    }

    func testABooksPNGAndSVGAreDrawnFromBytesThatAreNowhereOnDisk() throws {
        let decoys = try decoyDirectory()
        let document = book([Block(kind: .paragraph, text: "Before"), Block(kind: .image(source: "OEBPS/images/red.png"), text: "red"),
                             Block(kind: .image(source: "OEBPS/images/half.svg"), text: "half"), Block(kind: .paragraph, text: "After")],
                            images: ["OEBPS/images/red.png": TestImages.redPNG(width: 100, height: 50), "OEBPS/images/half.svg": halfRedSVG],
                            baseDirectory: decoys)
        let layout = document.makeLayout(palette: .light, paged: false)
        let images = try XCTUnwrap((layout as? DocumentLayout)?.images)
        XCTAssertNotNil(images.bytesSource, "the layout's store reads from the book")
        var first: OffscreenFrame?, settled: OffscreenFrame?
        let written = filesWritten {
            first = renderOnce(layout, width: 400, height: 400)
            images.waitForDecodes()
            settled = renderOnce(layout, width: 400, height: 400)
        }
        XCTAssertEqual(written, [], "nothing is unpacked to disk")
        XCTAssertEqual(redCount(try XCTUnwrap(first)), 0, "placeholders until decoded")
        let frame = try XCTUnwrap(settled)
        // The PNG at its 100×50 and the SVG's red half, 20×20; no blue decoy.
        XCTAssertEqual(redCount(frame), 100 * 50 + 20 * 20)
        XCTAssertEqual(frame.pixels().filter { $0 & 0xffffff == 0x0000ff }.count, 0, "no file was read for a book's image")
    }

    /// Before its pixels arrive, a book's image holds its place with a tinted frame, as a file's does.
    func testABooksImageHoldsATintedFrameUntilDecoded() throws {
        let document = book([Block(kind: .image(source: "red.png"), text: "red")],
                            images: ["red.png": TestImages.redPNG(width: 100, height: 50)])
        let images = document.makeImageStore()
        let layout = DocumentLayout(document: document, images: images)
        let tint = layout.palette.codeBackground
        func tintedCount(_ frame: OffscreenFrame) -> Int {
            frame.pixels().filter { pixel in
                abs(Double((pixel >> 16) & 0xff) / 255 - tint.red) < 0.01 && abs(Double((pixel >> 8) & 0xff) / 255 - tint.green) < 0.01
                    && abs(Double(pixel & 0xff) / 255 - tint.blue) < 0.01
            }.count
        }
        let first = renderOnce(layout, width: 400, height: 300)
        XCTAssertGreaterThan(tintedCount(first), 100 * 50, "a frame holds the place")
        images.waitForDecodes()
        let settled = renderOnce(layout, width: 400, height: 300)
        XCTAssertEqual(redCount(settled), 100 * 50)
        XCTAssertLessThan(tintedCount(settled), 100, "the frame is gone")
    }

    /// A logo in a heading, from bytes, drawn in the heading's line.
    func testAnInlineImageFromBytesIsDrawnInItsLine() throws {
        let text = "\u{FFFC} Glide"
        let heading = Block(kind: .heading(level: 1), text: text,
                            styles: [InlineStyle(.inlineImage(source: "logo.png"), utf8Range: 0..<3)])
        let document = book([heading, Block(kind: .paragraph, text: "Body text.")], images: ["logo.png": TestImages.redPNG(width: 200, height: 100)])
        let layout = DocumentLayout(document: document, images: document.makeImageStore())
        _ = renderOnce(layout, width: 800, height: 300)
        layout.images.waitForDecodes()
        let frame = renderOnce(layout, width: 800, height: 300)
        // 200×100 fitted to the line height of a 32 px heading (1.5 × 32 = 48 px).
        XCTAssertEqual(columns(of: frame, where: isRed).count, 96)
        XCTAssertEqual(rows(of: frame, where: isRed).count, 48)
    }

    /// Bytes that are no image, too many bytes, an image past the memory budget and a key the
    /// book lacks: each a framed notice with the reason, in the image's place.
    func testWhatCannotBeShownIsAFramedNoticeWithTheReason() throws {
        let garbage = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        let cases: [(key: String, bytes: [UInt8]?, reason: String)] = [
            ("garbage.png", garbage, "not an image format gdk-pixbuf can read"),
            ("huge.png", [UInt8](repeating: 0, count: (1 << 20) + 1), "larger than the 1 MB an image may have"),
            ("wide.png", TestImages.redPNG(width: 400, height: 100), "400×100 px would need"),
            ("missing.png", nil, "no entry 'missing.png' in the book"),
        ]
        for (key, bytes, reason) in cases {
            let document = book([Block(kind: .image(source: key), text: key)],
                                images: bytes.map { [key: $0] } ?? [:])
            let images = document.makeImageStore()
            images.maximumEncodedBytes = 1 << 20
            images.budgetBytes = 200 * 100 * 4
            let layout = DocumentLayout(document: document, images: images)
            _ = renderOnce(layout, width: 600, height: 300)
            images.waitForDecodes()
            let frame = renderOnce(layout, width: 600, height: 300)
            guard case .failure(let given)? = images.loadedImage(atPath: key) else { XCTFail("\(key) shown"); continue }
            XCTAssertTrue(given.hasPrefix(reason), "\(key): \(given)")
            XCTAssertEqual(redCount(frame), 0, key)
            XCTAssertGreaterThan(frame.inkCount(), 500, "\(key): the notice, in words")
        }
    }

    /// In a strip of documents sharing one store of files, a book's images still come from the book.
    func testABookInAStripOfDocumentsReadsItsOwnImages() throws {
        let document = book([Block(kind: .image(source: "OEBPS/images/red.png"), text: "red")],
                            images: ["OEBPS/images/red.png": TestImages.redPNG(width: 100, height: 50)], baseDirectory: try decoyDirectory())
        let strip = DocumentCollectionLayout(documents: [document], images: ImageStore())
        var frame = renderOnce(strip, width: 400, height: 300)
        // The book's store is the page layout's own: its decodes are delivered as the loop would.
        let deadline = Date().addingTimeInterval(10)
        while redCount(frame) == 0, Date() < deadline {
            usleep(20_000)
            MainThreadMailbox.shared.deliverPending()
            frame = renderOnce(strip, width: 400, height: 300)
        }
        XCTAssertEqual(redCount(frame), 100 * 50)
    }
}
