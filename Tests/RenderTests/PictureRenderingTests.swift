import CCairo
import DocumentKit
import Foundation
import ImageDecoding
import Render
import TestSupport
import TextKind
import XCTest

/// HTML's `<picture>` in a README (issue 29): its source for dark mode is the picture on a
/// dark page and is passed over on a light one.
final class PictureRenderingTests: XCTestCase {
    /// A directory holding 120×60 PNGs: `light.png` pure red, `dark.png` pure blue.
    private func imageDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (name, blue) in [("light.png", 0.0), ("dark.png", 1.0)] {
            let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 120, 60)!
            let cairo = cairo_create(surface)!
            cairo_set_source_rgb(cairo, 1 - blue, 0, blue)
            cairo_paint(cairo)
            cairo_destroy(cairo)
            XCTAssertEqual(cairo_surface_write_to_png(surface, directory + "/" + name), CAIRO_STATUS_SUCCESS)
            cairo_surface_destroy(surface)
        }
        return directory
    }

    private let readme = """
        <picture>
          <source media="(prefers-color-scheme: dark)" srcset="dark.png">
          <img src="light.png" alt="The logo">
        </picture>

        Text under the picture.
        """

    private func frame(palette: Palette, in directory: String) -> OffscreenFrame {
        let document = TextDocument(text: readme, isMarkdown: true, title: "t", baseDirectory: directory)
        let layout = DocumentLayout(document: document, palette: palette)
        _ = renderOnce(layout, width: 800, height: 300)
        layout.images.waitForDecodes()
        return renderOnce(layout, width: 800, height: 300)
    }

    private func isBlue(_ pixel: UInt32) -> Bool { pixel & 0xffffff == 0x0000ff }

    func testADarkPageShowsThePicturesDarkSourceAndALightPageItsImage() throws {
        let directory = try imageDirectory()
        let light = frame(palette: .light, in: directory)
        XCTAssertEqual(columns(of: light, where: isRed).count, 120, "the light page shows the <img>")
        XCTAssertEqual(rows(of: light, where: isRed).count, 60)
        XCTAssertEqual(columns(of: light, where: isBlue).count, 0, "and not the dark source")
        let dark = frame(palette: .dark, in: directory)
        XCTAssertEqual(columns(of: dark, where: isBlue).count, 120, "the dark page shows the dark source")
        XCTAssertEqual(rows(of: dark, where: isBlue).count, 60)
        XCTAssertEqual(columns(of: dark, where: isRed).count, 0, "and not the <img>")
    }
}
