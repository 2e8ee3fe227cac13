import ArchiveFixtures
import ArchiveKit
import DocumentKit
import Foundation
import ImageDecoding
import ImageKind
import KindRegistry
import XCTest

/// A comic's pages as shown: decoded from the archive in place, in their direction, at their
/// shape; hostile archives.
final class ComicPagesTests: XCTestCase {
    private let red = SolidPage(name: "page1.png", red: 1)
    private let green = SolidPage(name: "page2.png", green: 1)
    private let blue = SolidPage(name: "page3.png", blue: 1)

    func testACBZACB7AndACBTShowTheirPagesInTheirColours() throws {
        for (format, suffix) in [(ArchiveFormat.zip, ".cbz"), (.sevenZip, ".cb7"), (.tar, ".cbt")] {
            let comic = try openComic([green.entry, red.entry, blue.entry], format: format, suffix: suffix)
            let shown = ShownComic(comic)
            shown.settle(atSlot: 0)
            assertColour(shown.centreColour(ofSlot: 0), (255, 0, 0), "\(suffix): page 1")
            assertColour(shown.centreColour(ofSlot: 1), (0, 255, 0), "\(suffix): page 2, decoded beside it")
            shown.settle(atSlot: 2)
            assertColour(shown.centreColour(ofSlot: 2), (0, 0, 255), "\(suffix): page 3")
        }
    }

    func testAMangaPutsItsFirstPageAtTheRightAndGoesOnToTheLeft() throws {
        let info = ArchiveEntry("ComicInfo.xml", "<ComicInfo><Manga>YesAndRightToLeft</Manga></ComicInfo>")
        let comic = try openComic([info, red.entry, green.entry, blue.entry])
        let shown = ShownComic(comic)
        XCTAssertEqual(shown.layout.anchorOffset.x, 2 * shown.width, "it opens at the rightmost slot")
        XCTAssertEqual(shown.layout.title(ofPage: 2), "page1.png")
        shown.settle(atSlot: 2)
        assertColour(shown.centreColour(ofSlot: 2), (255, 0, 0), "page 1 at the right")
        assertColour(shown.centreColour(ofSlot: 1), (0, 255, 0), "page 2 to its left")
        XCTAssertEqual(shown.layout.readingAnchor.section, 0, "the reading position is page 1")
        shown.settle(atSlot: 0)
        assertColour(shown.centreColour(ofSlot: 0), (0, 0, 255), "the last page at the left")
        XCTAssertEqual(shown.layout.readingAnchor.section, 2)
        XCTAssertEqual(shown.layout.scrollTarget(of: AccessibleBlockLocation(section: 0, block: 0)), .page(2))
    }

    func testALandscapeScanInAPortraitBookIsOneWidePageOfItsOwnShape() throws {
        let spread = SolidPage(name: "page2.png", red: 1, width: 400, height: 200)
        let comic = try openComic([SolidPage(name: "page1.png", green: 1, width: 200, height: 300).entry, spread.entry])
        let shown = ShownComic(comic)
        shown.settle(atSlot: 1)
        let portrait = try XCTUnwrap(shown.inkBox(ofSlot: 0))
        let landscape = try XCTUnwrap(shown.inkBox(ofSlot: 1))
        XCTAssertEqual(landscape.width, Int(shown.width), "the spread takes the window's width")
        XCTAssertEqual(Double(landscape.width) / Double(landscape.height), 2, accuracy: 0.02, "at its own 2:1 shape")
        XCTAssertEqual(Double(portrait.height) / Double(portrait.width), 1.5, accuracy: 0.02)
    }

    func testAZipBombPageSaysWhyOnItsPageAndTheOtherPagesShow() throws {
        // A page that inflates past the bytes an image may have; the store's cap made small so
        // the bomb stays small on disk and in the test's memory.
        let cap = 1 << 20
        for (format, suffix) in [(ArchiveFormat.zip, ".cbz"), (.tar, ".cbt"), (.sevenZip, ".cb7")] {
            let comic = try openComic([red.entry, ArchiveEntry("page2.png", zeros: 4 * cap), blue.entry], format: format, suffix: suffix)
            let images = ImageStore(bytesSource: comic.imageSource)
            images.maximumEncodedBytes = cap
            let shown = ShownComic(comic, images: images)
            shown.settle(atSlot: 1)
            guard case .failure(let reason) = images.image(atPath: "page2.png") else {
                return XCTFail("\(suffix): the bomb decoded: \(images.image(atPath: "page2.png"))")
            }
            XCTAssertTrue(reason.contains("larger than 1 MB"), "\(suffix): \(reason)")
            assertColour(shown.centreColour(ofSlot: 0), (255, 0, 0), "\(suffix): page 1 shows")
            assertColour(shown.centreColour(ofSlot: 2), (0, 0, 255), "\(suffix): page 3 shows")
            XCTAssertNotNil(shown.inkBox(ofSlot: 1), "\(suffix): the bomb's page shows its notice")
        }
    }

