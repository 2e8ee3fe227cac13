import Foundation
import GlideDriver
import TestCompositor
import XCTest

/// A book pandoc made, under a finger in the test compositor (issue 24): a long press selects
/// a word of the book, the finger drags the selection on, and Ctrl+C copies what it holds.
final class BookTouchTests: GlideTestCase {
    /// A book of two chapters, written by pandoc from Markdown into a new folder.
    private func book(_ markdown: String? = nil) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glide-book-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("book.md").path
        try (markdown ?? """
            # Opening

            Alpha bravo charlie delta echo foxtrot golf hotel india juliet.

            Second paragraph of the opening chapter.

            # Closing

            The last chapter's only paragraph.
            """).write(toFile: source, atomically: true, encoding: .utf8)
        let book = folder.appendingPathComponent("book.epub").path
        let pandoc = Process()
        pandoc.executableURL = URL(fileURLWithPath: "/usr/bin/pandoc")
        pandoc.arguments = [source, "--metadata", "title=Touch Book", "--epub-chapter-level=1", "-o", book]
        try pandoc.run()
        pandoc.waitUntilExit()
        XCTAssertEqual(pandoc.terminationStatus, 0, "pandoc wrote the book")
        return book
    }

    /// The top-left of the ink of the first text line below `y`.
    private func firstText(in image: SurfaceImage, below y: Int) -> (x: Int, y: Int)? {
        var row = y
        // Skip the lines above: find a gap, then the next inked row.
        while row < image.height, (0..<image.width).contains(where: { image.luminance(x: $0, y: row) < 80 }) { row += 1 }
        for candidate in row..<image.height {
            if let x = (0..<image.width).first(where: { image.luminance(x: $0, y: candidate) < 80 }) { return (x, candidate) }
        }
        return nil
    }

    func testALongPressSelectsAWordOfTheBookAndCtrlCCopiesTheDraggedSelection() throws {
        let session = try start(document: .paths([try book()]))
        let image = try session.image
        // The title page's line first, then the chapter's heading, then its first paragraph.
        let title = try XCTUnwrap(firstText(in: image, below: 0))
        let heading = try XCTUnwrap(firstText(in: image, below: title.y))
        let paragraph = try XCTUnwrap(firstText(in: image, below: heading.y))
        try session.down(x: Double(paragraph.x + 12), y: Double(paragraph.y + 6))
        try session.waitForLongPress()
        XCTAssertEqual(try session.primarySelectionText(), "Alpha", "the word under the finger")
        try session.move(x: Double(paragraph.x + 300), y: Double(paragraph.y + 6))
        try session.up()
        _ = try session.runUntilIdle()
        let selected = try XCTUnwrap(session.primarySelectionText())
        XCTAssertTrue(selected.hasPrefix("Alpha bravo charlie"), selected)
        try session.type(KeyCode.letter("c")!, with: [.leftControl])
        XCTAssertEqual(try session.clipboardText(), selected, "Ctrl+C copies the selection")
    }

    /// The middle of the link-blue ink (0x0A5FC2, the light palette's links) on screen.
    private func linkCentre(in image: SurfaceImage) -> (x: Double, y: Double)? {
        var xs: [Int] = [], ys: [Int] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.rgb(x: x, y: y)
                let red = Int(pixel >> 16 & 0xFF), green = Int(pixel >> 8 & 0xFF), blue = Int(pixel & 0xFF)
                if abs(red - 0x0A) < 40, abs(green - 0x5F) < 40, abs(blue - 0xC2) < 40 {
                    xs.append(x)
                    ys.append(y)
                }
            }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return (Double(minX + maxX) / 2, Double(minY + maxY) / 2)
    }

    func testATapOnAFootnotesNumberGoesToTheNoteAndAltLeftComesBack() throws {
        let paragraphs = (1...60).map { "Paragraph \($0) of the chapter, between the reference and its note." }
        let session = try start(document: .paths([try book("""
            # The chapter

            A claim that needs a source.[^source]

            \(paragraphs.joined(separator: "\n\n"))

            [^source]: The source of the claim, at the chapter's end.
            """)]))
        let number = try XCTUnwrap(linkCentre(in: try session.image), "the note's number, a link")
        try session.down(x: number.x, y: number.y)
        try session.up()
        _ = try session.runUntilIdle()
        let atNote = try session.traceOfShownFrame().y
        XCTAssertGreaterThan(atNote, 1500, "the tap went to the note, after sixty paragraphs")
        try session.type(.left, with: [.leftAlt])
        _ = try session.runUntilIdle()
        XCTAssertEqual(try session.traceOfShownFrame().y, 0, "Alt+Left came back to the reference")
    }
}
