import CCairo
import Foundation
@testable import ImageDecoding
import XCTest

/// An SVG is known by its root element when gdk-pixbuf's sniffing, which looks only at its first
/// 256 bytes, does not know it: after a licence comment, from bytes with no name.
final class SVGSniffingTests: XCTestCase {
    private let licence = "<!--\n" + String(repeating: "  Licensed under the Apache License; see LICENSE.txt.\n", count: 12) + "-->\n"

    private func svg(after prolog: String, width: Int = 40, height: Int = 20) -> [UInt8] {
        Array((prolog + "<svg xmlns='http://www.w3.org/2000/svg' width='\(width)' height='\(height)' viewBox='0 0 40 20'>"
            + "<rect width='20' height='20' fill='red'/></svg>").utf8)
    }

    func testTheRootElementDecides() {
        let cases: [(String, Bool)] = [
            ("<svg width='1'/>", true),
            ("\u{FEFF}<?xml version='1.0'?>\n<svg/>", true),
            ("<?xml version='1.0'?>\(licence)<!DOCTYPE svg PUBLIC '-//W3C//DTD SVG 1.1//EN' 'x.dtd'>\n<svg>", true),
            ("<!DOCTYPE svg [ <!ENTITY a '<b>'> ]><svg:svg xmlns:svg='http://www.w3.org/2000/svg'>", true),
            ("<?xml version='1.0'?>\(licence)<html><svg/></html>", false),
            ("<svgx/>", false),
            ("<!-- never closed <svg/>", false),
            ("text <svg/>", false),
            ("", false),
            (String(repeating: " ", count: SVGSniffing.reachBytes) + "<svg/>", false),
        ]
        for (text, isSVG) in cases {
            XCTAssertEqual(SVGSniffing.isSVG(Array(text.utf8)), isSVG, String(text.prefix(80)))
        }
    }

    private func decoded(_ key: String, from bytes: [UInt8], by store: ImageStore? = nil) -> LoadedImage {
        let store = store ?? ImageStore(bytesSource: MemoryImageSource([key: bytes]))
        _ = store.image(atPath: key)
        store.waitForDecodes()
        return store.image(atPath: key)
    }

    private func color(of image: DecodedImage, x: Int, y: Int) -> UInt32 {
        cairo_surface_flush(image.surface)
        let data = cairo_image_surface_get_data(image.surface)!
        let stride = Int(cairo_image_surface_get_stride(image.surface))
        return (data + y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
    }

    func testAnSVGAfterALicenceDecodesFromBytesAndIsRenderedAgainWhenZoomed() {
        let store = ImageStore(bytesSource: MemoryImageSource(["icon": svg(after: "<?xml version='1.0'?>\n" + licence)]))
        guard case .image(let image) = decoded("icon", from: [], by: store) else { return XCTFail("not decoded") }
        XCTAssertEqual([image.width, image.height], [40, 20])
        XCTAssertEqual(color(of: image, x: 5, y: 10), 0xffff0000, "red on the left")
        XCTAssertEqual(color(of: image, x: 35, y: 10), 0, "nothing on the right")
        image.noteShown(width: 40, height: 20, drawScale: 3)
        store.waitForDecodes()
        guard case .image(let sharp) = store.image(atPath: "icon") else { return XCTFail("lost") }
        XCTAssertEqual([sharp.width, sharp.height], [120, 60], "rendered at the size shown")
        XCTAssertEqual(sharp.naturalSize, ImageSize(width: 40, height: 20))
    }

    func testALargeSVGAfterALicenceIsRenderedAtTheLargestSide() {
        guard case .image(let image) = decoded("large.svg", from: svg(after: licence, width: 5000, height: 2500)) else {
            return XCTFail("not decoded")
        }
        XCTAssertEqual([image.width, image.height], [2560, 1280])
        XCTAssertEqual(image.naturalSize, ImageSize(width: 5000, height: 2500))
    }

    func testAnSVGFileAfterALicenceDecodesToo() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString)-icon.svg").path
        try Data(svg(after: licence)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = ImageStore()
        _ = store.image(atPath: path)
        store.waitForDecodes()
        guard case .image(let image) = store.image(atPath: path) else { return XCTFail("not decoded") }
        XCTAssertEqual([image.width, image.height], [40, 20])
    }

    func testOtherXMLAfterALicenceAndABrokenSVGAreRefusedWithAReason() {
        guard case .failure(let notSVG) = decoded("page", from: Array("<?xml version='1.0'?>\(licence)<html/>".utf8)) else {
            return XCTFail("decoded HTML")
        }
        XCTAssertEqual(notSVG, "not an image format gdk-pixbuf can read")
        guard case .failure(let broken) = decoded("broken", from: Array("\(licence)<svg xmlns='http://www.w3.org/2000/svg' width='4".utf8)) else {
            return XCTFail("decoded half an SVG")
        }
        XCTAssertFalse(broken.isEmpty)
    }
}
