import CCairo
@testable import DocumentKit
import Foundation
import Machinery
@testable import TextKind
import XCTest

/// A book's margin is shaped on the chapters' worker, in font maps of its own, and handed to
/// the loop (issue 24: "chapters are parsed and laid out lazily, on the worker").
final class SectionShapingTests: XCTestCase {
    private let screen = (width: 1280.0, height: 800.0)
    private let margin = 1600.0

    private func book(chapters: Int = 40) -> TextDocument {
        TextDocument(chapters: CountingBook(count: chapters), title: "A book", path: "/books/a.epub", baseDirectory: "/books")
    }

    /// Prepares the screen at `top` as a frame does, then lets the workers finish what it
    /// asked for (chapters read, sections shaped) and delivers it, as the frames that follow
    /// would: the next `prepare` takes it in.
    private func frame(_ layout: DocumentLayout, top: Double) {
        layout.prepare(ContentRect(x: 0, y: top, width: screen.width, height: screen.height), margin: margin)
        layout.waitForChapterReads()
    }

    /// Sections the loop shaped itself: all laid out less those the worker shaped.
    private func shapedOnLoop(_ layout: DocumentLayout) -> Int {
        layout.sectionsLaidOutCount - layout.sectionsShapedOffLoopCount
    }

    func testABooksMarginIsShapedOnTheWorkerAndScrollingShapesNothingOnTheLoop() {
        let layout = DocumentLayout(document: book())
        layout.setViewportSize(width: screen.width, height: screen.height)
        // Chapters read, then the margin shaped, then taken in.
        for _ in 0..<3 { frame(layout, top: 0) }
        let firstFrame = shapedOnLoop(layout)
        XCTAssertGreaterThan(firstFrame, 0, "the first screen is shaped where it is drawn")
        XCTAssertGreaterThan(layout.sectionsShapedOffLoopCount, 0, "the margin came from the worker")
        var index = 0
        while layout.top(ofSection: index) < screen.height + margin, index < layout.document.sectionCount {
            XCTAssertNotNil(layout.shapedSection(index), "section \(index) of the margin is shaped")
            index += 1
        }
        let leased = layout.shapedSections.filter { $0.layout.blocks.contains { $0.layout.fontMapLease != nil } }
        XCTAssertFalse(leased.isEmpty, "sections shaped on the worker hold their font map")

        // A fling of 83 px a frame (5,000 px/s at 60 Hz) down 30,000 px, the worker keeping up.
        var top = 0.0
        while top < 30_000 {
            top += 83
            frame(layout, top: top)
        }
        XCTAssertEqual(shapedOnLoop(layout), firstFrame, "no frame of the fling shaped a section on the loop")
        XCTAssertGreaterThan(layout.sectionsShapedOffLoopCount, 10)
        XCTAssertNotNil(layout.shapedSection(layout.section(at: top)))
        XCTAssertLessThanOrEqual(ShapingFontMaps.liveCount.load(ordering: .relaxed),
                                 DocumentLayout.shapedSectionCapacity + ShapingFontMaps.keptCount + 2,
                                 "font maps come back as sections are let go")
    }

