import CCairo
import CGdkPixbuf
@testable import DocumentKit
import Foundation
@testable import ImageDecoding
import XCTest

/// Images served as bytes in memory, as a book's kind serves the entries of its zip (issue 24),
/// and how the decoder takes them.
final class MemoryImageSource: ImageBytesSource, @unchecked Sendable {
    private let images: [String: [UInt8]]
    private let lock = NSLock()
    private var requests: [(key: String, maximumBytes: Int, isMainThread: Bool)] = []

    init(_ images: [String: [UInt8]]) {
        self.images = images
    }

    /// Everything it holds for `key`, however many bytes it was asked for at most (so a test can
    /// see the store refuse too many).
    func bytes(ofImage key: String, maximumBytes: Int) throws(ImageBytesError) -> [UInt8] {
        lock.withLock { requests.append((key, maximumBytes, Thread.isMainThread)) }
        guard let bytes = images[key] else { throw ImageBytesError("no entry '\(key)' in the book") }
        return bytes
    }

    /// The requests so far.
    var asked: [(key: String, maximumBytes: Int, isMainThread: Bool)] { lock.withLock { requests } }
}

/// Images made in memory, never written to a file.
enum MemoryImages {
    /// A `width`×`height` image of pseudo-random colours (so it does not compress to nothing),
    /// or of one colour, encoded by gdk-pixbuf's saver for `type` (`png`, `jpeg`).
    static func encoded(_ type: String, width: Int, height: Int, rgba: UInt32? = nil) -> [UInt8] {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height))!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        if let rgba {
            gdk_pixbuf_fill(pixbuf, rgba)
        } else {
            let pixels = gdk_pixbuf_get_pixels(pixbuf)!
            var seed: UInt32 = 1
            for index in 0..<Int(gdk_pixbuf_get_rowstride(pixbuf)) * (height - 1) + width * 3 {
                seed = seed &* 1_103_515_245 &+ 12345
                pixels[index] = UInt8(truncatingIfNeeded: seed >> 16)
            }
        }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, type, nil, nil, &error) != 0 else {
            if let error { g_error_free(error) }
            return []
        }
        defer { g_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: Int(size)))
    }

    /// A 2×2 GIF of one red frame (gdk-pixbuf has no GIF saver; LZW with a clear code before
    /// every pixel keeps codes at 3 bits).
    static let redGIF: [UInt8] = {
        var bytes = Array("GIF89a".utf8) + [2, 0, 2, 0, 0xF0, 0, 0] + [255, 0, 0, 0, 0, 255]
        bytes += [0x2C, 0, 0, 0, 0, 2, 0, 2, 0, 0]
        var packed: [UInt8] = []
        var accumulator: UInt32 = 0, count: UInt32 = 0
        for code: UInt32 in [4, 0, 4, 0, 4, 0, 4, 0, 5] {
            accumulator |= code << count
            count += 3
            while count >= 8 {
                packed.append(UInt8(accumulator & 0xff))
                accumulator >>= 8
                count -= 8
            }
        }
        if count > 0 { packed.append(UInt8(accumulator & 0xff)) }
        return bytes + [2, UInt8(packed.count)] + packed + [0, 0x3B]
    }()

    /// A 40×20 SVG whose left half is a red square, after an XML declaration.
    static let halfRedSVG = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="20" height="20" fill="red"/></svg>
        """.utf8)
}

/// Runs `body` with the working directory and `TMPDIR` an empty directory of their own, which
/// the decoder processes inherit; returns the names of what was written there, or says that a
/// file was made and removed (the directory's modification time moved).
func filesWritten(during body: () throws -> Void) rethrows -> [String] {
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

/// An image store that reads its images from an `ImageBytesSource`: every format a book holds
/// decodes from memory, in the budgeted decoder process, and every failure is a reason in words.
final class ImageBytesSourceTests: XCTestCase {
    private func decoded(_ key: String, by store: ImageStore) -> LoadedImage {
        _ = store.image(atPath: key)
        store.waitForDecodes()
        return store.image(atPath: key)
    }

    /// The colour at `x`, `y` of a decoded image, as 0xRRGGBB.
    private func color(of image: DecodedImage, x: Int, y: Int) -> UInt32 {
        cairo_surface_flush(image.surface)
        let data = cairo_image_surface_get_data(image.surface)!
        let stride = Int(cairo_image_surface_get_stride(image.surface))
        return (data + y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee } & 0xffffff
    }

    func testPNGJPEGGIFAndSVGDecodeFromBytesWithNothingWrittenToDisk() throws {
        let source = MemoryImageSource([
            "OEBPS/images/red.png": MemoryImages.encoded("png", width: 30, height: 20, rgba: 0xff0000ff),
            "OEBPS/images/red.jpg": MemoryImages.encoded("jpeg", width: 32, height: 16, rgba: 0xff0000ff),
            "OEBPS/images/red.gif": MemoryImages.redGIF,
            // No name says what it is: the decoder tells the format from the bytes.
            "OEBPS/images/drawing": MemoryImages.halfRedSVG,
        ])
        let store = ImageStore(bytesSource: source)
        var results: [String: LoadedImage] = [:]
        let written = filesWritten {
            for key in ["OEBPS/images/red.png", "OEBPS/images/red.jpg", "OEBPS/images/red.gif", "OEBPS/images/drawing"] {
                _ = store.image(atPath: key)
            }
            store.waitForDecodes()
            for key in ["OEBPS/images/red.png", "OEBPS/images/red.jpg", "OEBPS/images/red.gif", "OEBPS/images/drawing"] {
                results[key] = store.image(atPath: key)
            }
        }
        XCTAssertEqual(written, [], "nothing is unpacked to disk")
        let expected: [(String, [Int])] = [("OEBPS/images/red.png", [30, 20]), ("OEBPS/images/red.jpg", [32, 16]),
                                           ("OEBPS/images/red.gif", [2, 2]), ("OEBPS/images/drawing", [40, 20])]
        for (key, size) in expected {
            guard case .image(let image)? = results[key] else { XCTFail("\(key): \(String(describing: results[key]))"); continue }
            XCTAssertEqual([image.width, image.height], size, key)
            // JPEG shifts colours a little.
            XCTAssertGreaterThan(color(of: image, x: 1, y: 1) >> 16, 0xe0, key)
            XCTAssertLessThan(color(of: image, x: 1, y: 1) & 0xffff, 0x2020, key)
        }
        guard case .image(let drawing)? = results["OEBPS/images/drawing"] else { return }
        XCTAssertEqual(color(of: drawing, x: 30, y: 10), 0, "the SVG's right half is transparent")
        XCTAssertTrue(source.asked.allSatisfy { !$0.isMainThread }, "the bytes are read on a decoding thread")
        XCTAssertEqual(Set(source.asked.map(\.maximumBytes)), [64 << 20])
    }

    /// A vector image read from bytes is rendered again at the size it is drawn, the bytes read
    /// again from the source.
    func testAnSVGFromBytesIsRenderedAgainAtTheSizeItIsDrawn() {
        let source = MemoryImageSource(["drawing.svg": MemoryImages.halfRedSVG])
        let store = ImageStore(bytesSource: source)
        guard case .image(let first) = decoded("drawing.svg", by: store) else { return XCTFail("not decoded") }
        XCTAssertEqual([first.width, first.height], [40, 20])
        first.noteShown(width: 40, height: 20, drawScale: 3)
        store.waitForDecodes()
        guard case .image(let sharp) = store.image(atPath: "drawing.svg") else { return XCTFail("lost") }
        XCTAssertEqual([sharp.width, sharp.height], [120, 60])
        XCTAssertEqual(source.asked.count, 2)
    }

    func testAKeyTheSourceDoesNotKnowShowsItsReason() {
        let store = ImageStore(bytesSource: MemoryImageSource([:]))
        guard case .failure(let reason) = decoded("OEBPS/missing.png", by: store) else { return XCTFail("decoded nothing") }
        XCTAssertEqual(reason, "no entry 'OEBPS/missing.png' in the book")
    }

    func testASourceThatGivesMoreThanItWasAskedForIsRefused() {
        let store = ImageStore(bytesSource: MemoryImageSource(["big.png": MemoryImages.encoded("png", width: 700, height: 700)]))
        store.maximumEncodedBytes = 1 << 20
        guard case .failure(let reason) = decoded("big.png", by: store) else { return XCTFail("decoded too many bytes") }
        XCTAssertEqual(reason, "larger than the 1 MB an image may have")
    }

    func testGarbageBytesAreNotAnImage() {
        let garbage = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        let store = ImageStore(bytesSource: MemoryImageSource(["OEBPS/garbage.png": garbage, "empty.png": []]))
        for key in ["OEBPS/garbage.png", "empty.png"] {
            guard case .failure(let reason) = decoded(key, by: store) else { return XCTFail("decoded \(key)") }
            XCTAssertEqual(reason, "not an image format gdk-pixbuf can read", key)
        }
    }

    func testATruncatedPNGGivesTheDecodersReasonNamingTheKey() {
        let png = MemoryImages.encoded("png", width: 200, height: 200)
        let store = ImageStore(bytesSource: MemoryImageSource(["half.png": Array(png.prefix(png.count / 2))]))
        guard case .failure(let reason) = decoded("half.png", by: store) else { return XCTFail("decoded half a file") }
        // gdk-pixbuf names the file it opened (`Failed to load image “/proc/self/fd/0”: …`).
        XCTAssertTrue(reason.contains("“half.png”"), reason)
        XCTAssertFalse(reason.contains("/proc/self"), reason)
    }

    func testAnImageFromBytesOverTheMemoryBudgetIsRefusedBeforeDecoding() {
        let store = ImageStore(bytesSource: MemoryImageSource(["wide.png": MemoryImages.encoded("png", width: 200, height: 100)]))
        store.budgetBytes = 100 * 100 * 4
        guard case .failure(let reason) = decoded("wide.png", by: store) else { return XCTFail("decoded over budget") }
        XCTAssertTrue(reason.hasPrefix("200×100 px would need"), reason)
        XCTAssertTrue(reason.hasSuffix("budget"), reason)
    }

    /// The red team's SVG that blurs for seconds, from bytes: stopped at the time budget.
    func testAnSVGFromBytesPastTheTimeBudgetIsTooComplex() {
        let circles = (0..<40).map { "<circle cx='\($0 * 50)' cy='\($0 * 50)' r='400' fill='red' filter='url(#b)'/>" }
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='4000' height='4000'><filter id='b'>"
            + "<feGaussianBlur stdDeviation='300'/></filter>" + circles.joined() + "</svg>"
        let store = ImageStore(bytesSource: MemoryImageSource(["blur.svg": Array(svg.utf8)]))
        store.decodeBudgetSeconds = 0.5
        guard case .failure(let reason) = decoded("blur.svg", by: store) else { return XCTFail("decoded a slow SVG") }
        XCTAssertTrue(reason.hasPrefix("too complex to show"), reason)
    }
}
