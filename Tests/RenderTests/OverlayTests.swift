import XCTest
import Document
import Render
import ScrollEngine

/// Indicators and the page control drawn over the content.
final class OverlayTests: XCTestCase {
    private let text = String(repeating: "Words to scroll past. ", count: 2_000)

    /// The vertical indicator's strip at the right edge: 3 px bar, 3 px inset.
    private func indicatorInk(_ frame: OffscreenFrame) -> Int {
        frame.pixels(columns: (frame.buffer.width - 6)..<(frame.buffer.width - 3)).filter { $0 & 0xffffff != 0xFBFAF7 }.count
    }

    func testTheIndicatorIsDrawnAtOpacityOneAndNotAtZero() {
        let layout = DocumentLayout(document: Document(text: text, isMarkdown: false, title: "t"))
        var view = scrollView(for: layout, width: 600, height: 400)
        let renderer = FrameRenderer()
        let frame = OffscreenFrame(width: 600, height: 400)
        view.flashScrollIndicators(timeMilliseconds: 0)
        XCTAssertEqual(view.frame.verticalIndicator.opacity, 1)
        _ = renderer.render(layout, frame: view.frame, into: frame.buffer, showing: nil)
        XCTAssertGreaterThan(indicatorInk(frame), 36 * 2, "a bar at least the minimum length")
        view.advance(to: 5_000)
        XCTAssertEqual(view.frame.verticalIndicator.opacity, 0)
        let later = OffscreenFrame(width: 600, height: 400)
        _ = renderer.render(layout, frame: view.frame, into: later.buffer, showing: nil)
        XCTAssertEqual(indicatorInk(later), 0)
    }

    func testThePointerNearTheIndicatorWidensItIntoAScrollBarWithATrack() {
        let layout = DocumentLayout(document: Document(text: text, isMarkdown: false, title: "t"))
        var view = scrollView(for: layout, width: 600, height: 400)
        view.pointerMotion(to: LogicalPoint(x: 596, y: 200), timeMilliseconds: 0)
        XCTAssertTrue(view.frame.verticalIndicator.isExpanded, "the engine expands the indicator under the pointer")
        let frame = OffscreenFrame(width: 600, height: 400)
        _ = FrameRenderer().render(layout, frame: view.frame, into: frame.buffer, showing: nil)
        // An 8 px bar, 3 px from the edge: columns 589..<597 are inked, top to bottom (the track).
        let column = frame.pixels(columns: 590..<591)
        XCTAssertEqual(column.filter { $0 & 0xffffff == 0xFBFAF7 }.count, 0, "the track runs the whole height")
        XCTAssertEqual(frame.pixels(columns: 580..<581).filter { $0 & 0xffffff != 0xFBFAF7 }.count, 0,
                       "and nothing left of the bar")
    }

    func testTheDarkPaletteDrawsLightIndicatorsOnADarkPage() {
        let layout = DocumentLayout(document: Document(text: text, isMarkdown: false, title: "t"), palette: .dark)
        var view = scrollView(for: layout, width: 600, height: 400)
        view.flashScrollIndicators(timeMilliseconds: 0)
        let frame = OffscreenFrame(width: 600, height: 400)
        _ = FrameRenderer().render(layout, frame: view.frame, into: frame.buffer, showing: nil)
        XCTAssertEqual(frame.pixel(x: 0, y: 0) & 0xffffff, 0x1C1C1E)
        let bar = frame.pixels(columns: (600 - 6)..<(600 - 3)).filter { ($0 >> 8) & 0xff > 0x50 }
        XCTAssertGreaterThan(bar.count, 36 * 2, "lighter than the page")
    }

    private func pageControl(pages: Int, current: Int, width: Double = 400) -> PageControlLayout {
        var view = ScrollView(viewportSize: LogicalSize(width: width, height: 300),
                              contentSize: LogicalSize(width: width * Double(pages), height: 300))
        view.isPagingEnabled = true
        view.showsPageControl = true
        view.scrollToPage(current, animated: false, timeMilliseconds: 0)
        return PageControlLayout(view.frame.pageControl, viewportWidth: width, viewportHeight: 300, style: OverlayStyle())
    }

