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
}
