@testable import DocumentKit
@testable import TextKind
import XCTest

/// Text zoom reflows: the text size changes, lines re-wrap to the window, and the text that
/// was at a chosen point (under the fingers, or at the top) is found again.
final class TextScaleTests: XCTestCase {
    private let text = (0..<120).map { "Paragraph \($0): " + String(repeating: "words that wrap across the column ", count: 6) }
        .joined(separator: "\n\n")

    private func layout(width: Double = 800, height: Double = 600) -> DocumentLayout {
        let layout = DocumentLayout(document: TextDocument(text: text, isMarkdown: true, title: "t"))
        layout.setViewportSize(width: width, height: height)
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: width, height: height), margin: 0)
        return layout
    }

    /// The most common distance between consecutive line tops.
    private func linePitch(_ layout: DocumentLayout) -> Double {
        let tops = layout.lineExtents().map(\.top).sorted()
        var counts: [Double: Int] = [:]
        for pitch in zip(tops.dropFirst(), tops).map({ ($0 - $1).rounded() }) where pitch > 0 { counts[pitch, default: 0] += 1 }
        return counts.max { $0.value < $1.value }?.key ?? 0
    }

    func testTheTextGrowsAndReWrapsToTheWindow() {
        let layout = layout()
        let pitch = linePitch(layout)
        layout.setTextScale(2, keepingTextAt: 0)
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: 800, height: 600), margin: 0)
        XCTAssertEqual(layout.textScale, 2)
        XCTAssertEqual(linePitch(layout), 2 * pitch, accuracy: 1.5, "lines twice as tall")
        XCTAssertEqual(layout.contentSize.width, 800, "never wider than the window: no sideways pan")
    }

    func testTheTextAtTheKeptPointIsWhereTheReturnedYSays() {
        let layout = layout()
        _ = layout.prepare(ContentRect(x: 0, y: 3_000, width: 800, height: 600), margin: 0)
        let before = try! XCTUnwrap(layout.position(ofBlockStarting: "Paragraph 40:"))
        let kept = layout.setTextScale(1.8, keepingTextAt: before)
        XCTAssertEqual(layout.position(ofBlockStarting: "Paragraph 40:"), kept, "the same paragraph's top")
        XCTAssertGreaterThan(kept, before, "further down: the text above grew")
        let back = layout.setTextScale(1, keepingTextAt: kept)
        XCTAssertEqual(layout.position(ofBlockStarting: "Paragraph 40:"), back, "and back at the default size")
    }

    func testTheReadingPositionSurvivesAChangeOfSize() {
        let layout = layout()
        _ = layout.prepare(ContentRect(x: 0, y: 4_000, width: 800, height: 600), margin: 0)
        let anchor = layout.readingAnchor
        layout.setTextScale(2.5, keepingTextAt: layout.anchorOffset.y)
        XCTAssertEqual(layout.readingAnchor, anchor)
        layout.setTextScale(1, keepingTextAt: layout.anchorOffset.y)
        XCTAssertEqual(layout.readingAnchor, anchor, "Ctrl+0 keeps the reading position")
    }

    func testTheSizeStaysWithinSensibleLimits() {
        let layout = layout()
        layout.setTextScale(40, keepingTextAt: 0)
        XCTAssertEqual(layout.textScale, 3)
        layout.setTextScale(0.01, keepingTextAt: 0)
        XCTAssertEqual(layout.textScale, 0.5)
    }

    func testPagedTextRePaginatesAtTheNewSizeKeepingItsPage() {
        let pages = HorizontalPagesLayout(document: TextDocument(text: text, isMarkdown: true, title: "t"))
        pages.setViewportSize(width: 800, height: 600)
        _ = pages.prepare(ContentRect(x: 0, y: 0, width: 800, height: 600), margin: 0)
        let count = pages.pageCount
        let kept = pages.setTextScale(2, keeping: .zero)
        _ = pages.prepare(ContentRect(x: kept.x, y: 0, width: 800, height: 600), margin: 0)
        XCTAssertEqual(kept.x, 0)
        XCTAssertGreaterThan(pages.pageCount, count, "bigger text takes more pages")
    }
}
