import ArchiveFixtures
import CCairo
import DocumentKit
@testable import EPUBKind
import Foundation
import KindRegistry
import Machinery
import XCTest

/// A fixed-layout book (`rendition:layout` `pre-paginated`) opened as the app opens it: one
/// page per spine document, each the shape its viewport declares, side by side; a picture
/// page drawn over its page, a text page laid out at its viewport's width and scaled.
final class FixedLayoutBookTests: XCTestCase {
    private let width = 1000.0, height = 800.0

    /// Three pages: a 600×800 picture, an 800×600 page of text, and a 500×1000 page that
    /// declares nothing itself (the package's `rendition:viewport` gives its size).
    private func book() throws -> any LoadedDocument {
        func page(_ name: String, viewport: String?, body: String) -> ArchiveEntry {
            let meta = viewport.map { "<meta name=\"viewport\" content=\"\($0)\"/>" } ?? ""
            return ArchiveEntry("OEBPS/\(name)", """
                <?xml version="1.0" encoding="UTF-8"?>
                <html xmlns="http://www.w3.org/1999/xhtml"><head><title>\(name)</title>\(meta)</head>
                <body>\(body)</body></html>
                """)
        }
        let path = try TestBooks.write([
            TestBooks.mimetype, TestBooks.container(),
            TestBooks.package(metadata: TestBooks.metadata(title: "Pictures", extra: """
                <meta property="rendition:layout">pre-paginated</meta>
                <meta property="rendition:viewport">width=500, height=1000</meta>
                """), manifest: """
                <item id="p1" href="p1.xhtml" media-type="application/xhtml+xml"/>
                <item id="p2" href="p2.xhtml" media-type="application/xhtml+xml"/>
                <item id="p3" href="p3.xhtml" media-type="application/xhtml+xml"/>
                <item id="red" href="red.png" media-type="image/png"/>
                """, spine: "<itemref idref=\"p1\"/><itemref idref=\"p2\"/><itemref idref=\"p3\"/>"),
            page("p1.xhtml", viewport: "width=600, height=800",
                 body: "<div><img src=\"red.png\" alt=\"A red page\" style=\"width:600px;height:800px\"/></div>"),
            page("p2.xhtml", viewport: "width=800,height=600",
                 body: "<h1>Words on a page</h1>" + String(repeating: "<p>A line of text set on a fixed page.</p>", count: 8)),
            page("p3.xhtml", viewport: nil, body: "<p>The last page.</p>"),
            ArchiveEntry("OEBPS/red.png", bytes: TestImages.redPNG(width: 60, height: 80)),
        ], self)
        return try KindRegistry.open(path)
    }

    /// Prepares `layout` over page `page` until its pages are read and its pictures decoded.
    private func settle(_ layout: any DocumentContent, atPage page: Int) {
        let visible = ContentRect(x: Double(page) * width, y: 0, width: width, height: height)
        for _ in 0..<2_000 {
            _ = layout.prepare(visible, margin: width, drawScale: 1)
            MainThreadMailbox.shared.deliverPending()
            let pending = layout.accessibleContent.map { content in (0..<3).contains { content.isPending(section: $0) } } ?? true
            if !pending, !layout.hasPendingLayout { break }
            usleep(2_000)
        }
        (layout as? FixedLayoutPagesLayout)?.images.waitForDecodes()
        _ = layout.prepare(visible, margin: width, drawScale: 1)
    }

    /// `layout`'s content from x = `left`, one viewport, drawn on white.
    private func pixels(of layout: any DocumentContent, left: Double) -> (data: UnsafeMutablePointer<UInt8>, stride: Int, free: () -> Void) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        cairo_translate(cairo, -left, 0)
        layout.draw(ContentRect(x: left, y: 0, width: width, height: height), on: cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        return (cairo_image_surface_get_data(surface)!, Int(cairo_image_surface_get_stride(surface)), { cairo_surface_destroy(surface) })
    }

    private func rgb(_ pixels: (data: UnsafeMutablePointer<UInt8>, stride: Int, free: () -> Void), _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let pixel = pixels.data + y * pixels.stride + x * 4
        return (Int(pixel[2]), Int(pixel[1]), Int(pixel[0]))
    }

    /// Fit (issue 26): zoom 1 shows a fixed page whole, which is automatic and `f`; `w`
    /// magnifies the page shown to the window's width.
    func testWFitsThePageShownToTheWidthAndAutomaticIsTheWholePage() throws {
        let layout = try book().makeLayout(palette: .light, paged: true)
        layout.setViewportSize(width: width, height: height)
        settle(layout, atPage: 0)
        let frame = try XCTUnwrap(layout.accessibleContent?.frame(of: AccessibleBlockLocation(section: 0, block: 0)))
        XCTAssertLessThan(frame.width, width, "a tall page is narrower than the window")
        XCTAssertEqual(try XCTUnwrap(layout.zoomScale(fitting: .width)) * frame.width, width, accuracy: 0.5)
        XCTAssertEqual(layout.zoomScale(fitting: .automatic), 1)
        XCTAssertEqual(layout.zoomScale(fitting: .page), 1)
        XCTAssertNil(layout.zoomScale(fitting: .free))
    }

