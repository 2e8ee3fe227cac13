@testable import DocumentKit
import Render
@testable import TextKind
import XCTest

/// Pages side by side drawn through the tiled renderer: page i at x = i·W looks exactly like
/// page i of the vertical paginated layout, and no line is cut at a page's edge.
final class HorizontalPagesRenderingTests: XCTestCase {
    private let width = 420, height = 360

    /// About 11 KB of paragraphs, each starting with its number: two sections, a dozen pages.
    private let document = TextDocument(
        text: (1...60).map { "Paragraph \($0) " + String(repeating: "turns like paper. ", count: 3 + $0 % 11) }
            .joined(separator: "\n\n"),
        isMarkdown: true, title: "pages")

    /// The layout with every section laid out, so its pages are final.
    private func laidOut<Layout: ContentLayout>(_ layout: Layout) -> Layout {
        layout.setViewportSize(width: Double(width), height: Double(height))
        _ = layout.prepareCompletely(ContentRect(x: 0, y: 0, width: Double(width), height: Double(height)), margin: 1_000_000)
        return layout
    }

    func testAPageDrawnAcrossMatchesThePageDrawnDown() {
        for scale in [1.0, 2.0] {
            let vertical = DocumentLayout(document: document)
            vertical.isPaginated = true
            let across = laidOut(HorizontalPagesLayout(document: document))
            _ = laidOut(vertical)
            XCTAssertEqual(across.pageCount, vertical.pageCount)
            XCTAssertGreaterThan(across.pageCount, 6)
            for page in [0, 3, across.pageCount - 1] {
                let down = renderOnce(vertical, width: width, height: height, scale: scale, offsetY: Double(page * height))
                let sideways = renderOnce(across, width: width, height: height, scale: scale, offsetX: Double(page * width))
                XCTAssertGreaterThan(sideways.inkCount(), 1_000, "page \(page) has text")
                XCTAssertEqual(sideways.pixels(), down.pixels(), "page \(page) at scale \(scale)")
            }
        }
    }

    func testNoPageShowsPartOfALineAtItsTopOrBottom() {
        let layout = laidOut(HorizontalPagesLayout(document: document))
        // Ink this close to a page's top or bottom edge would be a line cut by the edge (the
        // text keeps a 40 px page margin).
        let edge = 24
        for page in 0..<layout.pageCount {
            let frame = renderOnce(layout, width: width, height: height, offsetX: Double(page * width))
            XCTAssertEqual(frame.inkCount(rows: 0..<edge), 0, "top of page \(page)")
            XCTAssertEqual(frame.inkCount(rows: (height - edge)..<height), 0, "bottom of page \(page)")
            XCTAssertGreaterThan(frame.inkCount(), 0, "page \(page) is drawn")
        }
    }

    func testEveryPageTheFramesTilesReachIsLaidOut() {
        // Tiles are cached whole and reach pages past the viewport: a page still unlaid-out
        // when its tile is drawn would be kept blank. At 900×1400 a section (8 KB) is about
        // five pages and a tile (up to 2048 px) reaches two pages on. A frame may leave part
        // of its margin for the next (`hasPendingLayout`), as the viewer's frames go on until
        // it is false; then every page the tiles reach is laid out, and drawn from the same
        // tiles it shows text.
        let (width, height) = (900, 1400)
        let long = TextDocument(text: String(repeating: document.blocks.map(\.text).joined(separator: "\n\n") + "\n\n", count: 8),
                            isMarkdown: true, title: "long")
        for shown in 4..<30 {
            let layout = HorizontalPagesLayout(document: long)
            let renderer = FrameRenderer()
            var frames = 0
            repeat {
                _ = renderOnce(layout, width: width, height: height, offsetX: Double(shown * width), renderer: renderer)
                frames += 1
            } while layout.hasPendingLayout && frames < 20
            XCTAssertFalse(layout.hasPendingLayout, "the margin fills within \(frames) frames")
            let tileWidth = TileCache.tileWidth(contentWidthPixels: Int(layout.contentSize.width))
            let firstTile = shown * width / tileWidth, lastTile = ((shown + 1) * width - 1) / tileWidth
            let pages = (firstTile * tileWidth / width)...min(((lastTile + 1) * tileWidth - 1) / width, layout.pageCount - 1)
            for page in pages {
                XCTAssertFalse(layout.column.blockTexts(onPage: page).isEmpty, "page \(page) from page \(shown)")
                let frame = renderOnce(layout, width: width, height: height, offsetX: Double(page * width), renderer: renderer)
                XCTAssertGreaterThan(frame.inkCount(), 0, "page \(page) from page \(shown) is drawn")
            }
        }
    }

    func testHalfwayBetweenPagesShowsTheRightHalfOfOneAndTheLeftHalfOfTheNext() {
        let layout = laidOut(HorizontalPagesLayout(document: document))
        let half = width / 2
        let between = renderOnce(layout, width: width, height: height, offsetX: Double(4 * width + half))
        let fourth = renderOnce(layout, width: width, height: height, offsetX: Double(4 * width))
        let fifth = renderOnce(layout, width: width, height: height, offsetX: Double(5 * width))
        XCTAssertEqual(between.pixels(columns: 0..<half), fourth.pixels(columns: half..<width))
        XCTAssertEqual(between.pixels(columns: half..<width), fifth.pixels(columns: 0..<half))
    }
}
