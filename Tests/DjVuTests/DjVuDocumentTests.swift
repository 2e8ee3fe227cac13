import CCairo
import DjVuFixtures
@testable import DjVuKind
import DocumentKit
import Foundation
import KindRegistry
import Machinery
import TestSupport
import XCTest

/// DjVu documents made by djvulibre-bin, opened through the registry as the app opens them:
/// pages counted and measured, drawn off the loop with ink where the images have it, bundled
/// and indirect, and hostile files refused in one line.
final class DjVuDocumentTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        super.tearDown()
    }

    private func bundle() throws -> String {
        let path = try DjVuDocuments.writeBundle()
        paths.append(path)
        return path
    }

    private func layout(of path: String, paged: Bool = false) throws -> DjVuLayout {
        let document = try KindRegistry.open(path)
        return try XCTUnwrap(document.makeLayout(palette: .light, paged: paged) as? DjVuLayout, "a DjVu kind's layout")
    }

    func testABundledDocumentOpensThroughTheRegistryWithItsPagesAndSizes() throws {
        let path = try bundle()
        let document = try KindRegistry.open(path)
        XCTAssertTrue(document is DjVuDocument)
        XCTAssertTrue(document.hasOutline)
        let djvu = try layout(of: path)
        XCTAssertEqual(djvu.pageCount, 3)
        djvu.setViewportSize(width: 800, height: 600)
        // The other pages' sizes are read behind the first pixels asked for.
        _ = djvu.prepare(ContentRect(x: 0, y: 0, width: 800, height: 600), margin: 0, drawScale: 1)
        MainThreadMailbox.shared.deliver(while: { !djvu.hasAllSizes }, timeoutSeconds: 10)
        XCTAssertTrue(djvu.hasAllSizes)
        // 850×1100 px at 100 dpi is 612×792 points, Letter; page 2 is landscape.
        XCTAssertEqual(djvu.pointSize(0).width, 612, accuracy: 0.01)
        XCTAssertEqual(djvu.pointSize(0).height, 792, accuracy: 0.01)
        XCTAssertEqual(djvu.pointSize(1).width, 792, accuracy: 0.01)
        XCTAssertEqual(djvu.pointSize(1).height, 612, accuracy: 0.01)
        XCTAssertLessThan(djvu.pageRect(1).height, djvu.pageRect(0).height, "the landscape page is shorter in the column")
        XCTAssertEqual(djvu.pageTitles, [nil, "ii", nil], "page titles kept for page labels")
        // The titles are the pages' labels: the page label shows them, go to page finds them.
        let numbering = try XCTUnwrap(djvu.pageNumbering)
        XCTAssertEqual((0..<3).map { numbering.label(ofPage: $0) }, [nil, "ii", nil])
        XCTAssertEqual(numbering.page(labelled: "II"), 1, "a label in another case")
        XCTAssertNil(numbering.page(labelled: "iii"))
    }

    func testTheRenderFunctionWritesInkWhereTheImageHasIt() throws {
        let path = try bundle()
        let handle = try DjVuHandle(path: path)
        // Page 1 at 1 px per point (612×792 px): its box is at (72, 72) 216×144.
        let width = 612, height = 792
        var pixels = [UInt32](repeating: 0x1234_5678, count: width * height)
        let failure = pixels.withUnsafeMutableBytes {
            DjVuPageRendering.render(page: 0, of: handle, scale: 1, region: .init(x: 0, y: 0, width: width, height: height),
                                     into: $0.baseAddress!, rowBytes: width * 4)
        }
        XCTAssertNil(failure)
        func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }
        XCTAssertTrue(isDarkPixel(pixel(180, 144)), String(pixel(180, 144), radix: 16))
        XCTAssertFalse(isDarkPixel(pixel(500, 144)), "white beside the box")
        XCTAssertFalse(isDarkPixel(pixel(180, 600)), "white below it")
        XCTAssertEqual(pixel(500, 144) >> 24, 0xFF, "opaque")
        // A region: the box's top-left corner at 2×, 100×100 px from (124, 124).
        var piece = [UInt32](repeating: 0, count: 100 * 100)
        XCTAssertNil(piece.withUnsafeMutableBytes {
            DjVuPageRendering.render(page: 0, of: handle, scale: 2, region: .init(x: 94, y: 94, width: 100, height: 100),
                                     into: $0.baseAddress!, rowBytes: 400)
        })
        XCTAssertFalse(isDarkPixel(piece[10 * 100 + 10]), "above and left of the box (2× scale: it starts at 144)")
        XCTAssertTrue(isDarkPixel(piece[90 * 100 + 90]), "inside it")
    }

    func testPagesAreDrawnFromPixelsRenderedOffTheLoop() throws {
        let djvu = try layout(of: try bundle())
        djvu.setViewportSize(width: 800, height: 600)
        let visible = ContentRect(x: 0, y: 0, width: 800, height: 600)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 800, 600)!
        defer { cairo_surface_destroy(surface) }
        func draw() -> Int {
            let cairo = cairo_create(surface)!
            cairo_set_source_rgb(cairo, 1, 1, 1)
            cairo_paint(cairo)
            djvu.draw(visible, on: cairo)
            cairo_destroy(cairo)
            cairo_surface_flush(surface)
            return SurfaceInk(surface: surface).inkCount(rows: boxRows(djvu), columns: boxColumns(djvu))
        }
        _ = djvu.prepare(visible, margin: 0, drawScale: 1)
        XCTAssertFalse(djvu.isSharp, "nothing is rendered on the loop")
        XCTAssertEqual(draw(), 0, "a placeholder until the pixels arrive")
        MainThreadMailbox.shared.deliver(while: {
            _ = djvu.prepare(visible, margin: 0, drawScale: 1)
            return !djvu.isSharp
        }, timeoutSeconds: 20)
        XCTAssertTrue(djvu.isSharp)
        let rows = boxRows(djvu), columns = boxColumns(djvu)
        XCTAssertGreaterThan(draw(), rows.count * columns.count * 9 / 10, "the box is black where the image has it")
        XCTAssertGreaterThan(djvu.renderedJobCount, 0)
        assertDrawnByRendererProcesses(djvu)
    }

    /// The pixels came from `glide-page-renderer` processes, children of this one.
    private func assertDrawnByRendererProcesses(_ djvu: DjVuLayout, file: StaticString = #filePath, line: UInt = #line) {
        let renderers = djvu.rendererProcessIDs
        XCTAssertFalse(renderers.isEmpty, "renderer processes drew the pages", file: file, line: line)
        for processID in renderers {
            XCTAssertNotEqual(processID, getpid(), file: file, line: line)
            let name = (try? String(contentsOfFile: "/proc/\(processID)/comm", encoding: .utf8)) ?? ""
            XCTAssertEqual(name.trimmingCharacters(in: .whitespacesAndNewlines), "glide-page-rend", "process \(processID)",
                           file: file, line: line)
        }
    }

    /// Prepares `visible` and delivers the renderers' results until it is sharp (at most 20 s).
    private func waitUntilSharp(_ djvu: DjVuLayout, _ visible: ContentRect) {
        MainThreadMailbox.shared.deliver(while: {
            _ = djvu.prepare(visible, margin: 0, drawScale: 1)
            return !djvu.isSharp
        }, timeoutSeconds: 20)
    }

    /// How many of `visible`'s pixels in `rows` × `columns` (view coordinates) are ink.
    private func ink(of djvu: DjVuLayout, _ visible: ContentRect, rows: Range<Int>, columns: Range<Int>) -> Int {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(visible.width), Int32(visible.height))!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        cairo_translate(cairo, -visible.x, -visible.y)
        djvu.draw(visible, on: cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        return SurfaceInk(surface: surface).inkCount(rows: rows, columns: columns)
    }

    func testARendererKilledWhileTheDocumentIsShownIsReplacedAndThePagesComeBack() throws {
        let djvu = try layout(of: try bundle())
        djvu.setViewportSize(width: 800, height: 600)
        let top = ContentRect(x: 0, y: 0, width: 800, height: 600)
        waitUntilSharp(djvu, top)
        XCTAssertTrue(djvu.isSharp)
        let killed = djvu.rendererProcessIDs
        XCTAssertFalse(killed.isEmpty)
        let renderedBefore = djvu.renderedJobCount
        for processID in killed { kill(processID, SIGKILL) }
        // Page 3's box (page pixels 600…800 × 800…1000), once the renderers are gone.
        MainThreadMailbox.shared.deliver(while: { !djvu.hasAllSizes }, timeoutSeconds: 10)
        let page = djvu.pageRect(2), factor = page.width / 850
        let visible = ContentRect(x: 0, y: page.y + 700 * factor, width: 800, height: 600)
        waitUntilSharp(djvu, visible)
        XCTAssertTrue(djvu.isSharp, "page 3 drawn by the renderers that took the killed ones' place")
        XCTAssertNil(djvu.failures[2])
        let rows = Int(page.y + 810 * factor - visible.y)..<Int(page.y + 990 * factor - visible.y)
        let columns = Int(page.x + 610 * factor)..<Int(page.x + 790 * factor)
        XCTAssertGreaterThan(ink(of: djvu, visible, rows: rows, columns: columns), rows.count * columns.count * 9 / 10)
        XCTAssertGreaterThan(djvu.renderedJobCount, renderedBefore, "the new renderers drew")
        XCTAssertTrue(Set(djvu.rendererProcessIDs).isDisjoint(with: killed), "new renderers")
        assertDrawnByRendererProcesses(djvu)
    }

    func testNightPagesAreRenderedInvertedOffTheLoopWithTheDayPixelsShownMeanwhile() throws {
        let djvu = try layout(of: try bundle())
        djvu.setViewportSize(width: 800, height: 600)
        let visible = ContentRect(x: 0, y: 0, width: 800, height: 600)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 800, 600)!
        defer { cairo_surface_destroy(surface) }
        let rect = djvu.pageRect(0), factor = rect.width / 850
        // Paper to the right of the box (page pixels 500…800 × 110…290).
        let paper = Int(rect.x + 500 * factor)..<Int(rect.x + 800 * factor)
        func ink(columns: Range<Int>) -> Int {
            let cairo = cairo_create(surface)!
            djvu.draw(visible, on: cairo)
            cairo_destroy(cairo)
            cairo_surface_flush(surface)
            return SurfaceInk(surface: surface).inkCount(rows: boxRows(djvu), columns: columns)
        }
        func prepareUntilSharp() {
            _ = djvu.prepare(visible, margin: 0, drawScale: 1)
            MainThreadMailbox.shared.deliver(while: {
                _ = djvu.prepare(visible, margin: 0, drawScale: 1)
                return !djvu.isSharp
            }, timeoutSeconds: 20)
            XCTAssertTrue(djvu.isSharp)
        }
        prepareUntilSharp()
        let area = boxRows(djvu).count * boxColumns(djvu).count
        XCTAssertGreaterThan(ink(columns: boxColumns(djvu)), area * 9 / 10, "the box is black by day")
        djvu.palette = .dark
        _ = djvu.prepare(visible, margin: 0, drawScale: 1)
        XCTAssertFalse(djvu.isSharp, "night pages are asked for again")
        XCTAssertGreaterThan(ink(columns: boxColumns(djvu)), area * 9 / 10, "the day pixels stay meanwhile")
        prepareUntilSharp()
        XCTAssertLessThan(ink(columns: boxColumns(djvu)), area / 20, "the black box turns white at night")
        XCTAssertGreaterThan(ink(columns: paper), boxRows(djvu).count * paper.count * 9 / 10, "and the paper dark")
    }

    /// Page 1's box (page pixels 100…400 × 100…300 of 850×1100), a little inside, in the view.
    private func boxColumns(_ djvu: DjVuLayout) -> Range<Int> {
        let rect = djvu.pageRect(0), factor = rect.width / 850
        return Int(rect.x + 110 * factor)..<Int(rect.x + 390 * factor)
    }

    private func boxRows(_ djvu: DjVuLayout) -> Range<Int> {
        let rect = djvu.pageRect(0), factor = rect.width / 850
        return Int(rect.y + 110 * factor)..<Int(rect.y + 290 * factor)
    }

    func testAnIndirectDocumentOpensFromItsIndexAndRendersItsPages() throws {
        let bundle = try bundle()
        let folder = NSTemporaryDirectory() + "glide-djvu-indirect-\(getpid())-\(UUID().uuidString)"
        paths.append(folder)
        let index = try DjVuFixture.writeIndirect(from: bundle, into: folder)
        let djvu = try layout(of: index)
        XCTAssertEqual(djvu.pageCount, 3)
        let handle = try DjVuHandle(path: index)
        // Page 2's band, at 1 px per point: 792×612, the band at y 288…324.
        var pixels = [UInt32](repeating: 0, count: 792 * 612)
        XCTAssertNil(pixels.withUnsafeMutableBytes {
            DjVuPageRendering.render(page: 1, of: handle, scale: 1, region: .init(x: 0, y: 0, width: 792, height: 612),
                                     into: $0.baseAddress!, rowBytes: 792 * 4)
        })
        XCTAssertTrue(isDarkPixel(pixels[306 * 792 + 400]), "the band")
        XCTAssertFalse(isDarkPixel(pixels[100 * 792 + 400]), "white above it")
        // In the app, page 1 is drawn by the renderer processes, which opened the page files
        // before their lock-down.
        djvu.setViewportSize(width: 800, height: 600)
        let visible = ContentRect(x: 0, y: 0, width: 800, height: 600)
        waitUntilSharp(djvu, visible)
        XCTAssertTrue(djvu.isSharp)
        XCTAssertNil(djvu.failures[0])
        let rows = boxRows(djvu), columns = boxColumns(djvu)
        XCTAssertGreaterThan(ink(of: djvu, visible, rows: rows, columns: columns), rows.count * columns.count * 9 / 10)
        assertDrawnByRendererProcesses(djvu)
    }

    func testAnIndirectDocumentMissingAPageFileShowsANoticeThere() throws {
        let folder = NSTemporaryDirectory() + "glide-djvu-indirect-\(getpid())-\(UUID().uuidString)"
        paths.append(folder)
        let index = try DjVuFixture.writeIndirect(from: try bundle(), into: folder)
        // The page files are named after the pages' files in the bundle (p0001.djvu, …).
        try FileManager.default.removeItem(atPath: folder + "/p0003.djvu")
        let djvu = try layout(of: index)
        djvu.setViewportSize(width: 800, height: 600)
        let visible = ContentRect(x: 0, y: 0, width: 800, height: 600)
        MainThreadMailbox.shared.deliver(while: {
            _ = djvu.prepare(visible, margin: 0, drawScale: 1)
            return !djvu.hasAllSizes || !djvu.isSharp
        }, timeoutSeconds: 20)
        XCTAssertTrue(djvu.isSharp, "page 1 is drawn")
        XCTAssertNil(djvu.failures[1], "page 2's file is there")
        XCTAssertNotNil(djvu.failures[2], "page 3's file is missing: its page says so")
    }

    func testAPageCutOffTheEndShowsANoticeAndTheOthersShow() throws {
        let whole = NSTemporaryDirectory() + "glide-djvu-cut-\(getpid())-\(UUID().uuidString).djvu"
        paths.append(whole)
        let page = DjVuFixture.Page(ink: [(100, 100, 300, 200)], words: [.init("kept", x: 100, y: 400, width: 90, height: 30)])
        try DjVuFixture.write([page, DjVuFixture.Page(ink: [(0, 0, 850, 1100)]), page], to: whole)
        // The last page's data cut off: the directory still names it.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let path = whole + ".cut.djvu"
        paths.append(path)
        try bytes.prefix(bytes.count - 600).write(to: URL(fileURLWithPath: path))
        let djvu = try layout(of: path)
        XCTAssertEqual(djvu.pageCount, 3)
        djvu.setViewportSize(width: 800, height: 600)
        let visible = ContentRect(x: 0, y: 0, width: 800, height: 600)
        MainThreadMailbox.shared.deliver(while: {
            _ = djvu.prepare(visible, margin: 0, drawScale: 1)
            return !djvu.hasAllSizes || !djvu.isSharp
        }, timeoutSeconds: 20)
        XCTAssertTrue(djvu.isSharp, "page 1 is drawn")
        XCTAssertNil(djvu.failures[0])
        XCTAssertNotNil(djvu.failures[2], "page 3 says it cannot be shown")
        MainThreadMailbox.shared.deliver(while: { djvu.textLayout.pageText(2) == nil }, timeoutSeconds: 10)
        XCTAssertEqual(djvu.textLayout.pageText(2)?.text, "", "a page that cannot be read has no text")
        XCTAssertEqual(djvu.textLayout.textForCopying(in: TextRange(TextPosition(section: 0, block: 0, utf8Offset: 0),
                                                                    TextPosition(section: 2, block: 0, utf8Offset: 9)))(), "kept")
    }

    func testTruncatedAndCorruptDocumentsAreRefusedInOneLine() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: try bundle()))
        let header = Data("AT&TFORM".utf8) + Data([0, 0, 0x10, 0]) + Data("DJVM".utf8)
        var garbage = header
        garbage.append(Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }))
        let cases: [(String, Data)] = [
            ("half", bytes.prefix(bytes.count / 2)),
            ("header", header),
            ("directory", bytes.prefix(64)),
            ("garbage", garbage),
        ]
        for (name, data) in cases {
            let path = NSTemporaryDirectory() + "glide-djvu-bad-\(getpid())-\(name).djvu"
            paths.append(path)
            try data.write(to: URL(fileURLWithPath: path))
            XCTAssertThrowsError(try KindRegistry.open(path), name) { error in
                let message = (error as? DocumentError)?.description ?? ""
                XCTAssertTrue(message.hasPrefix("cannot open '\(path)': "), "\(name): \(message)")
                XCTAssertFalse(message.contains("\n"), "\(name): one line: \(message)")
            }
        }
    }
}

/// A cairo ARGB32 surface's pixels, for ink counting.
struct SurfaceInk: InkCounting {
    let surface: OpaquePointer

    var width: Int { Int(cairo_image_surface_get_width(surface)) }
    var height: Int { Int(cairo_image_surface_get_height(surface)) }

    func isInk(x: Int, y: Int) -> Bool {
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        return isDarkPixel(UnsafeRawPointer(data + y * stride + x * 4).load(as: UInt32.self))
    }
}
