import ArchiveFixtures
import ArchiveKit
@testable import ComicKind
import DocumentKit
import Foundation
import ImageKind
import KindRegistry
import Machinery
import XCTest

/// A RAR, 7z or tar comic opens as a zip does (issue 25): what is bounded (its first headers,
/// its ComicInfo) is read at open, so a short one shows its first page in the first frame; a
/// long one is listed on a worker while a placeholder page shows, and its refusal, when it has
/// no image or is damaged, arrives through the mailbox and ends the viewer in one line.
final class StreamedComicFirstFrameTests: XCTestCase {
    /// The streamed formats the tests write: tar and 7z with libarchive's writers, RAR 5 by hand.
    private var formats: [(suffix: String, write: ([ArchiveEntry], String) throws -> Void)] { [
        (".cbt", { try ArchiveWriter.write($0, to: $1, format: .tar) }),
        (".cb7", { try ArchiveWriter.write($0, to: $1, format: .sevenZip) }),
        (".cbr", { entries, path in
            let files = entries.map { entry -> (name: String, bytes: [UInt8]) in
                guard case .bytes(let bytes) = entry.content else { return (entry.name, []) }
                return (entry.name, bytes)
            }
            try Data(StoredRAR5Writer.archive(files)).write(to: URL(fileURLWithPath: path))
        }),
    ] }

    func testALongStreamedArchiveIsListedOnAWorkerWhileThePlaceholderPageShows() throws {
        for format in formats {
            let manga = try LongManga(suffix: format.suffix, in: self, write: format.write)
            XCTAssertNil(try StreamedArchive(file: StreamedArchiveFile(path: manga.path),
                                             readingAtMostBytes: ComicKind.streamedBytesReadAtOpen,
                                             headers: ComicKind.streamedHeadersListedAtOpen),
                         "\(format.suffix): more headers than are listed at open")
            try manga.assertListedOnAWorkerWhileThePlaceholderPageShows(self)
        }
    }

    func testAShortStreamedArchiveShowsItsFirstPageAtOnce() throws {
        let colours: [(Double, Double, Double)] = [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
        let pages = colours.enumerated().map { SolidPage(name: "Book/page\($0 + 1).png", red: $1.0, green: $1.1, blue: $1.2) }
        let written = [pages[2].entry, ArchiveEntry("ComicInfo.xml", "<ComicInfo><Title>Three</Title><Manga>YesAndRightToLeft</Manga></ComicInfo>"),
                       pages[0].entry, ArchiveEntry("notes.txt", "x"), pages[1].entry]
        for format in formats {
            let path = temporaryComicPath(format.suffix)
            try format.write(written, path)
            let comic = try XCTUnwrap(try KindRegistry.open(path) as? ImageCollection, format.suffix)
            // Nothing delivered: what the first frame has is what the open read.
            XCTAssertFalse(comic.isListing, "\(format.suffix): listed at open")
            XCTAssertTrue(comic.isOrderingPages, format.suffix)
            XCTAssertEqual(comic.title, "Three", format.suffix)
            XCTAssertTrue(comic.readsRightToLeft, format.suffix)
            XCTAssertEqual(comic.pageCount, 3, format.suffix)
            XCTAssertEqual(comic.imagePath(atPage: 0), "Book/page1.png", format.suffix)
            let shown = ShownComic(comic)
            XCTAssertTrue(shown.layout.isOpen, format.suffix)
            shown.settle(atSlot: 2)
            assertColour(shown.centreColour(ofSlot: 2), (255, 0, 0), "\(format.suffix): the first page, at the right")

            waitForPageOrder(comic)
            XCTAssertEqual(comic.imagePaths, (1...3).map { "Book/page\($0).png" }, format.suffix)
            shown.settle(atSlot: 0)
            assertColour(shown.centreColour(ofSlot: 0), (0, 0, 255), "\(format.suffix): the third page, at the left")
        }
    }

    func testALongStreamedArchiveWithoutAnImageIsRefusedWhenItsListingEnds() throws {
        for format in formats {
            let path = temporaryComicPath(format.suffix)
            try format.write((1...200).map { ArchiveEntry("notes/a note of some length \($0).txt", "x") }, path)
            let comic = try XCTUnwrap(try KindRegistry.open(path) as? ImageCollection, format.suffix)
            XCTAssertTrue(comic.isListing, format.suffix)
            let shown = ShownComic(comic)
            XCTAssertNil(shown.layout.failure, format.suffix)
            MainThreadMailbox.shared.deliver(while: { comic.isListing }, timeoutSeconds: 30)
            XCTAssertEqual(comic.listingFailure, DocumentError.noImages(directory: path), format.suffix)
            XCTAssertEqual(shown.layout.failure, DocumentError.noImages(directory: path), "\(format.suffix): the viewer ends with it")
            XCTAssertFalse(shown.layout.isReadingContent, format.suffix)

            // A short one is refused by the open itself, before any window.
            let short = temporaryComicPath(format.suffix)
            try format.write((1...3).map { ArchiveEntry("\($0).txt", "x") }, short)
            XCTAssertThrowsError(try KindRegistry.open(short), format.suffix) { error in
                XCTAssertEqual(error as? DocumentError, .noImages(directory: short), format.suffix)
            }
        }
    }

    func testAHeaderBlockDamagedPastWhatTheOpenReadsEndsTheViewerInOneLine() throws {
        let path = temporaryComicPath(".cb7")
        let headerBytes = ComicKind.streamedBytesReadAtOpen + (64 << 10)
        try Data(DamagedSevenZip.archive(headerBytes: headerBytes)).write(to: URL(fileURLWithPath: path))
        let comic = try XCTUnwrap(try KindRegistry.open(path) as? ImageCollection)
        XCTAssertTrue(comic.isListing, "the header block is longer than the open reads")
        let shown = ShownComic(comic)
        MainThreadMailbox.shared.deliver(while: { comic.isListing }, timeoutSeconds: 30)
        guard case .cannotOpen(path, let reason)? = comic.listingFailure else {
            return XCTFail("\(String(describing: comic.listingFailure))")
        }
        XCTAssertTrue(reason.hasPrefix("it is damaged"), reason)
        XCTAssertFalse(reason.contains("\n"), reason)
        XCTAssertEqual(shown.layout.failure, comic.listingFailure, "the viewer ends with it")

        // The same damage in a short block is found, and refused, at open.
        let short = temporaryComicPath(".cb7")
        try Data(DamagedSevenZip.archive(headerBytes: 1 << 10)).write(to: URL(fileURLWithPath: short))
        XCTAssertThrowsError(try KindRegistry.open(short)) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot open '\(short)': it is damaged"), "\(error)")
        }
    }

