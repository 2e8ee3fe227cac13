import DocumentKit
import Foundation
import ImageKind
import KindRegistry
import TestSupport
import XCTest

/// A multi-page TIFF, made by libtiff's `tiffcp` from single-page TIFFs the test writes: one
/// page per directory, shown and decoded as an image collection's pages.
final class MultiPageTIFFTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
        super.tearDown()
    }

    /// An uncompressed 8-bit RGB TIFF of `width`×`height` px in one colour, little- or big-endian.
    private func writeTIFF(_ colour: (UInt8, UInt8, UInt8), width: Int = 60, height: Int = 80,
                           littleEndian: Bool = true) throws -> String {
        func u16(_ value: Int) -> [UInt8] {
            littleEndian ? [UInt8(value & 0xff), UInt8(value >> 8)] : [UInt8(value >> 8), UInt8(value & 0xff)]
        }
        func u32(_ value: Int) -> [UInt8] { littleEndian ? u16(value & 0xffff) + u16(value >> 16) : u16(value >> 16) + u16(value & 0xffff) }
        let pixelBytes = width * height * 3
        let ifdOffset = 8 + pixelBytes + 6  // after the pixels and the bits-per-sample triple
        var bytes: [UInt8] = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(ifdOffset)
        for _ in 0..<(width * height) { bytes += [colour.0, colour.1, colour.2] }
        bytes += u16(8) + u16(8) + u16(8)
        // Tag, type (3 SHORT, 4 LONG), count, value (a SHORT left-aligned in its 4 bytes).
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int) -> [UInt8] {
            u16(tag) + u16(type) + u32(count) + (type == 3 && count == 1 ? u16(value) + u16(0) : u32(value))
        }
        let entries = [entry(256, 4, 1, width), entry(257, 4, 1, height), entry(258, 3, 3, 8 + pixelBytes),
                       entry(259, 3, 1, 1), entry(262, 3, 1, 2), entry(273, 4, 1, 8), entry(277, 3, 1, 3),
                       entry(278, 4, 1, height), entry(279, 4, 1, pixelBytes)]
        bytes += u16(entries.count) + entries.flatMap { $0 } + u32(0)
        let path = NSTemporaryDirectory() + "glide-tiff-\(getpid())-\(UUID().uuidString).tif"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        paths.append(path)
        return path
    }

    private func tiffcp(_ inputs: [String]) throws -> String {
        let output = NSTemporaryDirectory() + "glide-tiff-\(getpid())-\(UUID().uuidString)-pages.tiff"
        paths.append(output)
        let result = try ChildProcess.run("/usr/bin/tiffcp", inputs + [output])
        XCTAssertEqual(result.status, 0, result.error)
        return output
    }

    func testAMultiPageTIFFShowsOnePagePerDirectoryInItsColours() throws {
        let path = try tiffcp([try writeTIFF((255, 0, 0)), try writeTIFF((0, 255, 0), width: 120, height: 80),
                               try writeTIFF((0, 0, 255))])
        let collection = try XCTUnwrap(try KindRegistry.open(path) as? ImageCollection)
        XCTAssertEqual(collection.pageCount, 3, "one page per directory")
        XCTAssertTrue(collection.isPagedByDefault)
        let shown = ShownComic(collection)
        shown.settle(atSlot: 0)
        assertColour(shown.centreColour(ofSlot: 0), (255, 0, 0), "page 1")
        assertColour(shown.centreColour(ofSlot: 1), (0, 255, 0), "page 2, decoded beside it")
        shown.settle(atSlot: 2)
        assertColour(shown.centreColour(ofSlot: 2), (0, 0, 255), "page 3")
        // Opened alone it is its own pages, not its folder's images.
        XCTAssertEqual((try KindRegistry.openAlone(path) as? ImageCollection)?.pageCount, 3)
    }

    /// Issue 26: a TIFF's pages turn a quarter at a time and have an overview, as every paged
    /// kind's do (an image collection's layout, on the page scheduler).
    func testAMultiPageTIFFsPagesTurnAndHaveAnOverview() throws {
        let path = try tiffcp([try writeTIFF((255, 0, 0)), try writeTIFF((0, 0, 255))])
        let collection = try XCTUnwrap(try KindRegistry.open(path) as? ImageCollection)
        let shown = ShownComic(collection)
        shown.settle(atSlot: 0)
        let upright = shown.layout.pageRect(0)
        XCTAssertLessThan(upright.width, upright.height, "a 60×80 page stands upright")
        XCTAssertTrue(shown.layout.rotate(byQuarterTurns: 1))
        XCTAssertEqual(shown.layout.quarterTurns, 1)
        shown.settle(atSlot: 0)
        let turned = shown.layout.pageRect(0)
        XCTAssertGreaterThan(turned.width, turned.height, "the page lies on its side")
        assertColour(shown.centreColour(ofSlot: 0), (255, 0, 0), "page 1, turned")
        let overview = try XCTUnwrap(shown.layout.makePageOverview(), "a TIFF's pages have an overview")
        XCTAssertEqual(overview.pageCount, 2)
    }

    func testABigEndianTIFFsDirectoriesAreFoundAndASinglePageTIFFIsOneImage() throws {
        let big = try tiffcp([try writeTIFF((255, 0, 0), littleEndian: false), try writeTIFF((0, 0, 255), littleEndian: false)])
        XCTAssertEqual(TIFFDirectories(path: big)?.offsets.count, 2)
        let single = try writeTIFF((0, 255, 0))
        XCTAssertEqual(TIFFDirectories(path: single)?.offsets.count, 1)
        let collection = try XCTUnwrap(try KindRegistry.open(single) as? ImageCollection)
        XCTAssertEqual(collection.imagePaths, [single], "a single page is the file itself")
    }

    func testADirectoryChainThatLoopsOrLeavesTheFileEndsThere() throws {
        let path = try tiffcp([try writeTIFF((255, 0, 0)), try writeTIFF((0, 255, 0))])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let directories = try XCTUnwrap(TIFFDirectories(path: path))
        // The second directory's next pointer made to lead back to the first.
        let second = Int(directories.offsets[1])
        let count = Int(bytes[second]) | Int(bytes[second + 1]) << 8
        let next = second + 2 + count * 12
        let first = directories.offsets[0]
        for index in 0..<4 { bytes[next + index] = UInt8(truncatingIfNeeded: first >> (8 * UInt64(index))) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(TIFFDirectories(path: path)?.offsets.count, 2, "a loop ends at the directory seen before")
        for index in 0..<4 { bytes[next + index] = 0xEE }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(TIFFDirectories(path: path)?.offsets.count, 2, "a pointer past the file's end ends the chain")
    }
}
