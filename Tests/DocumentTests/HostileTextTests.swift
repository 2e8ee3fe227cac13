@testable import DocumentKit
import Foundation
@testable import TextKind
import XCTest

/// Text that would stall shaping: long runs of combining marks.
final class HostileTextTests: XCTestCase {
    func testCombiningRunsAreCutAtTheStreamSafeLimit() {
        let text = "e" + String(repeating: "\u{300}", count: 500_000) + " ok"
        let bounded = TextSanitizer.boundingCombiningSequences(text)
        XCTAssertEqual(bounded.unicodeScalars.count, 1 + TextSanitizer.maximumNonStarters + 3)
        XCTAssertTrue(bounded.hasSuffix(" ok"))
        let vietnamese = "Tiếng Việt có dấu: ẳ ặ ỗ"
        XCTAssertEqual(TextSanitizer.boundingCombiningSequences(vietnamese), vietnamese, "real text is untouched")
        let decomposed = "a\u{301}\u{323}\u{302}"
        XCTAssertEqual(TextSanitizer.boundingCombiningSequences(decomposed), decomposed)
        let tail = String(repeating: "\u{300}", count: 4_000) + " next"
        XCTAssertEqual(TextSanitizer.boundingCombiningSequences(tail), " next", "the overlong tail of a run cut off before")
        let shortTail = String(repeating: "\u{300}", count: 3) + " next"
        XCTAssertEqual(TextSanitizer.boundingCombiningSequences(shortTail), shortTail)
    }

    func testAFileOfOneBaseAndHalfAMillionMarksHasSmallBlocks() throws {
        let text = "e" + String(repeating: "\u{300}", count: 500_000) + "\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString).txt").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let document = try TextDocument(contentsOfFile: path)
        let scalars = document.blocks.reduce(0) { $0 + $1.text.unicodeScalars.count }
        // The base and its first 30 marks; the rest of the run, in later sections, is left out.
        XCTAssertEqual(scalars, 1 + TextSanitizer.maximumNonStarters)
        let layout = DocumentLayout(document: document)
        layout.setViewportSize(width: 1280, height: 800)
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: 1280, height: 800), margin: 400)
        XCTAssertGreaterThan(layout.sectionsLaidOutCount, 0)
    }

    /// Issue 28: one e and 400,000 U+0301, then 3,000 short lines. The marks' 97 sections
    /// come out empty, so nothing but a budget stopped one prepare from laying out every one
    /// of them (and a longer flood, any number) before the frame could be drawn.
    func testAFloodOfMarksIsLaidOutAFewSectionsAPrepare() throws {
        let lines = (0..<3_000).map { "Line \($0) after the marks.\n" }.joined()
        let text = "e" + String(repeating: "\u{301}", count: 400_000) + "\n" + lines
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString).txt").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let layout = DocumentLayout(document: try TextDocument(contentsOfFile: path))
        layout.setViewportSize(width: 1280, height: 800)
        let before = layout.sectionsLaidOutCount
        let viewport = ContentRect(x: 0, y: 0, width: 1280, height: 800)
        _ = layout.prepare(viewport, margin: 400)
        // The first section (the e and its first 30 marks) and at most a budget of empty ones.
        XCTAssertLessThanOrEqual(layout.sectionsLaidOutCount - before, 1 + DocumentLayout.emptySectionsPerPrepare,
                                 "sections one prepare laid out")
        XCTAssertTrue(layout.hasPendingLayout, "the rest is left for the next frames")
        XCTAssertNil(layout.position(ofBlockStarting: "Line 0 "), "not laid out yet: blank")
        var prepares = 1
        while layout.hasPendingLayout, prepares < 100 {
            _ = layout.prepare(viewport, margin: 400)
            prepares += 1
        }
        XCTAssertFalse(layout.hasPendingLayout)
        XCTAssertGreaterThan(prepares, 97 / DocumentLayout.emptySectionsPerPrepare, "a few sections a prepare")
        let firstLine = try XCTUnwrap(layout.position(ofBlockStarting: "Line 0 "), "the lines after the marks")
        XCTAssertLessThan(firstLine, 100, "right below the e, once the marks' sections are laid out")
    }
}
