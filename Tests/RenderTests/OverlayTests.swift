import DocumentKit
import ImageKind
import Render
import ScrollEngine
import TextKind
import XCTest

/// Indicators and the page control drawn over the content.
final class OverlayTests: XCTestCase {
    private let text = String(repeating: "Words to scroll past. ", count: 2_000)

    /// The vertical indicator's strip at the right edge: 3 px bar, 3 px inset.
    private func indicatorInk(_ frame: OffscreenFrame) -> Int {
        frame.pixels(columns: (frame.buffer.width - 6)..<(frame.buffer.width - 3)).filter { $0 & 0xffffff != 0xFBFAF7 }.count
    }

    func testTheIndicatorIsDrawnAtOpacityOneAndNotAtZero() {
        let layout = DocumentLayout(document: TextDocument(text: text, isMarkdown: false, title: "t"))
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
        let layout = DocumentLayout(document: TextDocument(text: text, isMarkdown: false, title: "t"))
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
        let layout = DocumentLayout(document: TextDocument(text: text, isMarkdown: false, title: "t"), palette: .dark)
        var view = scrollView(for: layout, width: 600, height: 400)
        view.flashScrollIndicators(timeMilliseconds: 0)
        let frame = OffscreenFrame(width: 600, height: 400)
        _ = FrameRenderer().render(layout, frame: view.frame, into: frame.buffer, showing: nil)
        XCTAssertEqual(frame.pixel(x: 0, y: 0) & 0xffffff, 0x1C1C1E)
        let bar = frame.pixels(columns: (600 - 6)..<(600 - 3)).filter { ($0 >> 8) & 0xff > 0x50 }
        XCTAssertGreaterThan(bar.count, 36 * 2, "lighter than the page")
    }

    func testTheDrawnPageControlHasOneDarkerDotPerPage() {
        let layout = ImageCollectionLayout(collection: ImageCollection(title: "t", imagePaths: (0..<4).map { "/nonexistent/\($0).png" }))
        layout.setViewportSize(width: 400, height: 300)
        var view = ScrollView(viewportSize: LogicalSize(width: 400, height: 300),
                              contentSize: LogicalSize(width: layout.contentSize.width, height: 300))
        view.isPagingEnabled = true
        view.showsPageControl = true
        view.scrollToPage(1, animated: false, timeMilliseconds: 0)
        let frame = OffscreenFrame(width: 400, height: 300)
        _ = FrameRenderer().render(layout, frame: view.frame, into: frame.buffer, showing: nil)
        let row = Int(PageControlLayout.centerY(viewportHeight: 300))
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
        XCTAssertEqual(runs.map(\.count).max(), runs.map(\.count).min(), "the current dot differs by colour, not size")
    }

    func testASinglePageHidesThePageControlWhenAsked() {
        var view = ScrollView(viewportSize: LogicalSize(width: 400, height: 300), contentSize: LogicalSize(width: 400, height: 300))
        view.showsPageControl = true
        view.hidesPageControlForSinglePage = true
        let layout = ImageCollectionLayout(collection: ImageCollection(title: "t", imagePaths: ["/nonexistent/only.png"]))
        layout.setViewportSize(width: 400, height: 300)
        let frame = OffscreenFrame(width: 400, height: 300)
        _ = FrameRenderer().render(layout, frame: view.frame, into: frame.buffer, showing: nil)
        let row = Int(PageControlLayout.centerY(viewportHeight: 300))
        XCTAssertTrue(frame.pixels(rows: row..<(row + 1)).allSatisfy { $0 & 0xffffff == 0xFBFAF7 })
    }
}

extension PageControlLayout {
    /// The dots' centre line in a viewport `viewportHeight` tall, with the default style.
    static func centerY(viewportHeight: Double) -> Double {
        let model = PageControlModel(numberOfPages: 2, currentPage: 0, axis: .horizontal, isHidden: false)
        return PageControlLayout(model, viewportWidth: 400, viewportHeight: viewportHeight, style: OverlayStyle()).centerY
    }
}
