import GlideDriver
import Glibc
import PDFFixtures
import TestCompositor
import TestSupport
import XCTest

/// PDFs in the real glide: pages rendered in the background while a flick runs, a pinch
/// re-rendered crisp, the outline, links and paging.
final class PDFTests: GlideTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
        super.tearDown()
    }

    /// A generated PDF of `pageCount` text pages (the first a table of contents when `links`).
    private func pdf(pageCount: Int = 40, links: Bool = false) -> String {
        var fixture = PDFFixture(pageCount: pageCount)
        fixture.hasLinks = links
        let path = fixture.write()
        paths.append(path)
        return path
    }

    /// Whether some band of 150 rows of the page column is pure white: a page area with
    /// neither its pixels nor a placeholder. Text pages have a line every 16 px; gaps between
    /// pages are the background colour.
    private func hasBlankPageArea(_ image: SurfaceImage, columns: Range<Int>) -> Bool {
        var whiteRun = 0
        for y in 0..<image.height {
            let white = stride(from: columns.lowerBound, to: columns.upperBound, by: 2).allSatisfy { image.rgb(x: $0, y: y) == 0xFFFFFF }
            whiteRun = white ? whiteRun + 1 : 0
            if whiteRun >= 150 { return true }
        }
        return false
    }

    /// The share of non-white pixels in grey levels between ink and paper: stretched pixels
    /// have more.
    private func softness(_ image: SurfaceImage) -> Double {
        var soft = 0, inked = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let green = Int((image.rgb(x: x, y: y) >> 8) & 0xFF)
                guard green < 0xF0 else { continue }
                inked += 1
                if green > 0x60 { soft += 1 }
            }
        }
        return Double(soft) / Double(max(inked, 1))
    }

    private func inkCount(_ image: SurfaceImage, rows: Range<Int>? = nil) -> Int { image.inkCount(rows: rows, step: 2) }

    func testATouchFlickThroughAPDFNeverShowsABlankPage() throws {
        let session = try start(document: .paths([pdf()]))
        XCTAssertTrue(try session.settledImage().isSettled)
        try session.flick(x: 400, from: 520, by: -480, steps: 4)
        var frames = 0, blank = 0
        try session.runUntilIdle { _, state in
            guard let image = state?.image else { return }
            frames += 1
            if hasBlankPageArea(image, columns: 24..<776) { blank += 1 }
        }
        let rest = try XCTUnwrap(try session.trace().last)
        XCTAssertGreaterThan(rest.y, 1500, "the fling went through several pages")
        XCTAssertGreaterThan(frames, 20)
        XCTAssertEqual(blank, 0, "frames with a blank page area, of \(frames)")
        // At rest the pages in view are drawn.
        let settled = try session.settledImage()
        XCTAssertTrue(settled.isSettled)
        XCTAssertGreaterThan(inkCount(settled.image), 2000)
        print("PDF flick: \(frames) frames to rest at y \(rest.y), \(blank) with a blank page area")
    }

    func testAPinchStretchesThePageThenItIsRenderedCrispAtRest() throws {
        let session = try start(document: .paths([pdf()]))
        XCTAssertTrue(try session.settledImage().isSettled)
        try session.pinchFingers(from: (320, 300), (480, 300), to: (240, 300), (560, 300), steps: 6)
        let pinching = try session.image
        try session.liftFingers()
        try session.runUntilIdle()
        let zoom = try XCTUnwrap(try session.trace().last).zoom
        XCTAssertGreaterThan(zoom, 1.6, "the fingers spread to twice their distance")
        let crisp = try session.settledImage()
        XCTAssertTrue(crisp.isSettled)
        let stretched = softness(pinching), sharp = softness(crisp.image)
        XCTAssertLessThan(sharp, stretched * 0.85, "re-rendered at the new scale: softness \(stretched) → \(sharp)")
        XCTAssertGreaterThan(inkCount(crisp.image), 2000)
        print("PDF pinch: zoom \(zoom), softness stretched \(stretched), crisp \(sharp)")
    }

    func testPagingTurnsOnePDFPageAtATime() throws {
        let session = try start(document: .paths([pdf(pageCount: 12)]), arguments: ["--paging"])
        XCTAssertTrue(try session.settledImage().isSettled)
        try session.horizontalFlick(from: 600, y: 300, by: -300, steps: 4)
        try session.runUntilIdle()
        let frame = try XCTUnwrap(try session.trace().last)
        XCTAssertEqual(frame.page, 1)
        XCTAssertEqual(frame.pages, 12)
        let settled = try session.settledImage()
        XCTAssertTrue(settled.isSettled)
        XCTAssertGreaterThan(inkCount(settled.image), 1000, "page 2 is drawn")
    }

    func testTappingAnOutlineRowTurnsToItsChapter() throws {
        let session = try start(document: .paths([pdf(pageCount: 30)]), arguments: ["--split"])
        XCTAssertTrue(try session.settledImage().isSettled)
        // The bookmarks arrive from the worker: rows are 48 px below 8 px of padding in the top
        // 35 % of the window. Row 2 is "Chapter 3", on page 21.
        try session.down(x: 200, y: 8 + 48 * 2 + 24)
        try session.up()
        try session.runUntilIdle()
        let frame = try XCTUnwrap(try session.trace().last)
        XCTAssertEqual(frame.page, 20)
        XCTAssertEqual(frame.pages, 30)
        let settled = try session.settledImage()
        XCTAssertTrue(settled.isSettled)
        // The pages' pane, below the list's 210 px: the chapter's page fitted whole, 16 px
        // body lines scaled to about 5 px.
        XCTAssertGreaterThan(inkCount(settled.image, rows: 220..<590), 400, "the chapter's page is drawn")
    }

    func testTappingATableOfContentsLinkScrollsToTheChapterAnimated() throws {
        let session = try start(document: .paths([pdf(pageCount: 30, links: true)]))
        XCTAssertTrue(try session.settledImage().isSettled)
        // 800 px window: the page is 768 px wide from x 16, 768/612 px per point, 16 px down.
        let factor = 768.0 / 612, fixture = PDFFixture(pageCount: 30)
        let entry = fixture.tableOfContentsEntry(1)
        try session.down(x: 16 + (entry.x + 30) * factor, y: 16 + (entry.y - 4) * factor)
        try session.up()
        var offsets: [Double] = []
        try session.runUntilIdle { _, _ in offsets.append((try? session.traceOfShownFrame().y) ?? 0) }
        let rest = try XCTUnwrap(try session.trace().last)
        // Page 11 starts at 16 + 10 × (994 + 16); the target leaves the gap above it in view.
        XCTAssertEqual(rest.y, 10 * (994 + 16), accuracy: 2, "at chapter 2's page")
        let between = offsets.filter { $0 > 50 && $0 < rest.y - 50 }
        XCTAssertGreaterThan(between.count, 3, "the scroll is animated: \(offsets.count) frames")
    }
}
