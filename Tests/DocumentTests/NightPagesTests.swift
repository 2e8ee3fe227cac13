import CCairo
import CPixels
@testable import DocumentKit
import Foundation
@testable import ImageDecoding
import PageKit
import XCTest

/// Night pages where the pixels are made (issue 26): the lightness inversion itself, the page
/// scheduler asking for pages again when they are turned on or off (old pixels drawn until the
/// new ones arrive), and images decoded inverted by their decoder processes.
final class NightPagesTests: XCTestCase {
    // MARK: The inversion

    private func inverted(_ rgb: UInt32) -> UInt32 {
        var word = 0xff00_0000 | rgb
        NightPixels.invertLightness(&word, count: 1)
        return word
    }

    func testLightnessIsInvertedAndHueAndAlphaAreKept() {
        XCTAssertEqual(inverted(0xFFFFFF), 0xff00_0000, "paper turns black")
        XCTAssertEqual(inverted(0x000000), 0xffff_ffff, "ink turns white")
        XCTAssertEqual(inverted(0x808080), 0xff7f_7f7f, "mid grey stays mid grey")
        XCTAssertEqual(inverted(0xFF0000), 0xffff_0000, "pure red has lightness 0.5: unchanged")
        XCTAssertEqual(inverted(0x800000), 0xffff_7f7f, "a dark red turns a light red, still red")
        XCTAssertEqual(inverted(0xD91A1A), 0xffe5_2626, "the figure's red stays as red")
        var word: UInt32 = 0x12FF_FFFF
        NightPixels.invertLightness(&word, count: 1)
        XCTAssertEqual(word, 0x1200_0000, "the top byte is kept")
    }

    func testInvertingTwiceGivesThePixelsBack() {
        var seed: UInt32 = 7
        var pixels = (0..<4096).map { _ -> UInt32 in
            seed = seed &* 1_103_515_245 &+ 12345
            return 0xff00_0000 | (seed >> 8)
        }
        let original = pixels
        pixels.withUnsafeMutableBytes { NightPixels.invertLightness($0.baseAddress!, count: 4096) }
        XCTAssertNotEqual(pixels, original)
        pixels.withUnsafeMutableBytes { NightPixels.invertLightness($0.baseAddress!, count: 4096) }
        XCTAssertEqual(pixels, original, "max + min of the inverted channels is 510 − (max + min)")
    }

    /// The definition, one channel at a time in HSL terms: lightness L = (max + min) / 2 becomes
    /// 1 − L with max − min and the hue kept.
    private func definition(_ pixel: UInt32) -> UInt32 {
        let channels = [(pixel >> 16) & 0xff, (pixel >> 8) & 0xff, pixel & 0xff].map { Int($0) }
        let shift = 255 - channels.max()! - channels.min()!
        let moved = channels.map { UInt32($0 + shift) }
        return (pixel & 0xff00_0000) | moved[0] << 16 | moved[1] << 8 | moved[2]
    }

    func testEveryVectorWidthGivesTheDefinitionsPixelsUpToTheLastOne() {
        var seed: UInt32 = 11
        // Not a multiple of 4 or 8, so the vector loops leave a tail; greys, the extremes and
        // pixels with any top byte among them.
        let count = 1_027
        let original = (0..<count).map { index -> UInt32 in
            seed = seed &* 1_103_515_245 &+ 12345
            switch index % 7 {
            case 0: return 0xffff_ffff
            case 1: return 0xff00_0000
            case 2: return 0xff00_0000 | (seed >> 24) * 0x01_0101
            default: return seed
            }
        }
        let expected = original.map(definition)
        var widths: [UInt32] = []
        for width: UInt32 in [1, 4, 8] {
            var pixels = original
            guard pixels.withUnsafeMutableBufferPointer({ glide_invert_lightness_at_width($0.baseAddress!, count, width) })
            else { continue }
            widths.append(width)
            XCTAssertEqual(pixels, expected, "\(width) pixels at a time")
        }
        XCTAssertTrue(widths.contains(1), "the one-at-a-time loop runs everywhere")
        var pixels = original
        pixels.withUnsafeMutableBytes { NightPixels.invertLightness($0.baseAddress!, count: count) }
        XCTAssertEqual(pixels, expected, "the widest this processor has")
        XCTAssertFalse(original.withUnsafeBufferPointer { source in
            var copy = Array(source)
            return copy.withUnsafeMutableBufferPointer { glide_invert_lightness_at_width($0.baseAddress!, count, 3) }
        }, "no width of 3")
    }

    // MARK: The scheduler