    func testASectionShapedOnTheWorkerDrawsAsOneShapedOnTheLoop() throws {
        let document = book()
        let target = try XCTUnwrap(document.firstSection(ofChapter: 6))
        // Reached through the margin: the worker shapes it.
        let scrolled = DocumentLayout(document: document)
        scrolled.setViewportSize(width: screen.width, height: screen.height)
        var top = 0.0
        while scrolled.shapedSection(target) == nil, top < 100_000 {
            frame(scrolled, top: top)
            top += 400
        }
        let offLoop = try XCTUnwrap(scrolled.shapedSection(target))
        XCTAssertTrue(offLoop.blocks.contains { $0.layout.fontMapLease != nil }, "shaped on the worker")
        // Opened at it: the loop shapes it.
        let opened = DocumentLayout(document: document)
        opened.setViewportSize(width: screen.width, height: screen.height)
        opened.waitForChapterReads()
        opened.readingAnchor = ReadingAnchor(section: target, block: 0, fraction: 0)
        if opened.shapedSection(target) == nil {
            frame(opened, top: opened.top(ofSection: target))
            opened.readingAnchor = ReadingAnchor(section: target, block: 0, fraction: 0)
        }
        let onLoop = try XCTUnwrap(opened.shapedSection(target))
        XCTAssertTrue(onLoop.blocks.allSatisfy { $0.layout.fontMapLease == nil }, "shaped on the loop")

        XCTAssertEqual(offLoop.height, onLoop.height)
        XCTAssertEqual(offLoop.blocks.map(\.layout.lines.count), onLoop.blocks.map(\.layout.lines.count))
        let height = Int32(min(offLoop.height, 3000))
        let first = pixels(of: offLoop, width: Int32(screen.width), height: height, typography: scrolled.textTypography)
        let second = pixels(of: onLoop, width: Int32(screen.width), height: height, typography: opened.textTypography)
        XCTAssertGreaterThan(first.filter { $0 != 0 }.count, 1000, "the section draws text")
        XCTAssertTrue(first == second, "the same pixels from either thread's font map")
    }

    /// Frames that deliver what the worker posted without waiting for it, so the loop draws
    /// sections of one font map while the worker shapes in another: every section is drawn, and
    /// the maps come back once the layout is gone.
    /// Frames back to back outrun a worker on a busy machine (CI's two cores), which then
    /// never hands over a section before the loop shapes it itself; so every
    /// `framesBetweenCatchUps`-th frame waits for the worker, as a frame 16 ms after the last would.
    func testFramesDrawWhileTheWorkerShapesAndItsFontMapsComeBack() {
        let framesBetweenCatchUps = 25
        for round in 0..<3 {
            var layout: DocumentLayout? = DocumentLayout(document: book(chapters: 60))
            layout!.setViewportSize(width: screen.width, height: screen.height)
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(screen.width), Int32(screen.height))!
            let cairo = cairo_create(surface)!
            var top = 0.0
            for frame in 0..<400 {
                if frame % framesBetweenCatchUps == framesBetweenCatchUps - 1 {
                    MainThreadMailbox.shared.deliver(while: { layout!.isShapingSections }, timeoutSeconds: 30)
                }
                MainThreadMailbox.shared.deliverPending()
                let visible = ContentRect(x: 0, y: top, width: screen.width, height: screen.height)
                top += layout!.prepare(visible, margin: margin).y
                cairo_save(cairo)
                cairo_translate(cairo, 0, -top)
                layout!.draw(ContentRect(x: 0, y: top, width: screen.width, height: screen.height), on: cairo)
                cairo_restore(cairo)
                top += 97 + Double(round) * 40
            }
            cairo_destroy(cairo)
            cairo_surface_destroy(surface)
            XCTAssertGreaterThan(layout!.sectionsShapedOffLoopCount, 0, "round \(round): the worker shaped some")
            layout = nil
            // The worker may still be shaping what the layout last asked for: its answer comes
            // to nobody, and its map goes back with it.
            MainThreadMailbox.shared.deliver(while: {
                ShapingFontMaps.liveCount.load(ordering: .relaxed) > ShapingFontMaps.keptCount
            }, timeoutSeconds: 30)
            XCTAssertLessThanOrEqual(ShapingFontMaps.liveCount.load(ordering: .relaxed), ShapingFontMaps.keptCount,
                                     "round \(round): every map not kept warm is released")
        }
    }

    private func pixels(of section: SectionLayout, width: Int32, height: Int32, typography: Typography) -> [UInt32] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        section.draw(top: 0, bottom: Double(height), palette: .light, typography: typography, on: cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let data = cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: stride * Int(height)) {
            Array(UnsafeBufferPointer(start: $0, count: stride * Int(height)))
        }
        return data
    }
}
