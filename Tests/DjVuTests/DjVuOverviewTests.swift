import CCairo
import DjVuKind
import DocumentKit
import Foundation
import KindRegistry
import Machinery
import TestSupport
import XCTest

/// A DjVu document's overview, which it has from the page scheduler as a PDF does: thumbnails
/// drawn from pixels its renderer delivers off the loop, placeholders until then.
final class DjVuOverviewTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        super.tearDown()
    }

    func testADjVuDocumentHasAnOverviewWhoseThumbnailsArriveFromItsRenderer() throws {
        let path = try DjVuDocuments.writeBundle()
        paths.append(path)
        let layout = try KindRegistry.open(path).makeLayout(palette: .light, paged: false)
        layout.setViewportSize(width: 800, height: 600)
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: 800, height: 600), margin: 0)
        MainThreadMailbox.shared.deliver(while: { layout.makePageOverview() == nil }, timeoutSeconds: 10)
        let overview = try XCTUnwrap(layout.makePageOverview(), "a DjVu document's pages have an overview")
        XCTAssertEqual(overview.pageCount, 3)
        overview.setViewportSize(width: 800, height: 600)
        let visible = ContentRect(x: 0, y: 0, width: 800, height: 600)
        // Page 1's thumbnail (the reader's page sets the boxes' shape, so it fills its box) and
        // its black box (page pixels 100…400 × 100…300 of 850×1100), a little inside.
        let cell = overview.cellRect(ofPage: 0)
        let factor = cell.width / 850
        let rows = Int(cell.y + 115 * factor)..<Int(cell.y + 285 * factor)
        let columns = Int(cell.x + 115 * factor)..<Int(cell.x + 385 * factor)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 800, 600)!
        defer { cairo_surface_destroy(surface) }
        func ink() -> Int {
            let cairo = cairo_create(surface)!
            cairo_set_source_rgb(cairo, 1, 1, 1)
            cairo_paint(cairo)
            overview.draw(visible, on: cairo)
            cairo_destroy(cairo)
            cairo_surface_flush(surface)
            return SurfaceInk(surface: surface).inkCount(rows: rows, columns: columns)
        }
        _ = overview.prepare(visible, margin: 0, drawScale: 1)
        XCTAssertEqual(ink(), 0, "a placeholder until the pixels arrive: nothing is rendered on the loop")
        let wanted = rows.count * columns.count * 9 / 10
        MainThreadMailbox.shared.deliver(while: {
            _ = overview.prepare(visible, margin: 0, drawScale: 1)
            return ink() < wanted
        }, timeoutSeconds: 20)
        XCTAssertGreaterThan(ink(), wanted, "the thumbnail shows the page's box")
    }
}