    func testEachSpineDocumentIsAPageOfItsDeclaredShapeAndAPicturePageShowsItsPicture() throws {
        let book = try book()
        XCTAssertTrue(book.isPagedByDefault, "pages side by side, as a PDF's")
        let layout = book.makeLayout(palette: .light, paged: false)
        layout.setViewportSize(width: width, height: height)
        XCTAssertEqual(layout.contentSize, ContentSize(width: 3 * width, height: height), "one page a spine document")
        guard case .perPage = layout.zoomPolicy else { return XCTFail("pages zoom one at a time") }
        settle(layout, atPage: 1)
        let content = try XCTUnwrap(layout.accessibleContent)
        let frames = try (0..<3).map { try XCTUnwrap(content.frame(of: AccessibleBlockLocation(section: $0, block: 0))) }
        XCTAssertEqual(frames[0].width / frames[0].height, 600.0 / 800, accuracy: 0.01)
        XCTAssertEqual(frames[1].width / frames[1].height, 800.0 / 600, accuracy: 0.01)
        XCTAssertEqual(frames[2].width / frames[2].height, 500.0 / 1000, accuracy: 0.01, "the package's viewport")
        XCTAssertEqual(frames[0].height, height, "a tall page fills the viewport's height")
        XCTAssertEqual(frames[1].x, width + (width - frames[1].width) / 2, accuracy: 1, "each page centred in its span")
        XCTAssertEqual(content.blocks(inSection: 0).first?.text, "A red page")

        settle(layout, atPage: 0)
        let first = pixels(of: layout, left: 0)
        defer { first.free() }
        let (red, green, blue) = rgb(first, Int(frames[0].x + frames[0].width / 2), Int(frames[0].y + frames[0].height / 2))
        XCTAssertTrue(red > 200 && green < 60 && blue < 60, "the picture fills its page: \(red), \(green), \(blue)")
        let corner = rgb(first, Int(frames[0].x) + 3, Int(frames[0].maxY) - 3)
        XCTAssertTrue(corner.0 > 200 && corner.1 < 60, "to its corners: \(corner)")
        let beside = rgb(first, Int(frames[0].x) - 20, Int(frames[0].y + frames[0].height / 2))
        XCTAssertEqual(beside.1, 255, "nothing beside the page: \(beside)")
    }

    func testATextPageIsLaidOutAtItsViewportAndScaledToThePage() throws {
        let book = try book()
        let layout = book.makeLayout(palette: .light, paged: false)
        layout.setViewportSize(width: width, height: height)
        settle(layout, atPage: 1)
        let frame = try XCTUnwrap(layout.accessibleContent?.frame(of: AccessibleBlockLocation(section: 1, block: 0)))
        let second = pixels(of: layout, left: width)
        defer { second.free() }
        var inked = 0, outside = 0
        for y in stride(from: 0, to: Int(height), by: 2) {
            for x in stride(from: 0, to: Int(width), by: 2) {
                let (red, green, blue) = rgb(second, x, y)
                guard red + green + blue < 300 else { continue }
                if frame.offsetBy(dx: -width, dy: 0).contains(ContentPoint(x: Double(x), y: Double(y))) { inked += 1 } else { outside += 1 }
            }
        }
        XCTAssertGreaterThan(inked, 200, "the page's words are drawn on it")
        XCTAssertEqual(outside, 0, "and nowhere else")
        XCTAssertTrue(layout.accessibleContent?.blocks(inSection: 1).first?.text.hasPrefix("Words on a page") ?? false)
    }

    /// Turning (issue 26): a page turned a quarter lies on its side, and its text's words (for
    /// selection and find) turn with it, inside the turned page.
    func testATurnedTextPagesWordsTurnWithIt() throws {
        let layout = try book().makeLayout(palette: .light, paged: true)
        layout.setViewportSize(width: width, height: height)
        XCTAssertTrue(layout.rotate(byQuarterTurns: 1))
        XCTAssertEqual(layout.quarterTurns, 1)
        settle(layout, atPage: 1)
        let frame = try XCTUnwrap(layout.accessibleContent?.frame(of: AccessibleBlockLocation(section: 1, block: 0)))
        XCTAssertLessThan(frame.width, frame.height, "an 800×600 page on its side stands taller than wide")
        let text = try XCTUnwrap(layout.readableText)
        // The heading's first word, near the upright page's top-left: the turned page's top-right.
        let word = try XCTUnwrap((1..<60).lazy.compactMap { step -> TextRange? in
            let point = ContentPoint(x: frame.maxX - Double(step) * 2, y: frame.y + Double(step) * 2)
            return text.textPosition(at: point).flatMap { text.wordRange(at: $0) }
        }.first, "a word under the heading's corner")
        let rects = text.rects(of: word, within: 0...height)
        let first = try XCTUnwrap(rects.first)
        let box = rects.reduce(first) { $0.union($1) }
        XCTAssertGreaterThan(box.height, box.width, "the word's box turned with its page: \(box)")
        XCTAssertTrue(frame.contains(ContentPoint(x: box.x + box.width / 2, y: box.y + box.height / 2)), "on the page")
    }
}
