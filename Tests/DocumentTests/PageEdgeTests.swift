import CCairo
import DocumentKit
@testable import PageKit
import XCTest

/// A document page's hairline edge (issue 26: drawn in bands of whole device pixels, so cairo
/// composites only the pixels near the edge): bit for bit the one stroke it stands for, at
/// whole and fractional scales, page edges inside device pixels, offsets and a clip.
final class PageEdgeTests: XCTestCase {
    /// The pixels of a 300×240 device px white surface with `draw` run at `scale` and `offset`
    /// (device px) under `clip` (device px), if any.
    private func pixels(scale: Double, offset: (x: Double, y: Double), clip: (Double, Double, Double, Double)?,
                        _ draw: (OpaquePointer) -> Void) -> [UInt32] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 300, 240)!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        if let clip {
            cairo_rectangle(cairo, clip.0, clip.1, clip.2, clip.3)
            cairo_clip(cairo)
        }
        cairo_translate(cairo, offset.x, offset.y)
        cairo_scale(cairo, scale, scale)
        draw(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!, stride = Int(cairo_image_surface_get_stride(surface))
        return (0..<240).flatMap { y in
            (0..<300).map { x in UnsafeRawPointer(data).load(fromByteOffset: y * stride + x * 4, as: UInt32.self) }
        }
    }

    func testTheEdgeIsTheStrokeItStandsForBitForBit() {
        let palette = Palette.light
        let colour = palette.secondaryText
        let cases: [(rect: ContentRect, scale: Double, offset: (x: Double, y: Double), clip: (Double, Double, Double, Double)?)] = [
            (ContentRect(x: 15, y: 4, width: 60.5, height: 78), 2, (0, 0), nil),
            (ContentRect(x: 15, y: 4, width: 60.9, height: 78.3), 2, (-7, 3), nil),
            (ContentRect(x: 9, y: 9, width: 100.4, height: 120.7), 1.25, (0, -2), nil),
            (ContentRect(x: 21.3, y: 10.6, width: 150.2, height: 150.9), 1, (0.5, 0), nil),
            (ContentRect(x: 15, y: 4, width: 60.5, height: 78), 2, (0, 0), (0, 40, 300, 37)),
            (ContentRect(x: 40, y: 40, width: 0.6, height: 30), 2, (0, 0), nil),
        ]
        for (index, test) in cases.enumerated() {
            let banded = pixels(scale: test.scale, offset: test.offset, clip: test.clip) { cairo in
                PageScheduler.drawEdge(of: test.rect, palette: palette, on: cairo)
            }
            let stroked = pixels(scale: test.scale, offset: test.offset, clip: test.clip) { cairo in
                cairo_set_source_rgba(cairo, colour.red, colour.green, colour.blue, 0.35)
                cairo_set_line_width(cairo, 1)
                cairo_rectangle(cairo, test.rect.x - 0.5, test.rect.y - 0.5, test.rect.width + 1, test.rect.height + 1)
                cairo_stroke(cairo)
            }
            XCTAssertGreaterThan(stroked.filter { $0 != 0xffff_ffff }.count, 50, "case \(index): an edge is drawn")
            XCTAssertEqual(zip(banded, stroked).filter { $0 != $1 }.count, 0, "case \(index): pixels unlike the stroke's")
        }
    }
}
