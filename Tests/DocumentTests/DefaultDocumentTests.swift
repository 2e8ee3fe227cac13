@testable import DocumentKit
import Foundation
@testable import TextKind
import XCTest

/// The bundled document is long, structured and bilingual, so there is something to scroll.
final class DefaultDocumentTests: XCTestCase {
    private var path: String {
        // Tests/DocumentTests/DefaultDocumentTests.swift → resources/default-document.md
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("resources/default-document.md").path
    }

    func testIsAtLeastThirtyScreensAt1280By800() throws {
        let layout = DocumentLayout(document: try TextDocument(contentsOfFile: path))
        layout.setViewportSize(width: 1280, height: 800)
        // Lay out all of it: the estimates are only estimates.
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: 1280, height: 800), margin: 1_000_000)
        XCTAssertGreaterThanOrEqual(layout.contentSize.height, 30 * 800)
    }

    func testHasHeadingsParagraphsAndLatinAndCyrillicText() throws {
        let document = try TextDocument(contentsOfFile: path)
        let headings = document.blocks.filter { if case .heading = $0.kind { return true } else { return false } }
        XCTAssertGreaterThanOrEqual(headings.count, 10)
        XCTAssertGreaterThanOrEqual(document.blocks.filter { $0.kind == .paragraph }.count, 100)
        let scalars = document.blocks.flatMap(\.text.unicodeScalars)
        XCTAssertGreaterThan(scalars.filter { (0x0400...0x04FF).contains($0.value) }.count, 1_000, "Cyrillic")
        XCTAssertGreaterThan(scalars.filter { ("a"..."z").contains($0) }.count, 10_000, "Latin")
    }
}
