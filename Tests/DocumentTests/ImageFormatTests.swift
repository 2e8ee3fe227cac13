import CCairo
import CGdkPixbuf
@testable import DocumentKit
import Foundation
@testable import ImageDecoding
import XCTest

/// Every format a reader meets decodes through the real decoder process and the installed
/// gdk-pixbuf loaders; vector images are rendered again at the size they are shown; an image
/// past the time budget is called too complex to show, and the store never waits for one.
final class ImageFormatTests: XCTestCase {
    private func path(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString)-\(name)").path
    }

    private func decoded(_ path: String, by store: ImageStore = ImageStore()) -> LoadedImage {
        _ = store.image(atPath: path)
        store.waitForDecodes()
        return store.image(atPath: path)
    }

    /// A 40×30 image, red on its left half and blue on its right, saved by gdk-pixbuf's
    /// saver for `type`.
    private func write(_ type: String, extension name: String) throws -> String {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 40, 30)!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        for y in 0..<30 {
            for x in 0..<40 {
                let pixel = pixels + y * stride + x * 3
                (pixel[0], pixel[1], pixel[2]) = x < 20 ? (255, 0, 0) : (0, 0, 255)
            }
        }
        let file = path("image.\(name)")
        var error: UnsafeMutablePointer<GError>?
        let saved = gdk_pixbuf_savev(pixbuf, file, type, nil, nil, &error)
        if let error { defer { g_error_free(error) }; throw SaveFailure(message: String(cString: error.pointee.message)) }
        XCTAssertNotEqual(saved, 0)
        return file
    }

    private struct SaveFailure: Error {
        let message: String
    }

    /// The colour at `x`, `y` of a decoded image, as 0xRRGGBB.
    private func color(of image: DecodedImage, x: Int, y: Int) -> UInt32 {
        cairo_surface_flush(image.surface)
        let data = cairo_image_surface_get_data(image.surface)!
        let stride = Int(cairo_image_surface_get_stride(image.surface))
        return (data + y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee } & 0xffffff
    }

    private func assertRedThenBlue(_ file: String, tolerance: UInt32 = 0, line: UInt = #line) {
        guard case .image(let image) = decoded(file) else { return XCTFail("\(file) not decoded", line: line) }
        XCTAssertEqual([image.width, image.height], [40, 30], line: line)
        let left = color(of: image, x: 5, y: 15), right = color(of: image, x: 35, y: 15)
        XCTAssertGreaterThanOrEqual(left >> 16, 255 - tolerance, String(left, radix: 16), line: line)
        XCTAssertGreaterThanOrEqual(right & 0xff, 255 - tolerance, String(right, radix: 16), line: line)
    }

    func testPNGJPEGTIFFBMPWebPAndAVIFDecode() throws {
        assertRedThenBlue(try write("png", extension: "png"))
        assertRedThenBlue(try write("tiff", extension: "tiff"))
        assertRedThenBlue(try write("bmp", extension: "bmp"))
        // Lossy formats blur the edge and shift colours a little.
        assertRedThenBlue(try write("jpeg", extension: "jpg"), tolerance: 40)
        assertRedThenBlue(try write("webp", extension: "webp"), tolerance: 40)
        assertRedThenBlue(try write("avif", extension: "avif"), tolerance: 40)
    }

    /// A 4×2 GIF of two frames, red then blue; gdk-pixbuf has no GIF saver, so it is encoded
    /// here (LZW with a clear code before every pixel keeps codes at 3 bits).
    private func writeTwoFrameGIF() throws -> String {
        var bytes = Array("GIF89a".utf8) + [4, 0, 2, 0, 0xF0, 0, 0]
        // Global colour table of 2 entries: red, blue.
        bytes += [255, 0, 0, 0, 0, 255]
        // Loop forever (NETSCAPE2.0), so it is an animation.
        bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        for index: UInt32 in [0, 1] {
            bytes += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]
            bytes += [0x2C, 0, 0, 0, 0, 4, 0, 2, 0, 0]
            // Minimum code size 2: clear = 4, end = 5, codes 3 bits wide.
            var bits: [UInt32] = []
            for _ in 0..<8 { bits += [4, index] }
            bits.append(5)
            var packed: [UInt8] = []
            var accumulator: UInt32 = 0, count: UInt32 = 0
            for code in bits {
                accumulator |= code << count
                count += 3
                while count >= 8 {
                    packed.append(UInt8(accumulator & 0xff))
                    accumulator >>= 8
                    count -= 8
                }
            }
            if count > 0 { packed.append(UInt8(accumulator & 0xff)) }
            bytes += [2, UInt8(packed.count)] + packed + [0]
        }
        bytes.append(0x3B)
        let file = path("two-frames.gif")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    func testAGIFShowsItsFirstFrame() throws {
        guard case .image(let image) = decoded(try writeTwoFrameGIF()) else { return XCTFail("not decoded") }
        XCTAssertEqual([image.width, image.height], [4, 2])
        XCTAssertEqual(color(of: image, x: 1, y: 1), 0xff0000, "the first frame is red")
    }

    private func writeSVG(_ body: String, width: Int = 100, height: Int = 50) throws -> String {
        let file = path("drawing.svg")
        try """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
            width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">\(body)</svg>
            """.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func testAnSVGIsRenderedAgainAtTheSizeItIsDrawn() throws {
        let file = try writeSVG("<rect width='100' height='50' fill='#00f'/><circle cx='25' cy='25' r='20' fill='red'/>")
        let store = ImageStore()
        guard case .image(let first) = decoded(file, by: store) else { return XCTFail("not decoded") }
        XCTAssertEqual([first.width, first.height], [100, 50], "its own size first")
        // About to be drawn 100×50 logical px zoomed 4×: 400×200 device px.
        first.noteShown(width: 100, height: 50, drawScale: 4)
        store.waitForDecodes()
        guard case .image(let sharp) = store.image(atPath: file) else { return XCTFail("lost") }
        XCTAssertEqual([sharp.width, sharp.height], [400, 200], "rendered at the device size")
        XCTAssertEqual(sharp.naturalSize, ImageSize(width: 100, height: 50), "laid out at its own size still")
    }

    func testARasterIsNotDecodedAgainWhenZoomed() throws {
        let file = try write("png", extension: "png")
        let store = ImageStore()
        guard case .image(let image) = decoded(file, by: store) else { return XCTFail("not decoded") }
        image.noteShown(width: 40, height: 30, drawScale: 4)
        XCTAssertFalse(store.isDecoding)
    }

    /// A large photo shown small is decoded again at the size shown, so drawing it does not
    /// average thousands of pixels into each one every frame.
    func testALargeRasterShownSmallIsDecodedAgainSmaller() throws {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 1200, 900)!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0x3366ccff)
        let file = path("large.png")
        var error: UnsafeMutablePointer<GError>?
        XCTAssertNotEqual(gdk_pixbuf_savev(pixbuf, file, "png", nil, nil, &error), 0)
        let store = ImageStore()
        guard case .image(let large) = decoded(file, by: store) else { return XCTFail("not decoded") }
        XCTAssertEqual(large.width, 1200)
        large.noteShown(width: 300, height: 225, drawScale: 1)
        store.waitForDecodes()
        guard case .image(let small) = store.image(atPath: file) else { return XCTFail("lost") }
        XCTAssertEqual([small.width, small.height], [300, 225])
        XCTAssertEqual(small.naturalSize, ImageSize(width: 1200, height: 900), "laid out at its own size still")
    }

    /// The red team's two-minute SVG, smaller: blurred circles cost seconds each to render.
    func testAnSVGPastTheBudgetIsTooComplexAndTheStoreNeverWaits() throws {
        let circles = (0..<40).map { "<circle cx='\($0 * 50)' cy='\($0 * 50)' r='400' fill='red' filter='url(#b)'/>" }
        let file = try writeSVG("<filter id='b'><feGaussianBlur stdDeviation='300'/></filter>" + circles.joined(),
                                width: 4000, height: 4000)
        let store = ImageStore()
        store.decodeBudgetSeconds = 0.5
        let asked = Date()
        guard case .pending = store.image(atPath: file) else { return XCTFail("answered before decoding") }
        XCTAssertLessThan(Date().timeIntervalSince(asked), 0.05, "asking never waits for the decoder")
        store.waitForDecodes()
        XCTAssertLessThan(Date().timeIntervalSince(asked), 3, "the decoder was stopped at the budget")
        guard case .failure(let reason) = store.image(atPath: file) else { return XCTFail("decoded a 2-minute SVG") }
        XCTAssertTrue(reason.hasPrefix("too complex to show"), reason)
    }

    func testThePendingImageGetsItsSizeBeforeItsPixels() throws {
        let file = try write("png", extension: "png")
        let store = ImageStore()
        var sizes: [ImageSize?] = []
        store.observeChanges { changed in
            if case .pending(let size) = store.image(atPath: changed) { sizes.append(size) }
        }
        _ = store.image(atPath: file)
        store.waitForDecodes()
        XCTAssertEqual(sizes, [ImageSize(width: 40, height: 30)])
        guard case .image = store.image(atPath: file) else { return XCTFail("not decoded") }
    }

    func testADirectoryAFIFOAndADeviceAreRefusedWithoutBlocking() throws {
        let fifo = path("fifo.png")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let directory = path("folder.png")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (file, expected) in [(fifo, "not a regular file"), ("/dev/zero", "not a regular file"),
                                 (directory, "it is a directory")] {
            guard case .failure(let reason) = decoded(file) else { return XCTFail("decoded \(file)") }
            XCTAssertEqual(reason, expected)
        }
    }
}
