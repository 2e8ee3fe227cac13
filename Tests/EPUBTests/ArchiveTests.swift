import ArchiveFixtures
@testable import ArchiveKit
import DocumentKit
@testable import EPUBKind
import Foundation
import KindRegistry
import XCTest

/// The zip read in place: the index, the names it serves, reads and their bounds.
final class ArchiveTests: XCTestCase {
    func testEntriesAreIndexedWithNormalisedNamesSizesAndBytes() throws {
        let path = try TestBooks.write([
            TestBooks.mimetype,
            ArchiveEntry("OEBPS/", ""),
            ArchiveEntry("./OEBPS/one.xhtml", "first"),
            ArchiveEntry("././OEBPS/two.xhtml", String(repeating: "two ", count: 10_000)),
            ArchiveEntry("OEBPS\\back.xhtml", "backslash"),
            ArchiveEntry("OEBPS/one.xhtml", "second copy"),
        ], self)
        let archive = try ZipArchive(path: path)
        XCTAssertEqual(archive.entryNames, ["mimetype", "OEBPS/one.xhtml", "OEBPS/two.xhtml", "OEBPS\\back.xhtml"],
                       "no directory, no leading ./, a backslash kept, a repeated name once")
        XCTAssertEqual(try archive.data(ofEntry: "mimetype", maximumBytes: 100), Array("application/epub+zip".utf8))
        XCTAssertEqual(try archive.data(ofEntry: "OEBPS/one.xhtml", maximumBytes: 100), Array("first".utf8), "the first wins")
        XCTAssertEqual(try archive.data(ofEntry: "OEBPS/two.xhtml", maximumBytes: 1 << 20).count, 40_000)
        XCTAssertEqual(archive.uncompressedSize(ofEntry: "OEBPS/two.xhtml"), 40_000)
        XCTAssertEqual(try archive.data(ofEntry: "OEBPS\\back.xhtml", maximumBytes: 100), Array("backslash".utf8))
        XCTAssertFalse(archive.contains("OEBPS/back.xhtml"))
        XCTAssertFalse(archive.contains("OEBPS/"))
        XCTAssertEqual(try archive.prefix(ofEntry: "OEBPS/two.xhtml", maximumBytes: 6), Array("two tw".utf8))
        XCTAssertThrowsError(try archive.data(ofEntry: "OEBPS/two.xhtml", maximumBytes: 39_999)) { error in
            XCTAssertEqual(error as? EPUBError, .entryTooLarge(name: "OEBPS/two.xhtml", maximumBytes: 39_999))
        }
        XCTAssertThrowsError(try archive.data(ofEntry: "OEBPS/none.xhtml", maximumBytes: 100)) { error in
            XCTAssertEqual(error as? EPUBError, .missingEntry(name: "OEBPS/none.xhtml"))
        }
    }

    func testAbsoluteAndClimbingNamesAreNeverServed() throws {
        let path = try TestBooks.write([
            TestBooks.mimetype,
            ArchiveEntry("../evil.xhtml", "climbs"),
            ArchiveEntry("OEBPS/../../evil.xhtml", "climbs further"),
            ArchiveEntry("OEBPS/../inside.xhtml", "does not climb out, still refused"),
            ArchiveEntry("/etc/passwd", "absolute"),
            ArchiveEntry("./../evil2.xhtml", "climbs after ./"),
            ArchiveEntry("OEBPS/..", "a name that is .."),
            ArchiveEntry("OEBPS/..file.xhtml", "dots in a name are fine"),
        ], self)
        let archive = try ZipArchive(path: path)
        XCTAssertEqual(archive.entryNames, ["mimetype", "OEBPS/..file.xhtml"])
        for name in ["../evil.xhtml", "evil.xhtml", "OEBPS/../../evil.xhtml", "/etc/passwd", "etc/passwd", "inside.xhtml",
                     "OEBPS/../inside.xhtml", "../evil2.xhtml", "evil2.xhtml", "OEBPS/.."] {
            XCTAssertFalse(archive.contains(name), name)
            XCTAssertThrowsError(try archive.data(ofEntry: name, maximumBytes: 100), name) { error in
                XCTAssertEqual(error as? EPUBError, .missingEntry(name: name))
            }
        }
        XCTAssertEqual(try archive.data(ofEntry: "OEBPS/..file.xhtml", maximumBytes: 100), Array("dots in a name are fine".utf8))
    }

