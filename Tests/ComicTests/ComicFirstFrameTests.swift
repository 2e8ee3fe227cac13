import ArchiveFixtures
import ArchiveKit
@testable import ComicKind
import DocumentKit
import ImageKind
import KindRegistry
import Machinery
import XCTest

/// A zip comic opens with what its first frame needs (its page count and first page, found in
/// one look over the directory's name bytes) and gets the rest of its order from a worker.
final class ComicFirstFrameTests: XCTestCase {
    func testTheCollectionShowsItsFirstPageThenItsPagesInNaturalOrderOnceTheyArrive() throws {
        // Written in an order that is none of the natural one: page N is coloured N.
        let colours: [(Double, Double, Double)] = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (0, 1, 1)]
        let pages = colours.enumerated().map { index, colour in
            SolidPage(name: "Book/page\(index + 1).png", red: colour.0, green: colour.1, blue: colour.2)
        }
        let written = [pages[3], pages[1], pages[4], pages[0], pages[2]].map(\.entry)
            + [ArchiveEntry("ComicInfo.xml", "<ComicInfo><Title>Five</Title></ComicInfo>")]
        let comic = try openComic(written, ordered: false)

        // Before the order arrives (the mailbox is not delivered until the wait below); a
        // short directory is listed at once.
        XCTAssertFalse(comic.isListing)
        XCTAssertTrue(comic.isOrderingPages)
        XCTAssertEqual(comic.title, "Five")
        XCTAssertEqual(comic.pageCount, 5)
        XCTAssertEqual(comic.imagePath(atPage: 0), "Book/page1.png", "the least name in natural order, with no sort")
        XCTAssertNil(comic.imagePath(atPage: 1))
        let shown = ShownComic(comic)
        XCTAssertTrue(shown.layout.isReadingContent)
        XCTAssertEqual(shown.layout.pageCount, 5)
        XCTAssertTrue(shown.layout.isPending(section: 3))
        XCTAssertNil(shown.layout.title(ofPage: 3))
        assertColour(shown.centreColour(ofSlot: 2), (255, 255, 255), "a page not known yet is no picture")
        let revision = shown.layout.revision

        waitForPageOrder(comic)
        XCTAssertEqual(comic.imagePaths, (1...5).map { "Book/page\($0).png" })
        // The first page's decode, asked for when the first frame drew, may still be running
        // on a loaded machine: what is asserted is that the listing and the order are done.
        shown.layout.images.waitForDecodes()
        XCTAssertFalse(shown.layout.isReadingContent, "listing \(comic.isListing), ordering \(comic.isOrderingPages), decoding \(shown.layout.images.isDecoding), awaiting pixels \(shown.layout.scheduler.isAwaitingVisiblePixels)")
        XCTAssertFalse(shown.layout.isPending(section: 3))
        XCTAssertEqual(shown.layout.title(ofPage: 3), "page4.png")
        XCTAssertGreaterThan(shown.layout.revision, revision, "the layout is told to draw again")
        for slot in 0..<5 {
            shown.settle(atSlot: slot)
            let colour = colours[slot]
            assertColour(shown.centreColour(ofSlot: slot), (Int(colour.0 * 255), Int(colour.1 * 255), Int(colour.2 * 255)),
                         "page \(slot + 1)")
        }
    }

    func testALongDirectoryIsListedOnAWorkerWhileThePlaceholderPageShows() throws {
        let manga = try LongManga(suffix: ".cbz", in: self) { try ArchiveWriter.write($0, to: $1) }
        XCTAssertGreaterThan(try ZipFile(path: manga.path).directoryBytes, ComicKind.directoryBytesListedAtOpen)
        try manga.assertListedOnAWorkerWhileThePlaceholderPageShows(self)
    }

    func testALongDirectoryWithoutAnImageIsRefusedWhenItsListingEnds() throws {
        let path = temporaryComicPath(".cbz")
        try ArchiveWriter.write((1...200).map { ArchiveEntry("notes/a note of some length \($0).txt", "x") }, to: path)
        let comic = try XCTUnwrap(try KindRegistry.open(path) as? ImageCollection)
        XCTAssertTrue(comic.isListing)
        let shown = ShownComic(comic)
        XCTAssertNil(shown.layout.failure)
        MainThreadMailbox.shared.deliver(while: { comic.isListing }, timeoutSeconds: 30)
        XCTAssertEqual(comic.listingFailure, DocumentError.noImages(directory: path))
        XCTAssertEqual(shown.layout.failure, DocumentError.noImages(directory: path), "the viewer ends with it")
        XCTAssertFalse(shown.layout.isReadingContent)
        XCTAssertThrowsError(try comic.waitUntilOpened()) { error in
            XCTAssertEqual(error as? DocumentError, .noImages(directory: path))
        }

        // A short one is refused by the open itself, before any window.
        let short = temporaryComicPath(".cbz")
        try ArchiveWriter.write((1...3).map { ArchiveEntry("\($0).txt", "x") }, to: short)
        XCTAssertThrowsError(try KindRegistry.open(short)) { error in
            XCTAssertEqual(error as? DocumentError, .noImages(directory: short))
        }
    }

    func testTheFirstPageFoundInOneLookIsTheFirstOfTheSortedPages() throws {
        let cases: [[String]] = [
            ["ch10/p1.png", "Page10.png", "ch2/p10.png", "page2.PNG", "ch2/P2.png", "cover.jpg", "page1.png", "ch2/extra/z.png"],
            ["b/2.png", "b/10.png", "a/x/1.png", "a/007.png", "a/7.png", "A/6.png"],
            ["./z/1.png", "z//0.png", "__MACOSX/a/._1.png", ".hidden/0.png", "z/00.png"],
            ["Page2.png", "page2.png", "PAGE2.png"],
            // Beyond ASCII: compared by the keys the sort uses.
            ["第2話/01.jpg", "第10話/01.jpg", "Ärger/1.png", "ärger/0.png", "z.png"],
            ["Éa/1.png", "éa/0.png", "ea/5.png"],
        ]
        for names in cases {
            let path = temporaryComicPath(".cbz")
            try ArchiveWriter.write(names.map { ArchiveEntry($0, bytes: [0]) } + [ArchiveEntry("notes.txt", "x")], to: path)
            let zip = try ZipArchive(path: path)
            let scan = ComicPageScan(zip)
            let sorted = ComicPageOrder.pages(among: zip.entryNames)
            XCTAssertEqual(scan.firstPage?.name, sorted.first, "\(names)")
            XCTAssertEqual(scan.pageCount, sorted.count, "\(names)")
            if let first = scan.firstPage {
                XCTAssertEqual(try zip.data(ofEntryAt: first.position, maximumBytes: 10), [0])
            }
        }
    }

    func testOrderOnBytesIsTheKeysOrderForASCIINames() {
        let names = ["a.png", "A.png", "a1.png", "a01.png", "a001.png", "a2.png", "a10.png", "a/b.png", "a/1.png", "a1/b.png",
                     "a 1.png", "a-1.png", "b.png", "0.png", "00.png", "9.png", "x/y/z.png", "x/y.png", "x//y.png",
                     "page2.PNG", "Page10.png", "ch2/p10.png", "ch10/p1.png", "a9999999999999999999999.png",
                     "a10000000000000000000000.png"]
        for left in names {
            for right in names {
                XCTAssertEqual(Array(left.utf8).withUnsafeBufferPointer { l in Array(right.utf8).withUnsafeBufferPointer { ComicPageOrder.precedes(ascii: l, $0) } },
                               PageKey(left) < PageKey(right), "\(left) before \(right)")
            }
        }
    }
}