    func testAStreamedArchiveReadsEntriesInAnyOrderAndBoundsEachRead() throws {
        let path = temporaryComicPath(".cb7")
        let entries = (1...12).map { ArchiveEntry("p\($0).bin", bytes: [UInt8](repeating: UInt8($0), count: 1000 + $0)) }
        try ArchiveWriter.write(entries, to: path, format: .sevenZip)
        let archive = try StreamedArchive(path: path)
        XCTAssertEqual(archive.entries.map(\.name), entries.map(\.name))
        for index in [5, 6, 11, 0, 3, 3, 9] {
            XCTAssertEqual(try archive.data(ofEntry: "p\(index + 1).bin", maximumBytes: 1 << 20),
                           [UInt8](repeating: UInt8(index + 1), count: 1001 + index), "p\(index + 1)")
        }
        XCTAssertThrowsError(try archive.data(ofEntry: "p12.bin", maximumBytes: 1000)) { error in
            XCTAssertEqual(error as? ArchiveError, .entryTooLarge(name: "p12.bin", maximumBytes: 1000))
        }
        XCTAssertThrowsError(try archive.data(ofEntry: "p13.bin", maximumBytes: 1000)) { error in
            XCTAssertEqual(error as? ArchiveError, .missingEntry(name: "p13.bin"))
        }
    }

    func testATruncatedArchiveShowsWhatItCanAndSaysWhyOfTheRestInOneLine() throws {
        for (format, suffix) in [(ArchiveFormat.zip, ".cbz"), (.tar, ".cbt"), (.sevenZip, ".cb7")] {
            let path = temporaryComicPath(suffix)
            let pages = (1...6).map { SolidPage(name: "page\($0).png", red: 1, width: 300, height: 300).entry }
            try ArchiveWriter.write(pages, to: path, format: format)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: path))
            let document: any LoadedDocument
            do {
                document = try KindRegistry.open(path)
            } catch {
                // A zip's directory and a 7z's header are at the end: cut off, nothing is listed.
                XCTAssertTrue("\(error)".hasPrefix("cannot open '\(path)': it is damaged"), "\(suffix): \(error)")
                XCTAssertFalse("\(error)".contains("\n"))
                XCTAssertNotEqual(format, .tar, "a tar lists what comes before the cut")
                continue
            }
            // A tar lists the pages before the cut: the first shows, the last listed shows a
            // notice where it was cut.
            let comic = try XCTUnwrap(document as? ImageCollection)
            waitForPageOrder(comic)
            let shown = ShownComic(comic)
            shown.settle(atSlot: 0)
            assertColour(shown.centreColour(ofSlot: 0), (255, 0, 0), "\(suffix): the first page")
            let last = comic.imagePaths.count - 1
            shown.settle(atSlot: last)
            XCTAssertNotNil(shown.inkBox(ofSlot: last), "\(suffix): the last page listed shows something")
        }
    }

    func testACBROfRAR5ShowsItsPagesAndADamagedOneIsRefusedInOneLine() throws {
        // No free tool writes RAR: a RAR 5 of stored pages, written by hand.
        let path = temporaryComicPath(".cbr")
        let files = [green, red].map { page in (name: page.name, bytes: TestImages.redPNG(width: 60, height: 90, red: page.red, green: page.green)) }
        try Data(StoredRAR5Writer.archive(files)).write(to: URL(fileURLWithPath: path))
        let comic = try XCTUnwrap(try KindRegistry.open(path) as? ImageCollection)
        waitForPageOrder(comic)
        XCTAssertEqual(comic.imagePaths, ["page1.png", "page2.png"])
        let shown = ShownComic(comic)
        shown.settle(atSlot: 0)
        assertColour(shown.centreColour(ofSlot: 0), (255, 0, 0), "page 1")
        assertColour(shown.centreColour(ofSlot: 1), (0, 255, 0), "page 2")

        // The signature and a main header cut short: recognised as RAR, and nothing in it.
        let damaged = temporaryComicPath(".cbr")
        try Data(Array("Rar!\u{1A}\u{07}\u{01}\u{00}".utf8) + [0x33, 0x92, 0xB5, 0xE5, 0x0A, 0x01, 0x05, 0x06, 0x00])
            .write(to: URL(fileURLWithPath: damaged))
        XCTAssertThrowsError(try KindRegistry.open(damaged)) { error in
            XCTAssertFalse("\(error)".contains("not supported"), "\(error)")
            XCTAssertFalse("\(error)".contains("\n"))
        }
    }

    func testAZipOfAHundredThousandPagesOpensWithItsPagesInOrder() throws {
        let path = temporaryComicPath(".cbz")
        let count = ZipArchive.maximumEntryCount
        try ArchiveWriter.write((0..<count).map { ArchiveEntry("p\(count - $0).png", bytes: [0]) }, to: path)
        let comic = try XCTUnwrap(try KindRegistry.open(path) as? ImageCollection)
        XCTAssertTrue(comic.isListing, "a long directory is listed on a worker")
        try comic.waitUntilOpened()
        XCTAssertTrue(comic.isOrderingPages)
        XCTAssertEqual(comic.pageCount, count, "counted before the order arrives")
        XCTAssertEqual(comic.imagePath(atPage: 0), "p1.png", "the first page found before the order arrives")
        waitForPageOrder(comic)
        XCTAssertEqual(comic.imagePaths.count, count)
        XCTAssertEqual(comic.imagePaths.prefix(3), ["p1.png", "p2.png", "p3.png"])
        XCTAssertEqual(comic.imagePaths.last, "p\(count).png")
    }
}