    /// A renderer's pixels for `job`, one colour, drawn as night pages or not.
    private func result(_ job: PageRenderJob, night: Bool, rgb: UInt32) -> PageRenderResult {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 4, 4)!
        let data = cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: 16) { $0 }
        for index in 0..<16 { data[index] = rgb }
        cairo_surface_mark_dirty(surface)
        var result = PageRenderResult(job: job, pixels: PagePixels(surface: surface, width: 4, height: 4, invertsLightness: night))
        result.invertsLightness = night
        return result
    }

    func testTurningNightPagesOnAsksForEveryPageAgainAndKeepsTheOldPixelsUntilTheNewArrive() throws {
        let layout = PageColumnGeometry(pageCount: 1), scheduler = PageScheduler()
        let visible = ContentRect(x: 0, y: 0, width: 600, height: 800)
        scheduler.drawScale = 1
        let first = try XCTUnwrap(scheduler.jobs(for: visible, margin: 0, in: layout))
        for job in first { _ = scheduler.receive(result(job, night: false, rgb: 0xFFFFFF), in: layout) }
        XCTAssertEqual(scheduler.jobs(for: visible, margin: 0, in: layout) ?? [], [], "everything is there: nothing more to ask")
        XCTAssertEqual(scheduler.missingVisibleCount, 0)

        layout.palette = .dark
        let again = try XCTUnwrap(scheduler.jobs(for: visible, margin: 0, in: layout), "night pages ask for the pages again")
        XCTAssertEqual(Set(again), Set(first))
        XCTAssertTrue(scheduler.invertsLightness)
        XCTAssertEqual(scheduler.missingVisibleCount, first.count)
        XCTAssertNotNil(scheduler.previews.pixels(.preview(page: 0)), "the day pixels stay to be drawn meanwhile")

        // A day render still on its way when the toggle came is dropped; the night one is kept.
        _ = scheduler.receive(result(.preview(page: 0), night: false, rgb: 0xFFFFFF), in: layout)
        XCTAssertFalse(scheduler.previews.contains(.preview(page: 0), invertsLightness: true))
        for job in again { _ = scheduler.receive(result(job, night: true, rgb: 0x000000), in: layout) }
        XCTAssertTrue(scheduler.previews.contains(.preview(page: 0), invertsLightness: true))
        XCTAssertEqual(scheduler.jobs(for: visible, margin: 0, in: layout) ?? [], [])
        XCTAssertEqual(scheduler.missingVisibleCount, 0)

        layout.palette = .light
        XCTAssertEqual(Set(try XCTUnwrap(scheduler.jobs(for: visible, margin: 0, in: layout))), Set(first), "and back")
    }

    // MARK: Images

    /// A 20×10 PNG: white on the left, the figure's red on the right, a transparent last row.
    private func writePNG() -> String {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 20, 10)!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_rectangle(cairo, 0, 0, 10, 9)
        cairo_fill(cairo)
        cairo_set_source_rgb(cairo, 0.85, 0.1, 0.1)
        cairo_rectangle(cairo, 10, 0, 10, 9)
        cairo_fill(cairo)
        cairo_destroy(cairo)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-night-\(UUID().uuidString).png").path
        XCTAssertEqual(cairo_surface_write_to_png(surface, path), CAIRO_STATUS_SUCCESS)
        return path
    }

    private func pixel(_ image: DecodedImage, x: Int, y: Int) -> UInt32 {
        cairo_surface_flush(image.surface)
        let data = cairo_image_surface_get_data(image.surface)!
        let stride = Int(cairo_image_surface_get_stride(image.surface))
        return UnsafeRawPointer(data).load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    func testImagesAreDecodedInvertedAndDecodedAgainWhenNightPagesAreTurnedOff() throws {
        let path = writePNG()
        defer { unlink(path) }
        let store = ImageStore()
        store.invertsLightness = true
        _ = store.image(atPath: path)
        store.waitForDecodes()
        guard case .image(let night) = store.image(atPath: path) else { return XCTFail("not decoded: \(store.image(atPath: path))") }
        XCTAssertEqual(pixel(night, x: 2, y: 2), 0xff00_0000, "white turns black")
        let red = pixel(night, x: 15, y: 2)
        XCTAssertGreaterThan((red >> 16) & 0xff, 0xc0, "the red stays red: \(String(red, radix: 16))")
        XCTAssertLessThan((red >> 8) & 0xff, 0x40)
        XCTAssertEqual(pixel(night, x: 2, y: 9), 0, "a transparent pixel stays transparent")

        store.invertsLightness = false
        guard case .image(let shown) = store.image(atPath: path) else { return XCTFail("the night image is shown until the day one arrives") }
        XCTAssertTrue(shown === night)
        store.waitForDecodes()
        guard case .image(let day) = store.image(atPath: path) else { return XCTFail("not decoded again") }
        XCTAssertEqual(pixel(day, x: 2, y: 2), 0xffff_ffff)
    }
}
