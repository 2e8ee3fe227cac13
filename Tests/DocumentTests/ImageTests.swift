import CCairo
import CGdkPixbuf
@testable import DocumentKit
import Foundation
@testable import ImageDecoding
import XCTest

/// Decoding images: formats, EXIF orientation, and every way an image can fail.
final class ImageTests: XCTestCase {
    private func path(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString)-\(name)").path
    }

    /// A `width`×`height` PNG of pseudo-random colours (so it does not compress to nothing).
    private func writePNG(width: Int, height: Int) -> String {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let data = cairo_image_surface_get_data(surface)!
        var seed: UInt32 = 1
        for index in 0..<Int(cairo_image_surface_get_stride(surface)) * height {
            seed = seed &* 1_103_515_245 &+ 12345
            data[index] = UInt8(truncatingIfNeeded: seed >> 16)
        }
        cairo_surface_mark_dirty(surface)
        let file = path("image.png")
        XCTAssertEqual(cairo_surface_write_to_png(surface, file), CAIRO_STATUS_SUCCESS)
        return file
    }

    /// A red 40×20 JPEG whose EXIF orientation (6) says: turn 90° clockwise to show.
    private func writeSidewaysJPEG() throws -> String {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 40, 20)!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0xff0000ff)
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        XCTAssertNotEqual(gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "jpeg", nil, nil, &error), 0)
        defer { g_free(buffer) }
        var jpeg = Array(UnsafeRawBufferPointer(start: buffer, count: Int(size)))
        // APP1 "Exif": a little-endian TIFF header and one IFD entry, Orientation (0x0112) = 6.
        let exif: [UInt8] = [0xFF, 0xE1, 0x00, 0x22] + Array("Exif".utf8) + [0, 0]
            + [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00]
            + [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00] + [0, 0, 0, 0]
        jpeg.insert(contentsOf: exif, at: 2)
        let file = path("sideways.jpg")
        try Data(jpeg).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// What `store` gives for `path` once its decoder has finished.
    private func decoded(_ path: String, by store: ImageStore = ImageStore()) -> LoadedImage {
        _ = store.image(atPath: path)
        store.waitForDecodes()
        return store.image(atPath: path)
    }

    func testAPNGDecodesAtItsSize() {
        guard case .image(let image) = decoded(writePNG(width: 30, height: 20)) else {
            return XCTFail("not decoded")
        }
        XCTAssertEqual([image.width, image.height], [30, 20])
    }

    func testAJPEGIsTurnedUprightByItsEXIFOrientation() throws {
        guard case .image(let image) = decoded(try writeSidewaysJPEG()) else {
            return XCTFail("not decoded")
        }
        XCTAssertEqual([image.width, image.height], [20, 40])
    }

    func testACorruptFileGivesAReason() throws {
        let file = path("corrupt.png")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: file))
        guard case .failure(let reason) = decoded(file) else { return XCTFail("decoded garbage") }
        XCTAssertEqual(reason, "not an image format gdk-pixbuf can read")
    }

    func testATruncatedPNGGivesTheDecodersReason() throws {
        let file = writePNG(width: 200, height: 200)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: file))
        guard case .failure(let reason) = decoded(file) else { return XCTFail("decoded half a file") }
        XCTAssertFalse(reason.isEmpty)
    }

    func testAnImageOverTheMemoryBudgetIsRefusedBeforeDecoding() {
        let store = ImageStore()
        store.budgetBytes = 100 * 100 * 4
        guard case .failure(let reason) = decoded(writePNG(width: 200, height: 100), by: store) else {
            return XCTFail("decoded over budget")
        }
        XCTAssertTrue(reason.hasPrefix("200×100 px would need"), reason)
        XCTAssertTrue(reason.hasSuffix("budget"), reason)
    }

    func testAMissingImageSaysWhy() {
        guard case .failure(let reason) = decoded("/nonexistent/x.png") else { return XCTFail() }
        XCTAssertEqual(reason, "No such file or directory")
    }

    func testTheCacheKeepsToItsCapacity() {
        let store = ImageStore()
        store.cacheCapacityBytes = 3 * 100 * 100 * 4
        for _ in 0..<10 { _ = decoded(writePNG(width: 100, height: 100), by: store) }
        XCTAssertLessThanOrEqual(store.cachedBytes, store.cacheCapacityBytes)
        XCTAssertGreaterThan(store.cachedBytes, 0)
    }
}