    func testAComicInfoFarInASolidArchiveIsReadOnAWorker() throws {
        // Three pages of noise that LZMA cannot shrink, then ComicInfo, in one solid block:
        // reaching it unpacks the pages, more than the open reads.
        var state: UInt32 = 1
        let noise = (0..<3).map { _ in
            (0..<(ComicKind.streamedBytesReadAtOpen / 2)).map { _ -> UInt8 in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(truncatingIfNeeded: state >> 24)
            }
        }
        let path = temporaryComicPath(".cb7")
        try ArchiveWriter.write(noise.enumerated().map { ArchiveEntry("page\($0 + 1).png", bytes: $1) }
            + [ArchiveEntry("ComicInfo.xml", "<ComicInfo><Title>Far</Title></ComicInfo>")], to: path, format: .sevenZip)
        let comic = try XCTUnwrap(try KindRegistry.open(path) as? ImageCollection)
        XCTAssertTrue(comic.isListing, "ComicInfo is read on a worker")
        XCTAssertEqual(comic.title, FilePath.name(of: path))
        MainThreadMailbox.shared.deliver(while: { comic.isListing }, timeoutSeconds: 30)
        XCTAssertNil(comic.listingFailure)
        XCTAssertEqual(comic.title, "Far")
        XCTAssertEqual(comic.pageCount, 3)
        XCTAssertEqual(comic.imagePath(atPage: 0), "page1.png")

        // Near the front, it is read at open.
        let near = temporaryComicPath(".cb7")
        try ArchiveWriter.write([ArchiveEntry("ComicInfo.xml", "<ComicInfo><Title>Near</Title></ComicInfo>")]
            + noise.enumerated().map { ArchiveEntry("page\($0 + 1).png", bytes: $1) }, to: near, format: .sevenZip)
        let nearComic = try XCTUnwrap(try KindRegistry.open(near) as? ImageCollection)
        XCTAssertFalse(nearComic.isListing)
        XCTAssertEqual(nearComic.title, "Near")
    }
}
