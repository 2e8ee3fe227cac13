import CCairo
import Foundation
import Home
import Machinery
import TestSupport
import XCTest

/// The desktop's shared thumbnail cache as the freedesktop specification names and validates
/// it, and the home's use of it: a valid thumbnail is used whoever made it, a stale one is made
/// again, and one made is made once.
final class ThumbnailCacheTests: XCTestCase {
    private var folder = ""
    private var cache: ThumbnailCache!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("glide-thumbnail-cache-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/docs", withIntermediateDirectories: true)
        cache = ThumbnailCache(environment: ["XDG_CACHE_HOME": folder + "/cache", "HOME": "/nonexistent"], applicationVersion: "9.9")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The specification's own example (thumbnail-spec 0.9.0, "Thumbnail Saving"), and the
    /// MD5 `md5sum` gives for a URI with an escaped space.
    func testTheFileNameIsTheMD5OfTheURI() throws {
        XCTAssertEqual(ThumbnailCache.fileName(forURI: "file:///home/jens/photos/me.png"), "c6ee772d9e49320e97ec29a7eb5b1697.png")
        let uri = try XCTUnwrap(ThumbnailCache.uri(ofPath: "/tmp/a paper.pdf"))
        XCTAssertEqual(uri, "file:///tmp/a%20paper.pdf")
        let md5 = try ChildProcess.run("/bin/sh", ["-c", "printf %s \"$0\" | md5sum", uri])
        XCTAssertEqual(ThumbnailCache.fileName(forURI: uri), String(md5.output.prefix(32)) + ".png")
        XCTAssertEqual(cache.path(forURI: uri, size: .large), folder + "/cache/thumbnails/large/" + ThumbnailCache.fileName(forURI: uri))
        XCTAssertEqual(cache.failurePath(forURI: uri), folder + "/cache/thumbnails/fail/glide-9.9/" + ThumbnailCache.fileName(forURI: uri))
    }

    /// PNG's CRC-32 (the IEND chunk's is AE 42 60 82 in every PNG), and text chunks added to
    /// cairo's PNG are read back by cairo (libpng checks every chunk's CRC) and by Glide.
    func testTextChunksAreWrittenAsPNGWantsThem() throws {
        let png = onePixelPNG()
        XCTAssertNil(PNGText.texts(in: Array("not a png".utf8)))
        XCTAssertEqual(PNGText.texts(in: png), [:])
        let tagged = try XCTUnwrap(PNGText.adding([("Thumb::URI", "file:///x"), ("Thumb::MTime", "42")], to: png))
        XCTAssertEqual(PNGText.texts(in: tagged), ["Thumb::URI": "file:///x", "Thumb::MTime": "42"])
        XCTAssertEqual(Array(tagged.suffix(4)), [0xAE, 0x42, 0x60, 0x82])
        let path = folder + "/tagged.png"
        try Data(tagged).write(to: URL(fileURLWithPath: path))
        let surface = try XCTUnwrap(cairo_image_surface_create_from_png(path))
        defer { cairo_surface_destroy(surface) }
        XCTAssertEqual(cairo_surface_status(surface), CAIRO_STATUS_SUCCESS)
        let pngcheck = try ChildProcess.run("/usr/bin/python3", ["-c", """
            import sys, zlib, struct
            data = open(sys.argv[1], 'rb').read()[8:]
            while data:
                length, kind = struct.unpack('>I4s', data[:8])
                body, crc = data[8:8 + length], struct.unpack('>I', data[8 + length:12 + length])[0]
                assert zlib.crc32(kind + body) == crc, kind
                if kind == b'tEXt': print(body.replace(b'\\0', b'=').decode())
                data = data[12 + length:]
            """, path])
        XCTAssertEqual(pngcheck.status, 0, pngcheck.error)
        XCTAssertEqual(pngcheck.output, "Thumb::URI=file:///x\nThumb::MTime=42\n")
    }

