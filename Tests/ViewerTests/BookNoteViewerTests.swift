import DocumentKit
import TextKind
import Viewer
import XCTest

/// A book's chapters through the viewer offscreen (issue 24): a tap on a note's reference in
/// one chapter scrolls, animated, to the note in a later one.
final class BookNoteViewerTests: XCTestCase {
    /// Twelve chapters of XHTML; the first refers to a footnote at the end of chapter 7.
    private struct Book: TextChapterSource {
        var chapterCount: Int { 12 }

        func xhtml(ofChapter index: Int) -> String {
            var body = "<h1>Chapter \(index)</h1>"
            if index == 0 { body += "<p>A claim<a epub:type=\"noteref\" href=\"c7.xhtml#n1\">1</a> to check.</p>" }
            body += String(repeating: "<p>Paragraphs of a chapter fill the screens between the reference and its note.</p>",
                           count: 30)
            if index == 7 { body += "<aside epub:type=\"footnote\" id=\"n1\"><p>The note in chapter seven.</p></aside>" }
            return "<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\" "
                + "xmlns:epub=\"http://www.idpf.org/2007/ops\"><body>\(body)</body></html>"
        }

        func byteCount(ofChapter index: Int) -> Int { xhtml(ofChapter: index).utf8.count }

        func blocks(ofChapter index: Int) -> [Block] {
            MarkupBlocks.blocks(ofXHTML: Array(xhtml(ofChapter: index).utf8), references: References(chapter: "c\(index).xhtml"))
        }

        func chapter(holdingAnchor name: String) -> Int? {
            guard name.hasPrefix("c"), let dot = name.firstIndex(of: ".") else { return nil }
            return Int(name[name.index(after: name.startIndex)..<dot])
        }
    }

    private struct References: MarkupReferences {
        let chapter: String
        func destination(ofLink href: String) -> String? { "#" + (href.hasPrefix("#") ? chapter + href : href) }
        func imageSource(_ source: String) -> String? { nil }
        func anchor(ofID id: String) -> String { chapter + "#" + id }
    }

    func testATapOnANoteReferenceScrollsToTheNoteInALaterChapter() throws {
        let document = TextDocument(chapters: Book(), title: "A book", path: nil, baseDirectory: ".")
        let harness = ViewerHarness(layout: document.makeLayout(palette: .light))
        harness.runUntilIdle()
        let layout = try XCTUnwrap(harness.viewer.documentPane.layout as? DocumentLayout)
        // The first chapter is read on a worker, behind a placeholder, as the app's frames go on.
        harness.deliverBackgroundWork { !layout.isReadingChapters && !layout.links(within: 0...600).isEmpty }
        let link = try XCTUnwrap(layout.links(within: 0...600).first { $0.destination == "#c7.xhtml#n1" })
        let rect = try XCTUnwrap(link.rects.first)
        harness.tap(rect.x + rect.width / 2, rect.y + rect.height / 2)
        func offset() -> Double { harness.frames.last!.traced.contentOffset.y }
        harness.deliverBackgroundWork { offset() > 5_000 && !harness.frames.last!.isAnimating }
        harness.runUntilIdle()
        let note = try XCTUnwrap(document.position(ofHeadingAnchor: "c7.xhtml#n1"))
        XCTAssertEqual(document.chapter(ofSection: note.section), 7)
        let noteTop = try XCTUnwrap(layout.lineTop(of: note, viewportTop: offset()))
        XCTAssertEqual(noteTop - offset(), 16, accuracy: 2, "the note is at the top, a little space above it")
    }
}