    func testAllDotsShowWhenTheyFitWithTheCurrentOneLarger() {
        let control = pageControl(pages: 5, current: 2)
        XCTAssertEqual(control.dots.map(\.page), [0, 1, 2, 3, 4])
        XCTAssertEqual(control.dots.filter(\.isCurrent).map(\.page), [2])
        XCTAssertGreaterThan(control.dots[2].radius, control.dots[1].radius)
        XCTAssertEqual(control.dots[0].radius, control.dots[1].radius, "no shrinking when all fit")
    }

    func testManyPagesShowAsManyDotsAsFitWithShrinkingEdges() {
        let control = pageControl(pages: 200, current: 100, width: 300)
        XCTAssertLessThan(control.dots.count, 200)
        XCTAssertLessThanOrEqual(control.backdropWidth, 300 - 2 * 16)
        XCTAssertTrue(control.dots.contains { $0.page == 100 && $0.isCurrent })
        XCTAssertLessThan(control.dots.first!.radius, control.dots[2].radius, "pages beyond the left edge")
        XCTAssertLessThan(control.dots.last!.radius, control.dots[control.dots.count - 3].radius, "and the right")
        let atStart = pageControl(pages: 200, current: 0, width: 300)
        XCTAssertEqual(atStart.dots.first!.page, 0)
        XCTAssertEqual(atStart.dots[1].radius, atStart.dots[2].radius, "nothing beyond the left edge")
    }

    func testTapsAndScrubsPickPages() {
        let control = pageControl(pages: 5, current: 2)
        let current = control.dots[2].centerX
        XCTAssertEqual(control.direction(ofTapAtX: current - 20), .previous)
        XCTAssertEqual(control.direction(ofTapAtX: current + 20), .next)
        XCTAssertEqual(control.page(atScrubX: control.dots[4].centerX), 4)
        XCTAssertEqual(control.page(atScrubX: -1_000), 0)
        XCTAssertTrue(control.contains(x: current, y: control.centerY))
        XCTAssertFalse(control.contains(x: current, y: 0))
    }

    func testTheDrawnPageControlHasOneDarkerDotPerPage() {
        let layout = ImageCollectionLayout(document: Document(title: "t", imagePaths: (0..<4).map { "/nonexistent/\($0).png" }))
        layout.setViewportSize(width: 400, height: 300)
        var view = ScrollView(viewportSize: LogicalSize(width: 400, height: 300),
                              contentSize: LogicalSize(width: layout.contentSize.width, height: 300))
        view.isPagingEnabled = true
        view.showsPageControl = true
        view.scrollToPage(1, animated: false, timeMilliseconds: 0)
        let frame = OffscreenFrame(width: 400, height: 300)
        _ = FrameRenderer().render(layout, frame: view.frame, into: frame.buffer, showing: nil)
        let row = 300 - Int(OverlayStyle().pageControlBottomInsetPixels)
        // Runs of dark pixels along the dots' centre line: one per dot; the current is darkest.
        var runs: [[UInt32]] = []
        var inRun = false
        for x in 0..<400 {
            let pixel = frame.pixel(x: x, y: row)
            let isDot = (pixel >> 8) & 0xff < 0xE0
            if isDot, !inRun { runs.append([]) }
            if isDot { runs[runs.count - 1].append(pixel) }
            inRun = isDot
        }
        XCTAssertEqual(runs.count, 4)
        let darkest = runs.map { $0.map { ($0 >> 8) & 0xff }.min()! }
        XCTAssertEqual(darkest.firstIndex(of: darkest.min()!), 1)
    }

    func testASinglePageHidesThePageControlWhenAsked() {
        var view = ScrollView(viewportSize: LogicalSize(width: 400, height: 300), contentSize: LogicalSize(width: 400, height: 300))
        view.showsPageControl = true
        view.hidesPageControlForSinglePage = true
        let layout = ImageCollectionLayout(document: Document(title: "t", imagePaths: ["/nonexistent/only.png"]))
        layout.setViewportSize(width: 400, height: 300)
        let frame = OffscreenFrame(width: 400, height: 300)
        _ = FrameRenderer().render(layout, frame: view.frame, into: frame.buffer, showing: nil)
        let row = 300 - Int(OverlayStyle().pageControlBottomInsetPixels)
        XCTAssertTrue(frame.pixels(rows: row..<(row + 1)).allSatisfy { $0 & 0xffffff == 0xFBFAF7 })
    }
}