    /// A thumbnail is valid only for its URI and while the file's modification time is the
    /// one it records; files are the reader's (0600 in 0700 folders).
    func testAStoredThumbnailIsValidOnlyWhileTheFileIsUnchanged() throws {
        let uri = "file:///docs/a.pdf"
        let path = try cache.store(onePixelPNG(), forURI: uri, modificationSeconds: 1_700_000_000, fileBytes: 1234, size: .large)
        let texts = try XCTUnwrap(PNGText.texts(in: Array(Data(contentsOf: URL(fileURLWithPath: path)))))
        XCTAssertEqual(texts["Thumb::URI"], uri)
        XCTAssertEqual(texts["Thumb::MTime"], "1700000000")
        XCTAssertEqual(texts["Thumb::Size"], "1234")
        XCTAssertNotNil(cache.validThumbnail(forURI: uri, modificationSeconds: 1_700_000_000))
        XCTAssertNil(cache.validThumbnail(forURI: uri, modificationSeconds: 1_700_000_001), "the file changed since")
        XCTAssertNil(cache.validThumbnail(forURI: "file:///docs/b.pdf", modificationSeconds: 1_700_000_000))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder + "/cache/thumbnails/large")[.posixPermissions] as? Int
        XCTAssertEqual(folderMode, 0o700)
        XCTAssertFalse(cache.hasFailed(uri: uri, modificationSeconds: 5))
        try cache.storeFailure(forURI: uri, modificationSeconds: 5)
        XCTAssertTrue(cache.hasFailed(uri: uri, modificationSeconds: 5))
        XCTAssertFalse(cache.hasFailed(uri: uri, modificationSeconds: 6), "a changed file is tried again")
    }

    /// A PDF's thumbnail that Files or Papers made (here: written as they write it) is used as
    /// it is: no thumbnailer runs (there is none at the path given).
    func testAValidThumbnailOfAnotherApplicationIsUsedAsItIs() throws {
        let pdf = folder + "/docs/paper.pdf"
        try Data("%PDF-1.4\n".utf8).write(to: URL(fileURLWithPath: pdf))
        let uri = try XCTUnwrap(ThumbnailCache.uri(ofPath: pdf))
        let modified = try modificationSeconds(pdf)
        let theirs = try XCTUnwrap(PNGText.adding([("Thumb::URI", uri), ("Thumb::MTime", String(modified)), ("Software", "GNOME::ThumbnailFactory")],
                                                  to: onePixelPNG()))
        try FileManager.default.createDirectory(atPath: folder + "/cache/thumbnails/normal", withIntermediateDirectories: true)
        try Data(theirs).write(to: URL(fileURLWithPath: cache.path(forURI: uri, size: .normal)))
        XCTAssertEqual(ThumbnailMaker.thumbnail(ofFileAt: pdf, cache: cache, thumbnailer: "/nonexistent/glide-thumbnailer"), .cached(theirs))
    }

    /// The real glide-thumbnailer makes a Markdown file's thumbnail once: the second look finds
    /// it in the cache (same file, same inode); after the file changes it is made again.
    func testGlidesThumbnailerMakesAThumbnailOnceAndAgainAfterTheFileChanges() throws {
        let thumbnailer = BuiltProducts.path(of: "glide-thumbnailer")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: thumbnailer), "the build makes glide-thumbnailer")
        let notes = folder + "/docs/notes.md"
        try "# Notes\n\nSome words to draw, enough to see ink on the page.\n".write(toFile: notes, atomically: true, encoding: .utf8)
        let uri = try XCTUnwrap(ThumbnailCache.uri(ofPath: notes))
        guard case .made(let png, let path) = ThumbnailMaker.thumbnail(ofFileAt: notes, cache: cache, thumbnailer: thumbnailer) else {
            return XCTFail("the thumbnailer made no thumbnail")
        }
        XCTAssertEqual(path, cache.path(forURI: uri, size: .large))
        XCTAssertTrue(ThumbnailCache.isValid(try Array(Data(contentsOf: URL(fileURLWithPath: path))), uri: uri,
                                             modificationSeconds: try modificationSeconds(notes)))
        let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        XCTAssertEqual(ThumbnailMaker.thumbnail(ofFileAt: notes, cache: cache, thumbnailer: "/nonexistent/glide-thumbnailer"),
                       .cached(try Array(Data(contentsOf: URL(fileURLWithPath: path)))))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int, inode, "made once")
        XCTAssertGreaterThan(png.count, 100)
        // One second on, so the modification time in whole seconds differs.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: notes)
        guard case .made = ThumbnailMaker.thumbnail(ofFileAt: notes, cache: cache, thumbnailer: thumbnailer) else {
            return XCTFail("a stale thumbnail was used")
        }
    }

    /// A file the thumbnailer cannot draw is recorded under fail/glide-VERSION and not tried
    /// again while it is unchanged.
    func testAFailureIsRecordedAndNotTriedAgain() throws {
        let binary = folder + "/docs/blob.md"
        try Data([0x7F, 0x45, 0x4C, 0x46] + [UInt8](repeating: 0, count: 4096)).write(to: URL(fileURLWithPath: binary))
        let uri = try XCTUnwrap(ThumbnailCache.uri(ofPath: binary))
        XCTAssertEqual(ThumbnailMaker.thumbnail(ofFileAt: binary, cache: cache, thumbnailer: BuiltProducts.path(of: "glide-thumbnailer")), .none)
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache.failurePath(forURI: uri)))
        XCTAssertTrue(cache.hasFailed(uri: uri, modificationSeconds: try modificationSeconds(binary)))
    }

    private func modificationSeconds(_ path: String) throws -> Int64 {
        var status = stat()
        XCTAssertEqual(stat(path, &status), 0)
        return Int64(status.st_mtim.tv_sec)
    }

    private func onePixelPNG() -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 2, 3)!
        defer { cairo_surface_destroy(surface) }
        let path = folder + "/pixel-\(UUID().uuidString).png"
        cairo_surface_write_to_png(surface, path)
        return (try? Array(Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
    }
}