    /// 200 MB of zeros deflate to 200 KB. The cap stops the inflation early: the read costs
    /// the cap in memory and time, not the entry's size, though the directory says small.
    func testAZipBombStopsAtTheCapWhateverTheDirectorySays() throws {
        let path = temporaryPath(self)
        let bombBytes = 200 << 20
        try ArchiveWriter.write(TestBooks.minimal(extra: [ArchiveEntry("OEBPS/bomb.xhtml", zeros: bombBytes)]), to: path,
                            compressionLevel: 1)
        let fileSize = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        XCTAssertLessThan(fileSize, 2 << 20, "a bomb: small on disk")
        // The directory lies: 100 bytes.
        try ZipPatch.setUncompressedSizeInDirectory(of: "OEBPS/bomb.xhtml", to: 100, inFileAt: path)
        let archive = try ZipArchive(path: path)
        XCTAssertEqual(archive.uncompressedSize(ofEntry: "OEBPS/bomb.xhtml"), 100)
        let residentBefore = ResidentMemory.peakBytes()
        let cap = 1 << 20
        XCTAssertThrowsError(try archive.data(ofEntry: "OEBPS/bomb.xhtml", maximumBytes: cap)) { error in
            XCTAssertEqual(error as? EPUBError, .entryTooLarge(name: "OEBPS/bomb.xhtml", maximumBytes: cap))
        }
        XCTAssertEqual(try archive.prefix(ofEntry: "OEBPS/bomb.xhtml", maximumBytes: cap).count, cap)
        XCTAssertLessThan(ResidentMemory.peakBytes() - residentBefore, 50 << 20, "memory stayed near the cap")
        // With the truth in the directory, the read is refused before it inflates anything.
        let honest = temporaryPath(self)
        try ArchiveWriter.write([ArchiveEntry("bomb", zeros: 8 << 20)], to: honest, compressionLevel: 1)
        XCTAssertThrowsError(try ZipArchive(path: honest).data(ofEntry: "bomb", maximumBytes: cap)) { error in
            XCTAssertEqual(error as? EPUBError, .entryTooLarge(name: "bomb", maximumBytes: cap))
        }
        XCTAssertEqual(try ZipArchive(path: honest).data(ofEntry: "bomb", maximumBytes: 8 << 20).count, 8 << 20)
    }

    /// 100,001 entries: the book is refused, by the registry too. Under a limit one higher the same directory is
    /// indexed, and its last entry reads as its first does (a read goes straight to its local
    /// header, past no other).
    func testMoreThanAHundredThousandEntriesAreRefused() throws {
        let limit = ZipArchive.maximumEntryCount
        XCTAssertEqual(limit, 100_000)
        var entries = [TestBooks.mimetype]
        for index in 1...limit { entries.append(ArchiveEntry("OEBPS/f\(index).xhtml", "<p>\(index)</p>", stored: true)) }
        let path = temporaryPath(self)
        try ArchiveWriter.write(entries, to: path)
        XCTAssertThrowsError(try ZipArchive(path: path)) { error in
            XCTAssertEqual(error as? EPUBError, .tooManyEntries(limit: limit))
            XCTAssertEqual((error as? EPUBError)?.documentError(path: "big.epub").description,
                           "cannot open 'big.epub': it has more than 100,000 files")
        }
        XCTAssertThrowsError(try KindRegistry.open(path), "as the app opens it") { error in
            XCTAssertEqual("\(error)", "cannot open '\(path)': it has more than 100,000 files")
        }
        var directory: ZipCentralDirectory?
        let fd = try descriptor(of: path)
        directory = try ZipCentralDirectory.read(descriptor: fd, fileSize: fileSize(of: path), maximumEntryCount: limit + 1)
        let entriesRead = try XCTUnwrap(directory).entries
        XCTAssertEqual(entriesRead.count, limit + 1)
        XCTAssertEqual(directory?.storedName(of: limit), "OEBPS/f100000.xhtml")
        func read(_ entry: ZipDirectoryEntry) throws -> [UInt8] {
            try ArchiveEntryStream.bytes(of: entry, named: "entry", descriptor: fd, fileEnd: fileSize(of: path),
                                         maximumBytes: 100, truncates: false)
        }
        XCTAssertEqual(try read(entriesRead[1]), Array("<p>1</p>".utf8))
        XCTAssertEqual(try read(entriesRead[limit]), Array("<p>100000</p>".utf8))
    }

    func testOneEntryPastTheLimitRefusesTheArchive() throws {
        let path = try TestBooks.write((0...10).map { ArchiveEntry("f\($0)", "x", stored: true) }, self)
        let fd = try descriptor(of: path)
        XCTAssertEqual(try ZipCentralDirectory.read(descriptor: fd, fileSize: fileSize(of: path), maximumEntryCount: 11).entries.count, 11)
        XCTAssertThrowsError(try ZipCentralDirectory.read(descriptor: fd, fileSize: fileSize(of: path), maximumEntryCount: 10)) { error in
            XCTAssertEqual(error as? EPUBError, .tooManyEntries(limit: 10))
        }
    }

