import CCairo
import DocumentKit
import EPUBFixtures
import Foundation
import KindRegistry
import Machinery
@testable import TextKind
import XCTest

/// What a reader does to a book's text as to a Markdown file's (issue 24): text zoom re-wraps
/// it and keeps the paragraph read at the top, `--dark` sets it light on dark, and the reading
/// position in a later chapter comes back when the book is opened again.
final class EPUBReadingTests: XCTestCase {
    private let width = 1000.0, height = 800.0

    /// Six chapters of twenty paragraphs, each paragraph naming its chapter and number.
    private func bookPath() throws -> String {
        let chapters = (1...6).map { chapter in
            BookChapter(title: "Chapter \(chapter)", paragraphs: (1...20).map { paragraph in
                "Paragraph \(paragraph) of chapter \(chapter) runs on over more than one line of the column, "
                    + "so that a larger text size wraps it into more lines than before."
            })
        }
        let path = temporaryPath(self)
        try GeneratedBook.write(title: "Reading", chapters: chapters, to: path)
        return path
    }

    private func open(_ path: String, palette: Palette = .light) throws -> (TextDocument, DocumentLayout) {
        let document = try XCTUnwrap(try KindRegistry.open(path) as? TextDocument)
        let layout = try XCTUnwrap(document.makeLayout(palette: palette, paged: false) as? DocumentLayout)
        layout.setViewportSize(width: width, height: height)
        return (document, layout)
    }

    /// Prepares the view at the reading position until its chapters are read and it is laid out.
    private func settle(_ layout: DocumentLayout) {
        for _ in 0..<200 {
            let top = layout.anchorOffset.y
            _ = layout.prepare(ContentRect(x: 0, y: top, width: width, height: height), margin: height, drawScale: 1)
            if !layout.isReadingContent, !layout.hasPendingLayout, layout.anchorOffset.y == top { return }
            layout.waitForChapterReads()
        }
        XCTFail("the layout settles")
    }

    /// The place of paragraph `paragraph` of chapter `chapter` (from 1).
    private func location(ofParagraph paragraph: Int, chapter: Int, in document: TextDocument) throws -> AccessibleBlockLocation {
        let text = "Paragraph \(paragraph) of chapter \(chapter) "
        let sections = try XCTUnwrap(document.chapters?.sections(ofChapter: chapter - 1))
        for section in sections {
            if let block = document.blocks(inSection: section).firstIndex(where: { $0.text.hasPrefix(text) }) {
                return AccessibleBlockLocation(section: section, block: block)
            }
        }
        return try XCTUnwrap(nil as AccessibleBlockLocation?, "paragraph \(paragraph) of chapter \(chapter) is in the book")
    }

    func testTextZoomRewrapsTheBookAndKeepsTheParagraphReadAtTheTop() throws {
        let (document, layout) = try open(try bookPath())
        let place = try location(ofParagraph: 12, chapter: 4, in: document)
        layout.readingAnchor = ReadingAnchor(section: place.section, block: place.block, fraction: 0)
        settle(layout)
        let before = try XCTUnwrap(layout.frame(of: place))
        XCTAssertEqual(before.y, layout.anchorOffset.y, accuracy: 1, "the paragraph is at the top")

        let kept = layout.setTextScale(2, keepingTextAt: before.y)
        settle(layout)
        XCTAssertEqual(layout.textScale, 2)
        XCTAssertEqual(layout.readingAnchor.section, place.section, "the same paragraph is read")
        XCTAssertEqual(layout.readingAnchor.block, place.block)
        let after = try XCTUnwrap(layout.frame(of: place))
        XCTAssertEqual(after.y, kept, accuracy: 1, "where the zoom says the text now is")
        XCTAssertGreaterThan(after.height, 2.2 * before.height, "twice the size on more lines: re-wrapped, not magnified")
        XCTAssertLessThanOrEqual(after.width, width, "within the window")
    }

    func testABookInTheDarkPaletteIsLightTextOnADarkPage() throws {
        let (_, layout) = try open(try bookPath(), palette: .dark)
        settle(layout)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        let page = Palette.dark.page
        cairo_set_source_rgb(cairo, page.red, page.green, page.blue)
        cairo_paint(cairo)
        layout.draw(ContentRect(x: 0, y: 0, width: width, height: height), on: cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!, rowBytes = Int(cairo_image_surface_get_stride(surface))
        var light = 0, dark = 0
        for y in stride(from: 0, to: Int(height), by: 2) {
            for x in stride(from: 0, to: Int(width), by: 2) {
                let pixel = data + y * rowBytes + x * 4
                let sum: Int = Int(pixel[0]) + Int(pixel[1]) + Int(pixel[2])
                let luminance = sum / 3
                if luminance > 160 { light += 1 } else if luminance < 60 { dark += 1 }
            }
        }
        XCTAssertGreaterThan(light, 1_000, "the chapter's text, light")
        XCTAssertGreaterThan(dark, 5 * light, "on a dark page")
        XCTAssertLessThan(page.red + page.green + page.blue, 0.75, "the dark palette's page is dark")
    }

    func testTheReadingPositionInALaterChapterComesBackWhenTheBookOpensAgain() throws {
        let path = try bookPath()
        let (first, layout) = try open(path)
        let place = try location(ofParagraph: 7, chapter: 5, in: first)
        layout.readingAnchor = ReadingAnchor(section: place.section, block: place.block, fraction: 0.25)
        settle(layout)
        // What the app saves: the anchor, a block of the book's text, not a pixel offset.
        let saved = layout.readingAnchor
        XCTAssertEqual(saved.section, place.section)

        let (again, reopened) = try open(path)
        reopened.readingAnchor = saved
        settle(reopened)
        let shown = try XCTUnwrap(reopened.frame(of: AccessibleBlockLocation(section: saved.section, block: saved.block)))
        XCTAssertEqual(reopened.anchorOffset.y, shown.y + saved.fraction * shown.height, accuracy: 1,
                       "the view opens where the reader was")
        XCTAssertEqual(again.blocks(inSection: saved.section)[saved.block].text,
                       first.blocks(inSection: place.section)[place.block].text, "at the same paragraph of chapter 5")
    }
}
