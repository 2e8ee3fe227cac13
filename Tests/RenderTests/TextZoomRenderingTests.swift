import DocumentKit
import Render
import ScrollEngine
import TextKind
import XCTest

/// Zoomed text at rest: set larger and re-wrapped, never running past the window.
final class TextZoomRenderingTests: XCTestCase {
    private let text = (0..<40).map { "Paragraph \($0): " + String(repeating: "a sentence that wraps in the window ", count: 5) }
        .joined(separator: "\n\n")

    /// The rightmost column with ink.
    private func rightmostInk(_ frame: OffscreenFrame) -> Int {
        (0..<frame.buffer.width).last { frame.inkCount(columns: $0..<($0 + 1)) > 0 } ?? 0
    }

    func testZoomedTextReWrapsInsideTheWindowAtTwiceTheSize() {
        let plain = DocumentLayout(document: TextDocument(text: text, isMarkdown: true, title: "t"))
        let normal = renderOnce(plain, width: 600, height: 400)
        let zoomed = DocumentLayout(document: TextDocument(text: text, isMarkdown: true, title: "t"))
        zoomed.setViewportSize(width: 600, height: 400)
        _ = zoomed.prepare(ContentRect(x: 0, y: 0, width: 600, height: 400), margin: 0)
        zoomed.setTextScale(2, keepingTextAt: 0)
        let large = renderOnce(zoomed, width: 600, height: 400)
        XCTAssertLessThanOrEqual(rightmostInk(large), 600 - 24, "no line runs into the side margin, let alone past the window")
        XCTAssertGreaterThan(rightmostInk(large), 600 - 24 - 120, "lines fill the column")
        XCTAssertLessThan(large.inkCount(), normal.inkCount() * 3, "fewer, larger glyphs")
        XCTAssertGreaterThan(inkRows(large), 0)
        XCTAssertLessThan(inkRuns(large), inkRuns(normal), "fewer lines fill the window")
    }

    private func inkRows(_ frame: OffscreenFrame) -> Int {
        (0..<frame.buffer.height).filter { frame.inkCount(rows: $0..<($0 + 1)) > 0 }.count
    }

    /// Runs of rows with ink: lines of text.
    private func inkRuns(_ frame: OffscreenFrame) -> Int {
        var runs = 0, inked = false
        for row in 0..<frame.buffer.height {
            let has = frame.inkCount(rows: row..<(row + 1)) > 0
            if has && !inked { runs += 1 }
            inked = has
        }
        return runs
    }
}