    func testTruncatedAndNonZipFilesAreDamaged() throws {
        let path = try TestBooks.write(TestBooks.minimal(), self)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let notZip = EPUBError.damaged(detail: "it is not a zip archive, or its end is missing")
        for (name, bytes) in [("half", whole.prefix(whole.count / 2)), ("all but 10 bytes", whole.prefix(whole.count - 10)),
                              ("empty", Data()), ("text", Data("# A Markdown file\n".utf8)),
                              ("a local header only", whole.prefix(40))] {
            let cut = temporaryPath(self)
            try bytes.write(to: URL(fileURLWithPath: cut))
            XCTAssertThrowsError(try ZipArchive(path: cut), name) { error in
                XCTAssertEqual(error as? EPUBError, notZip, name)
            }
        }
        XCTAssertEqual(notZip.documentError(path: "b.epub").description,
                       "cannot open 'b.epub': it is damaged: it is not a zip archive, or its end is missing")
        // The end record survives, the directory before it does not.
        var holed = whole
        let directoryStart = try XCTUnwrap(ZipPatch.offsets(of: [0x50, 0x4B, 0x01, 0x02], in: whole).first)
        holed.replaceSubrange(directoryStart..<directoryStart + 4, with: [0, 0, 0, 0])
        let holedPath = temporaryPath(self)
        try holed.write(to: URL(fileURLWithPath: holedPath))
        XCTAssertThrowsError(try ZipArchive(path: holedPath)) { error in
            XCTAssertEqual(error as? EPUBError, .damaged(detail: "its zip directory is broken"))
        }
        XCTAssertThrowsError(try ZipArchive(path: "/nonexistent/book.epub")) { error in
            XCTAssertEqual(error as? EPUBError, .system(code: ENOENT))
        }
        XCTAssertThrowsError(try ZipArchive(path: NSTemporaryDirectory())) { error in
            XCTAssertEqual(error as? EPUBError, .notRegularFile)
        }
    }

    /// A deflated entry whose bytes were changed: libarchive's inflation or CRC check fails,
    /// and the read says which entry.
    func testAnEntryWithBrokenDataIsDamaged() throws {
        let text = (0..<2_000).map { "line \($0) of a chapter\n" }.joined()
        let path = try TestBooks.write([TestBooks.mimetype, ArchiveEntry("OEBPS/broken.xhtml", text)], self)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let header = try XCTUnwrap(ZipPatch.offsets(of: Array("OEBPS/broken.xhtml".utf8), in: bytes).first)
        for offset in stride(from: header + 40, to: header + 400, by: 7) { bytes[offset] ^= 0x5A }
        try bytes.write(to: URL(fileURLWithPath: path))
        let archive = try ZipArchive(path: path)
        XCTAssertThrowsError(try archive.data(ofEntry: "OEBPS/broken.xhtml", maximumBytes: 1 << 20)) { error in
            guard case .damaged(let detail) = error as? EPUBError else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.hasPrefix("'OEBPS/broken.xhtml' cannot be read ("), detail)
        }
        XCTAssertEqual(try archive.data(ofEntry: "mimetype", maximumBytes: 100), Array("application/epub+zip".utf8),
                       "the other entries still read")
    }

    func testAPasswordProtectedEntryIsRefusedAsSuch() throws {
        let path = temporaryPath(self)
        try ArchiveWriter.write([ArchiveEntry("OEBPS/secret.xhtml", "<p>secret</p>")], to: path, passphrase: "password")
        let archive = try ZipArchive(path: path)
        XCTAssertThrowsError(try archive.data(ofEntry: "OEBPS/secret.xhtml", maximumBytes: 100)) { error in
            XCTAssertEqual(error as? EPUBError, .passwordProtected(name: "OEBPS/secret.xhtml"))
            XCTAssertEqual((error as? EPUBError)?.description, "its file 'OEBPS/secret.xhtml' is encrypted with a password")
        }
    }

    func testWorkersReadConcurrently() throws {
        let entries = (0..<16).map { index in ArchiveEntry("OEBPS/c\(index).xhtml", String(repeating: "chapter \(index) ", count: 5_000)) }
        let archive = try ZipArchive(path: try TestBooks.write(entries, self))
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 64) { iteration in
            let index = iteration % 16
            let expected = Array(String(repeating: "chapter \(index) ", count: 5_000).utf8)
            if (try? archive.data(ofEntry: "OEBPS/c\(index).xhtml", maximumBytes: 1 << 20)) != expected { failures.add(iteration) }
        }
        XCTAssertEqual(failures.count, 0)
    }

    /// A zip64 directory, written by hand: the sizes and the offset in the zip64 extra field,
    /// the directory's place in the zip64 end record.
    func testZip64DirectoryFieldsAreRead() throws {
        let path = temporaryPath(self)
        try HandWrittenZip.zip64(name: "OEBPS/a.txt", stored: Array("zip64 entry".utf8)).write(to: URL(fileURLWithPath: path))
        let archive = try ZipArchive(path: path)
        XCTAssertEqual(archive.entryNames, ["OEBPS/a.txt"])
        XCTAssertEqual(archive.uncompressedSize(ofEntry: "OEBPS/a.txt"), 11)
        XCTAssertEqual(try archive.data(ofEntry: "OEBPS/a.txt", maximumBytes: 100), Array("zip64 entry".utf8))
    }

    private func descriptor(of path: String) throws -> Int32 {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw ArchiveWriterError("cannot open \(path)") }
        addTeardownBlock { close(fd) }
        return fd
    }

    private func fileSize(of path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }
}

/// Iterations that failed, from any thread.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var failed: [Int] = []
    func add(_ iteration: Int) { lock.withLock { failed.append(iteration) } }
    var count: Int { lock.withLock { failed.count } }
}
