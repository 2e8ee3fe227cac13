import ArchiveFixtures
import DocumentKit
import EPUBKind
import Foundation
import KindRegistry
@testable import TextKind
import XCTest

/// The cover opens the book: its image first, as large as a page, then the first chapter;
/// never twice when the first chapter shows it already.
final class EPUBCoverTests: XCTestCase {
    private static let coverEntry = "OEBPS/Images/cover.png"

    /// A two-chapter book whose cover the package names with `coverMetadata` and `coverItem`;
    /// `first` is the first spine document.
    private func book(version: String = "3.0", coverMetadata: String = "", coverProperties: String = " properties=\"cover-image\"",
                      first: ArchiveEntry = TestBooks.chapter("OEBPS/Text/one.xhtml", title: "One")) throws -> TextDocument {
        let path = try TestBooks.write([
            TestBooks.mimetype, TestBooks.container(),
            TestBooks.package(version: version, metadata: TestBooks.metadata(extra: coverMetadata), manifest: """
                <item id="cover-img" href="Images/cover.png" media-type="image/png"\(coverProperties)/>
                <item id="c1" href="Text/one.xhtml" media-type="application/xhtml+xml"/>
                <item id="c2" href="Text/two.xhtml" media-type="application/xhtml+xml"/>
                """, spine: "<itemref idref=\"c1\"/><itemref idref=\"c2\"/>"),
            first,
            TestBooks.chapter("OEBPS/Text/two.xhtml", title: "Two"),
            ArchiveEntry(EPUBCoverTests.coverEntry, bytes: TestImages.redPNG(width: 60, height: 80)),
        ], self)
        return try XCTUnwrap(try KindRegistry.open(path) as? TextDocument)
    }

    private func imageSources(_ book: TextDocument) -> [String] {
        book.blocks.compactMap { block in
            if case .image(let source, _) = block.kind { return source }
            return nil
        }
    }

    func testTheCoverImageIsShownFirstThenTheFirstChapter() throws {
        let book = try book()
        let blocks = book.blocks
        XCTAssertEqual(blocks.first?.kind, .image(source: EPUBCoverTests.coverEntry))
        XCTAssertEqual(blocks.first?.style.fitsViewport, true, "the cover is shown as a page is")
        XCTAssertEqual(blocks.dropFirst().first?.kind, .chapterBreak)
        XCTAssertEqual(blocks.dropFirst(2).first?.text, "One")
        let one = try XCTUnwrap(book.position(ofHeadingAnchor: "OEBPS/Text/one.xhtml"))
        XCTAssertEqual(book.blocks(inSection: one.section)[one.block].text, "One", "a link to the chapter leads past the cover")
    }

    func testAnEPUB2BooksCoverIsTheImageItsMetaNames() throws {
        let book = try book(version: "2.0", coverMetadata: "<meta name=\"cover\" content=\"cover-img\"/>", coverProperties: "")
        XCTAssertEqual(imageSources(book), [EPUBCoverTests.coverEntry])
        XCTAssertEqual(book.blocks.first?.kind, .image(source: EPUBCoverTests.coverEntry))
    }

    func testACoverPageFirstInTheSpineIsNotShownTwice() throws {
        // What pandoc writes: the cover as an SVG's image in a page of its own.
        let coverPage = ArchiveEntry("OEBPS/Text/one.xhtml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Cover</title></head>
            <body epub:type="cover"><div id="cover-image"><svg xmlns="http://www.w3.org/2000/svg"
              xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="100%" height="100%" viewBox="0 0 60 80">
              <image width="60" height="80" xlink:href="../Images/cover.png"/></svg></div></body></html>
            """)
        let book = try book(first: coverPage)
        XCTAssertEqual(imageSources(book), [EPUBCoverTests.coverEntry], "once, as the book's own page shows it")
        XCTAssertEqual(book.blocks.filter { $0.kind == .chapterBreak }.count, 1, "only the break before chapter two")
    }

    func testABookWithoutACoverOpensAtItsFirstChapter() throws {
        let book = try book(coverProperties: "")
        XCTAssertEqual(imageSources(book), [])
        XCTAssertEqual(book.blocks.first?.text, "One")
    }

    func testASmallCoverIsShownAsLargeAsTheViewportNotAsAThumbnail() throws {
        let book = try book()
        let images = book.makeImageStore()
        _ = images.image(atPath: EPUBCoverTests.coverEntry)
        images.waitForDecodes()
        let layout = try XCTUnwrap(book.makeLayout(palette: .light, images: images) as? DocumentLayout)
        layout.setViewportSize(width: 1000, height: 800)
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: 1000, height: 800), margin: 800, drawScale: 1)
        let frame = try XCTUnwrap(layout.frame(ofBlock: 0, inSection: 0))
        XCTAssertGreaterThan(frame.height, 600, "the 60×80 cover fills most of the viewport's height")
        XCTAssertLessThanOrEqual(frame.height, 800, "and no more than it")
        XCTAssertGreaterThanOrEqual(frame.width, frame.height * 60 / 80, "the column holds it at its aspect")
    }
}
